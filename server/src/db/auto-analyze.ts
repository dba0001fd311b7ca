/**
 * PGlite runs no autovacuum daemon, so nothing would refresh the planner's statistics as tables grow:
 * the planner then guesses from the sizes it saw last. Measured on a chat that grew from 0 to 3,000
 * messages since the last ANALYZE: whose move (tasks/whose-move.ts) sorted the whole chat instead of
 * reading one index entry, 16 ms against 0.12 ms, on every card and tab read. This does what
 * PostgreSQL's autovacuum does for statistics: every interval it asks which tables changed by more than
 * autovacuum's default threshold (50 rows + 10 % of the table) since their last ANALYZE, and analyses
 * only those. The server's own statistics are flushed lazily (about a second after a transaction), so a
 * change is seen by the check after next at worst.
 */
import { sql } from 'kysely';
import type { Db } from './connection.js';

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const BASE_THRESHOLD = 50;
const SCALE_FACTOR = 0.1;

/** The tables whose statistics are out of date, by autovacuum's rule. */
export async function staleTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    select relname from pg_stat_user_tables
    where n_mod_since_analyze > ${sql.lit(BASE_THRESHOLD)} + ${sql.lit(SCALE_FACTOR)} * n_live_tup
    order by relname`.execute(db);
  return rows.map((row) => row.relname);
}

/** Analyses the stale tables; answers which ones. Through Kysely, so ANALYZE waits for a transaction in progress. */
export async function analyzeStale(db: Db): Promise<string[]> {
  const tables = await staleTables(db);
  if (tables.length > 0) await sql`ANALYZE ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
  return tables;
}

/**
 * Analyses every table: as PGlite opens, and after a bulk load (the demo, a benchmark project), before
 * the first reader. Through Kysely, so ANALYZE waits for a transaction in progress. PostgreSQL's autovacuum would get there within a minute or so; until then the planner
 * guesses from an empty table.
 */
export async function analyzeAll(db: Db): Promise<void> {
  await sql`ANALYZE`.execute(db);
}

/** Checks every `intervalMs` until the answered function is called; a failed check leaves the next one to try. */
export function startAutoAnalyze(db: Db, intervalMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void analyzeStale(db)
      .catch(() => {})
      .finally(() => (running = false));
  }, intervalMs).unref();
  return () => clearInterval(timer);
}
