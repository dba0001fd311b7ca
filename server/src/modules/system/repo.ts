import type { Db } from '../../db/connection.js';

export async function insertClientLog(db: Db, entry: { userId: number | null; code: string; message: string; userAgent: string | null }): Promise<void> {
  await db.insertInto('client_logs').values({ user_id: entry.userId, code: entry.code, message: entry.message, user_agent: entry.userAgent }).execute();
}
