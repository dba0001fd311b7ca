/**
 * The chats' timed work: a client's message that has waited for staff longer than CHAT_WAITING_MINUTES
 * tells the task's managers (once per message: the chat row remembers the last one told, taken with a
 * conditional update, so several server processes tell once), and the live events' log forgets what
 * is older than EVENT_LOG_HOURS (a browser that far behind reloads instead of catching up). The timer
 * is shared across processes (infra/jobs/shared-timer.ts): one process makes each pass.
 */
import type { Db } from '../../db/connection.js';
import { startSharedTimer } from '../../infra/jobs/shared-timer.js';
import type { EventLog } from '../../infra/realtime/event-log.js';
import type { Notifier } from '../notifications/index.js';
import { managersOfProject, takeWaitingAlert, waitingForStaff } from './repo.js';

const BATCH = 100;

export interface ChatJobOptions {
  waitingMinutes: number;
  eventLogHours: number;
  log: { error(object: object, message: string): void };
}

export class ChatJobs {
  private stopTimer: (() => Promise<void>) | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly notifications: Notifier,
    private readonly events: Pick<EventLog, 'prune'>,
    private readonly options: ChatJobOptions,
  ) {}

  start(intervalSeconds: number): void {
    this.stopTimer ??= startSharedTimer(this.db, { name: 'chats.jobs', intervalMs: intervalSeconds * 1000, log: this.options.log }, () => this.tick());
  }

  async stop(): Promise<void> {
    await this.stopTimer?.();
    this.stopTimer = null;
    await this.running;
  }

  /** One pass of both jobs; overlapping ticks share the pass under way. */
  tick(now: Date = new Date()): Promise<void> {
    this.running ??= this.pass(now)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'chat jobs pass failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Answers how many managers' alerts it wrote. */
  async alertWaiting(now: Date = new Date()): Promise<number> {
    let told = 0;
    const before = new Date(now.getTime() - this.options.waitingMinutes * 60_000);
    for (const waiting of await waitingForStaff(this.db, before, BATCH)) {
      told += await this.db.transaction().execute(async (trx) => {
        if (!(await takeWaitingAlert(trx, waiting.chatId, waiting.messageId))) return 0;
        const managers = await managersOfProject(trx, waiting.projectId);
        // The pm runs the task; an am stands in when the project has no pm.
        const pms = managers.filter((manager) => manager.role === 'pm');
        const userIds = (pms.length > 0 ? pms : managers).map((manager) => manager.user_id);
        if (userIds.length === 0) return 0;
        const recipients = await this.notifications.notify(trx, { kind: 'chat_waiting', actorId: null, taskId: waiting.taskId, userIds });
        return recipients.length;
      });
    }
    return told;
  }

  private async pass(now: Date): Promise<void> {
    await this.alertWaiting(now);
    await this.events.prune(new Date(now.getTime() - this.options.eventLogHours * 3600_000));
  }
}
