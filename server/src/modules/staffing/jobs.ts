/**
 * The staffing SLA's watch (issue 31): a project with a published task and still no am or pm past
 * creation + SLA_STAFFING_HOURS is reported to the operators once. The timer is shared
 * (infra/jobs/shared-timer.ts), so one process makes each pass; the projects are taken with SKIP LOCKED
 * and stamped (projects.staffing_reported_at) in the transaction that notifies.
 */
import type { Db } from '../../db/connection.js';
import { startSharedTimer } from '../../infra/jobs/shared-timer.js';
import type { StaffingService } from './service.js';

export class StaffingJobs {
  private stopTimer: (() => Promise<void>) | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly staffing: StaffingService,
    private readonly log: { error(object: object, message: string): void },
  ) {}

  start(intervalSeconds: number): void {
    this.stopTimer ??= startSharedTimer(this.db, { name: 'staffing.report-overdue', intervalMs: intervalSeconds * 1000, log: this.log }, () => this.tick());
  }

  async stop(): Promise<void> {
    await this.stopTimer?.();
    this.stopTimer = null;
    await this.running;
  }

  /** One pass; answers how many projects it reported. Overlapping ticks share the pass under way. */
  tick(now: Date = new Date()): Promise<number> {
    this.running ??= this.staffing
      .reportOverdue(now)
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'staffing overdue pass failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
