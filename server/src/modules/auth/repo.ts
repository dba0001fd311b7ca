import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AuthUser } from '../../lib/auth-user.js';

export interface Credentials {
  user: AuthUser;
  passwordHash: string;
}

/** A deactivated account (issue 31) has no credentials: it cannot sign in nor recover its password. */
export async function findCredentials(db: Db, email: string): Promise<Credentials | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'password_hash', 'is_operator'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return row && { user: { id: row.id, role: row.role, email: row.email, operator: row.is_operator }, passwordHash: row.password_hash };
}

export interface SessionLifetime {
  /** How far each use moves the expiry. */
  ttlSeconds: number;
  /** The expiry never moves past sign-in plus this. */
  absoluteSeconds: number;
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; userId: number; lifetime: SessionLifetime; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      expires_at: sql`now() + make_interval(secs => ${Math.min(session.lifetime.ttlSeconds, session.lifetime.absoluteSeconds)})`,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export interface ActiveSession {
  user: AuthUser;
  /** Last touched longer ago than the touch interval: time to slide the expiry. */
  isStale: boolean;
  /** When it ends unless it slides, in ms since the epoch (its expiry or its absolute cap, the earlier). */
  endsAtMs: number;
}

/** A live session: not expired, younger than its absolute cap, of an account that is not deactivated. */
export async function findActiveSession(db: Db, tokenHash: string, touchIntervalSeconds: number, absoluteSeconds: number): Promise<ActiveSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.role', 'u.email', 'u.is_operator'])
    .select(sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${touchIntervalSeconds})`.as('isStale'))
    .select(sql<number>`floor(extract(epoch from least(s.expires_at, s.created_at + make_interval(secs => ${absoluteSeconds}))) * 1000)::int8`.as('endsAtMs'))
    .where('s.token_hash', '=', tokenHash)
    .where('u.deactivated_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.created_at', '>', sql<Date>`now() - make_interval(secs => ${absoluteSeconds})`)
    .executeTakeFirst();
  return row && { user: { id: row.id, role: row.role, email: row.email, operator: row.is_operator }, isStale: row.isStale, endsAtMs: row.endsAtMs };
}

/** Slides the session's expiry (never past its absolute cap) and marks its user as seen (which is what "online" reads). */
export async function touchSession(db: Db, tokenHash: string, userId: number, lifetime: SessionLifetime): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({
        last_seen_at: sql`now()`,
        expires_at: sql`least(now() + make_interval(secs => ${lifetime.ttlSeconds}), created_at + make_interval(secs => ${lifetime.absoluteSeconds}))`,
      })
      .where('token_hash', '=', tokenHash)
      .execute();
    await trx
      .updateTable('users')
      .set({ last_seen_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  });
}

export async function deleteSession(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('user_id').executeTakeFirst();
  return row?.user_id;
}

export async function deleteExpiredSessions(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

/** Ends every session of a user; answers their token hashes (to close their sockets). */
/** Every session of a user, or every one but `keepTokenHash`. */
export async function deleteSessionsOf(db: Db, userId: number, keepTokenHash?: string): Promise<string[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '<>', keepTokenHash);
  const rows = await query.returning('token_hash').execute();
  return rows.map((row) => row.token_hash);
}

/** Which of these token hashes belong to sessions that have not ended (expired, or past their absolute cap). */
export async function activeTokenHashes(db: Db, tokenHashes: string[], absoluteSeconds: number): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('token_hash', 'in', tokenHashes)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${absoluteSeconds})`)
    .execute();
  return new Set(rows.map((row) => row.token_hash));
}
