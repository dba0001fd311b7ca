import { sql } from 'kysely';
import { openTestDatabase } from '../test/test-database.js';
import { analyzeStale, staleTables } from './auto-analyze.js';
import type { DatabaseHandle } from './connection.js';

/** The planner's idea of a table's size: what ANALYZE wrote last (-1 = never analysed). */
async function plannerRows(database: DatabaseHandle, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT reltuples::int AS n FROM pg_class WHERE relname = ${table}`.execute(database.db);
  return rows[0]!.n;
}

/** The engine counts changes lazily (about a second after a transaction): wait until it names the table. */
async function untilStale(database: DatabaseHandle, table: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await staleTables(database.db)).includes(table)) {
    if (Date.now() > deadline) throw new Error(`${table} was never counted as changed`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('statistics kept fresh without autovacuum', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    // On PostgreSQL, autovacuum must not analyse the table in the middle of the test.
    await sql`CREATE TABLE analyze_probe (id integer) WITH (autovacuum_enabled = false)`.execute(database.db);
    await sql`ANALYZE analyze_probe`.execute(database.db);
  });
  afterAll(() => database.close());

  it('analyses a table that grew past the threshold, and only then', async () => {
    await sql`INSERT INTO analyze_probe SELECT generate_series(1, 3000)`.execute(database.db);
    await untilStale(database, 'analyze_probe');
    expect(await plannerRows(database, 'analyze_probe')).toBeLessThan(3000);

    expect(await analyzeStale(database.db)).toContain('analyze_probe');
    expect(await plannerRows(database, 'analyze_probe')).toBe(3000);

    // 30 more rows are under 50 + 10 % of 3,000: the statistics are close enough, nothing is analysed.
    await sql`INSERT INTO analyze_probe SELECT generate_series(1, 30)`.execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await staleTables(database.db)).not.toContain('analyze_probe');
  });
});
