/**
 * A timer that runs its job once across server processes (issue 18). Every process keeps the timer,
 * so the job goes on when any of them stops; at each tick a process asks the database for the run
 * (`claimRun`), and only the one that finds the job due gets it. A run cut by a dying process is not
 * retried early: the next one comes at the next interval, and the jobs are written to take up whatever
 * an earlier run left (each step is its own transaction with its own check).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * Processes tick at their own phases; a claim books the next run a little before the next tick would
 * come, so the job runs about once per interval instead of slipping towards every second interval.
 */
const NEXT_RUN_SHARE = 0.8;

/**
 * Claims the job's run due now: true for exactly one caller per interval across every process on the
 * database. The clock is the database's, so processes on machines whose clocks differ agree.
 */
export async function claimRun(db: Db, name: string, intervalMs: number): Promise<boolean> {
  const next = sql<Date>`now() + make_interval(secs => ${(intervalMs * NEXT_RUN_SHARE) / 1000})`;
  const claimed = await db
    .insertInto('job_schedule')
    .values({ name, next_run_at: next })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ next_run_at: next })
        .where('job_schedule.next_run_at', '<=', sql<Date>`now()`),
    )
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

export interface SharedTimerOptions {
  name: string;
  intervalMs: number;
  /** Try at once on start (a job that may have waited through a restart). */
  runAtStart?: boolean;
  log: { error(object: object, message: string): void };
}

/** Starts the timer; the answered function stops it and waits for a run under way. */
export function startSharedTimer(db: Db, options: SharedTimerOptions, run: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = claimRun(db, options.name, options.intervalMs)
      .then((claimed) => (claimed ? run() : undefined))
      .catch((error: unknown) => options.log.error({ err: error, job: options.name }, 'shared timer run failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  if (options.runAtStart) tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
