import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

export interface CounterState {
  count: number;
  /** Seconds until the key's window ends and its count starts again from nothing (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts one more event for a key in a fixed window that starts with the key's first event; answers
 * the new count. One statement (INSERT … ON CONFLICT DO UPDATE … RETURNING) reads and counts at once,
 * so parallel callers each see a different count: none of them can pass a limit that none has counted.
 */
export async function incrementCounter(db: Db, key: string, windowSeconds: number): Promise<CounterState> {
  const expired = sql<boolean>`rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: sql`now()`, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`CASE WHEN ${expired} THEN 1 ELSE rate_limits.count + 1 END`,
        window_start: sql`CASE WHEN ${expired} THEN now() ELSE rate_limits.window_start END`,
      }),
    )
    .returning('count')
    .returning(
      sql<number>`greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int`.as('retryAfterSeconds'),
    )
    .executeTakeFirstOrThrow();
  return { count: row.count, retryAfterSeconds: row.retryAfterSeconds };
}

/** Gives one event back (an attempt that turned out not to count); never below zero. */
export async function decrementCounter(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql`greatest(rate_limits.count - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
