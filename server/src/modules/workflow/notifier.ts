/**
 * The workflow's port to notifications (decisions 6): each step tells the people concerned, inside the
 * step's transaction, so a notice exists exactly when the step committed. The notifications module
 * implements this port; until it is wired in services.ts, `RecordingNotifier` keeps the notices in
 * memory and logs them.
 */
import type { Db } from '../../db/connection.js';
import type { RowName } from './table.js';

export interface WorkflowNotice {
  userIds: number[];
  /** `task.<action>`: what happened, for the notification's text. */
  kind: `task.${RowName}`;
  taskId: number;
  projectId: number;
  actorId: number | null;
}

export interface WorkflowNotifier {
  notify(trx: Db, notice: WorkflowNotice): Promise<void>;
}

/** Keeps the last notices (a bounded list) and logs each; a stand-in until the notifications module arrives. */
export class RecordingNotifier implements WorkflowNotifier {
  private static readonly KEEP = 1000;
  readonly notices: WorkflowNotice[] = [];

  constructor(private readonly log?: { info(object: object, message: string): void }) {}

  async notify(_trx: Db, notice: WorkflowNotice): Promise<void> {
    this.notices.push(notice);
    if (this.notices.length > RecordingNotifier.KEEP) this.notices.shift();
    this.log?.info({ notice }, 'workflow notice');
  }
}
