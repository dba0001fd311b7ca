/**
 * Time-driven steps (decisions 3): a task in work whose dateAutoSendForCheck has come goes to testing.
 * The due date lives in the task row, so a restart loses nothing; each task is taken under its row lock
 * with SKIP LOCKED and its status checked again inside the step, so with several server processes a
 * task moves exactly once; the timer itself is shared (infra/jobs/shared-timer.ts), so one process
 * makes each pass. Expirations need no job: the card's colour is computed from them on read.
 */
import type { Db } from '../../db/connection.js';
import { startSharedTimer } from '../../infra/jobs/shared-timer.js';
import { dueForCheck, lockTaskIfFree } from './repo.js';
import type { WorkflowService } from './service.js';

const BATCH = 50;

export class WorkflowScheduler {
  private stopTimer: (() => Promise<void>) | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly workflow: WorkflowService,
    private readonly log: { error(object: object, message: string): void },
  ) {}

  start(intervalSeconds: number): void {
    this.stopTimer ??= startSharedTimer(
      this.db,
      { name: 'workflow.send-due-for-check', intervalMs: intervalSeconds * 1000, runAtStart: true, log: this.log },
      () => this.tick(),
    );
  }

  async stop(): Promise<void> {
    await this.stopTimer?.();
    this.stopTimer = null;
    await this.running;
  }

  /** One pass; answers how many tasks it moved. Overlapping ticks share the pass under way. */
  tick(now: Date = new Date()): Promise<number> {
    this.running ??= this.sendDueForCheck(now)
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'workflow scheduler pass failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async sendDueForCheck(now: Date): Promise<number> {
    let moved = 0;
    for (const { id } of await dueForCheck(this.db, now, BATCH)) {
      const done = await this.db.transaction().execute(async (trx) => {
        const task = await lockTaskIfFree(trx, id);
        if (!task || task.date_auto_send_for_check === null || task.date_auto_send_for_check > now) return null;
        return this.workflow.systemAction(trx, 'to-test', task);
      });
      if (done) {
        await this.workflow.announce(done);
        moved += 1;
      }
    }
    return moved;
  }
}
