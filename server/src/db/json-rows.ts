/**
 * Big reads as one JSON document: PGlite decodes result rows one at a time in JavaScript, so a board of
 * 2,000 cards costs several times more as 2,000 rows than as one `json_agg` row (measured: 20 ms for
 * the ids alone, 8 ms for whole cards as JSON). node-postgres gains too, with fewer, larger messages.
 * JSON has no timestamps: select them as unix seconds (`epochSeconds`), as the API sends them.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from './connection.js';

/**
 * A timestamptz column as unix seconds, floored like lib/time.ts `toUnix` (null stays null). date_part
 * answers float8: `extract` answers numeric, several times slower over a board's 2,000 cards.
 */
export function epochSeconds(column: string): RawBuilder<number | null> {
  return sql<number | null>`floor(date_part('epoch', ${sql.ref(column)}))::int8`;
}

/** Runs the query as one row holding its result as a JSON array, in the given order of its own columns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select of the schema may be wrapped
export async function selectAsJson<Row>(db: Db, query: SelectQueryBuilder<any, any, any>, orderBy: string[]): Promise<Row[]> {
  const order = sql.join(orderBy.map((column) => sql.ref(`q.${column}`)));
  const result = await db
    .selectFrom(query.as('q'))
    .select(sql<Row[] | null>`json_agg(q ORDER BY ${order})`.as('rows'))
    .executeTakeFirst();
  return result?.rows ?? [];
}
