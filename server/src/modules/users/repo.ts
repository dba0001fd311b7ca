import type { Currency, EmailChannel } from '@negayno/shared/contract';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { NewUser, UserRow, UsersTable } from '../../db/schema.js';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many accounts came in by this user's promo code (the partner program). */
export async function countInvitedBy(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('invited_by', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function emailIsTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The currency of the user's account: what their new projects and wallet count in. */
export async function accountCurrencyOf(db: Db, userId: number): Promise<Currency> {
  const row = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.currency;
}

export function findUserByEmail(db: Db, email: string): Promise<Pick<UserRow, 'id' | 'role' | 'email' | 'firstname' | 'lastname'> | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'firstname', 'lastname'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Which of the nicknames are taken, in lower case (nicknames are unique regardless of case). */
export async function takenNicknames(db: Db, nicknames: string[]): Promise<Set<string>> {
  if (nicknames.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(nickname)`.as('nickname'))
    .where(
      sql<string>`lower(nickname)`,
      'in',
      nicknames.map((nickname) => nickname.toLowerCase()),
    )
    .execute();
  return new Set(rows.map((row) => row.nickname));
}

/** The profile's editable columns; an undefined field is left as it is. */
export type UserPatch = Partial<
  Updateable<
    Pick<
      UsersTable,
      | 'firstname'
      | 'lastname'
      | 'phone'
      | 'double_spaces'
      | 'notify_all_tasks'
      | 'language'
      | 'theme'
      | 'avatar_path'
      | 'email_enabled'
      | 'email_tasks'
      | 'email_chat'
      | 'email_money'
      | 'email_invitations'
      // An account's closing (closing.ts) erases and deactivates it.
      | 'email'
      | 'password_hash'
      | 'nickname'
      | 'promo_code'
      | 'deactivated_at'
    >
  >
>;

export async function updateUser(db: Db, userId: number, patch: UserPatch): Promise<void> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  await db
    .updateTable('users')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** First and last name of users, for texts that name them (notifications). */
export function namesOf(db: Db, userIds: number[]): Promise<Array<Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'language'>>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'firstname', 'lastname', 'language']).where('id', 'in', userIds).execute();
}

/** A user's email choices as the profile shows them. */
export function emailChannelOf(user: Pick<UserRow, 'email_enabled' | 'email_tasks' | 'email_chat' | 'email_money' | 'email_invitations'>): EmailChannel {
  return { enabled: user.email_enabled, tasks: user.email_tasks, chat: user.email_chat, money: user.email_money, invitations: user.email_invitations };
}

/** Of these users, the email choices of each (who gets which events by email). */
export async function emailChannelsOf(db: Db, userIds: number[]): Promise<Map<number, EmailChannel>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email_enabled', 'email_tasks', 'email_chat', 'email_money', 'email_invitations'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, emailChannelOf(row)]));
}

/** The unsubscribe link: no email at all from now on (the groups' choices are kept for a later return). */
export async function turnEmailOff(db: Db, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_enabled: false, updated_at: sql`now()` })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
