/**
 * Timed jobs run once across processes (issue 18): of several callers claiming the same run at once
 * (each with its own connections on PostgreSQL, as separate processes would be), exactly one gets it;
 * nobody gets it again before the interval, and the next interval's run is claimed once more.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import { openTestDatabase } from '../../test/test-database.js';
import { claimRun, startSharedTimer } from './shared-timer.js';

describe('claimRun and startSharedTimer', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('gives one run per interval to exactly one of many callers', async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimRun(database.db, 'test.once', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(database.db, 'test.once', 60_000)).toBe(false);
    // The interval has passed (the booked run moved into the past).
    await sql`UPDATE job_schedule SET next_run_at = now() - interval '1 second' WHERE name = 'test.once'`.execute(database.db);
    const next = await Promise.all(Array.from({ length: 8 }, () => claimRun(database.db, 'test.once', 60_000)));
    expect(next.filter(Boolean)).toHaveLength(1);
  });

  it('runs the job of several timers on one database once per interval', async () => {
    let runs = 0;
    const log = { error: (object: object) => console.error(object) };
    const stops = Array.from({ length: 3 }, () =>
      startSharedTimer(database.db, { name: 'test.timers', intervalMs: 60_000, runAtStart: true, log }, async () => {
        runs += 1;
      }),
    );
    await Promise.all(stops.map((stop) => stop()));
    expect(runs).toBe(1);
  });
});
