import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

export async function insertClientLog(db: Db, entry: { userId: number | null; code: string; message: string; userAgent: string | null }): Promise<void> {
  await db.insertInto('client_logs').values({ user_id: entry.userId, code: entry.code, message: entry.message, user_agent: entry.userAgent }).execute();
}

/** The cheapest round trip to the database. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
