/**
 * The workflow's port to notifications (decisions 6): each step tells the people concerned, inside the
 * step's transaction, so a notice exists exactly when the step committed. The workflow decides who is
 * concerned; the notifications module (wired in services.ts) writes and delivers the notifications.
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

/** What the workflow needs of the notifications module (its front door's `notify`). */
export interface NotificationsPort {
  notify(
    trx: Db,
    input: { kind: 'task_action'; actorId: number | null; userIds: number[]; taskId: number; projectId: number; payload: { action: string } },
  ): Promise<unknown>;
}

/** The notifications module as the workflow's port: one `task_action` notification per recipient, named by the action. */
export class NotificationsNotifier implements WorkflowNotifier {
  constructor(private readonly notifications: NotificationsPort) {}

  async notify(trx: Db, notice: WorkflowNotice): Promise<void> {
    if (notice.userIds.length === 0) return;
    await this.notifications.notify(trx, {
      kind: 'task_action',
      actorId: notice.actorId,
      userIds: notice.userIds,
      taskId: notice.taskId,
      projectId: notice.projectId,
      payload: { action: notice.kind.slice('task.'.length) },
    });
  }
}
