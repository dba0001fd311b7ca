import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** Counts one more event for a key in a fixed window that starts with the key's first event; answers the count. */
export async function incrementCounter(db: Db, key: string, windowSeconds: number): Promise<number> {
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
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The count of the key's current window (0 when it has none or it has passed). */
export async function currentCount(db: Db, key: string, windowSeconds: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where(sql<boolean>`window_start > now() - make_interval(secs => ${windowSeconds})`)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
