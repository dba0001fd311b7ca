/** Every query of the notifications module's tables: notifications, their deliveries and log, Telegram channels. */
import type { NotificationKind, NotificationPayload } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { DeliveryChannel } from '../../db/schema.js';

export interface NotificationRow {
  id: number;
  userId: number;
  kind: NotificationKind;
  projectId: number | null;
  taskId: number | null;
  payload: NotificationPayload;
  createdAt: Date;
  dateViewed: Date | null;
}

const NOTIFICATION_COLUMNS = [
  'id',
  'user_id as userId',
  'kind',
  'project_id as projectId',
  'task_id as taskId',
  'payload',
  'created_at as createdAt',
  'date_viewed as dateViewed',
] as const;

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  actorId: number | null;
  projectId: number | null;
  taskId: number | null;
  payload: NotificationPayload;
}

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<Array<{ id: number; userId: number }>> {
  if (rows.length === 0) return [];
  return db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        user_id: row.userId,
        kind: row.kind,
        actor_id: row.actorId,
        project_id: row.projectId,
        task_id: row.taskId,
        payload: JSON.stringify(row.payload),
      })),
    )
    .returning(['id', 'user_id as userId'])
    .execute();
}

export async function insertDeliveries(db: Db, rows: Array<{ notificationId: number; channel: DeliveryChannel }>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_deliveries')
    .values(rows.map((row) => ({ notification_id: row.notificationId, channel: row.channel })))
    .execute();
}

/** The newest first, `limit + 1` rows so the caller knows whether there is more; `beforeId` pages on. */
export async function notificationsOf(db: Db, userId: number, limit: number, beforeId?: number): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').select(NOTIFICATION_COLUMNS).where('user_id', '=', userId);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute() as Promise<NotificationRow[]>;
}

export function findNotification(db: Db, id: number): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').select(NOTIFICATION_COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<NotificationRow | undefined>;
}

/** Marks one as viewed (the first view's time stays). */
export async function markViewed(db: Db, userId: number, id: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ date_viewed: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('date_viewed', 'is', null)
    .execute();
}

export async function markAllViewed(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ date_viewed: sql`now()` })
    .where('user_id', '=', userId)
    .where('date_viewed', 'is', null)
    .execute();
}

export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('date_viewed', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- The outbox -------------------------------------------------------------------------------------

export interface ClaimedDelivery {
  id: number;
  channel: DeliveryChannel;
  attempts: number;
  notificationId: number;
  userId: number;
  kind: NotificationKind;
  payload: NotificationPayload;
  taskId: number | null;
  projectId: number | null;
}

/**
 * Takes up to `limit` due deliveries for this process (email goes its own way, batched per person:
 * email/repo.ts): pending ones whose time has come, and ones whose
 * worker's lease ran out (it died mid-delivery). FOR UPDATE SKIP LOCKED makes two processes claiming at
 * once take different rows; the lease (status `sending`) keeps them from being claimed again while
 * this process delivers them outside the transaction.
 */
export async function claimDueDeliveries(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    WITH due AS (
      SELECT id FROM notification_deliveries
      WHERE channel <> 'email' AND ((status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND lease_until < now()))
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE notification_deliveries AS d
    SET status = 'sending', attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
    FROM due, notifications AS n
    WHERE d.id = due.id AND n.id = d.notification_id
    RETURNING d.id, d.channel, d.attempts, n.id AS "notificationId", n.user_id AS "userId", n.kind, n.payload,
      n.task_id AS "taskId", n.project_id AS "projectId"`.execute(db);
  return result.rows.sort((a, b) => a.id - b.id);
}

export type DeliveryOutcome =
  | { outcome: 'sent' }
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'failed'; error: string; httpStatus: number | null }
  | { outcome: 'retry'; error: string; httpStatus: number | null; retryAt: Date };

/** Records the attempt in the log and settles the delivery, if this process still holds it. */
export async function settleDelivery(db: Db, delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>, result: DeliveryOutcome, durationMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const error = 'error' in result ? result.error.slice(0, 1000) : 'reason' in result ? result.reason : null;
    await trx
      .insertInto('notification_delivery_log')
      .values({
        delivery_id: delivery.id,
        attempt: delivery.attempts,
        outcome: result.outcome,
        http_status: 'httpStatus' in result ? result.httpStatus : null,
        error,
        duration_ms: Math.round(durationMs),
      })
      .execute();
    const base = trx.updateTable('notification_deliveries').where('id', '=', delivery.id).where('status', '=', 'sending');
    if (result.outcome === 'retry') {
      await base.set({ status: 'pending', lease_until: null, next_attempt_at: result.retryAt, last_error: error }).execute();
    } else {
      await base
        .set({
          status: result.outcome,
          lease_until: null,
          sent_at: result.outcome === 'sent' ? sql`now()` : null,
          last_error: error,
        })
        .execute();
    }
  });
}

/** A delivery's attempts, oldest first (the log, for tests and the operator). */
export function deliveryLogOf(db: Db, notificationId: number, channel: DeliveryChannel) {
  return db
    .selectFrom('notification_delivery_log as l')
    .innerJoin('notification_deliveries as d', 'd.id', 'l.delivery_id')
    .select(['l.attempt', 'l.outcome', 'l.http_status as httpStatus', 'l.error', 'd.status'])
    .where('d.notification_id', '=', notificationId)
    .where('d.channel', '=', channel)
    .orderBy('l.id')
    .execute();
}

/** Wakes every process's outbox worker once the calling transaction commits (PostgreSQL NOTIFY). */
export const OUTBOX_CHANNEL = 'negayno_notification_outbox';

export async function signalOutbox(db: Db): Promise<void> {
  await sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`.execute(db);
}

// ---- Telegram channels ------------------------------------------------------------------------------

export interface TelegramChannelRow {
  userId: number;
  chatId: number | null;
  username: string | null;
  enabled: boolean;
  blockedAt: Date | null;
}

const CHANNEL_COLUMNS = ['user_id as userId', 'chat_id as chatId', 'username', 'enabled', 'blocked_at as blockedAt'] as const;

export function telegramChannelOf(db: Db, userId: number): Promise<TelegramChannelRow | undefined> {
  return db.selectFrom('telegram_channels').select(CHANNEL_COLUMNS).where('user_id', '=', userId).executeTakeFirst() as Promise<TelegramChannelRow | undefined>;
}

/** Of these users, the ones whose Telegram channel is linked and on. */
export async function usersWithTelegram(db: Db, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('telegram_channels')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('enabled', '=', true)
    .where('chat_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** A new one-time link token replaces any earlier one; the link itself (chat) is kept until unlinked. */
export async function saveLinkToken(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('telegram_channels')
    .values({ user_id: userId, link_token_hash: tokenHash, link_token_expires_at: expiresAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ link_token_hash: tokenHash, link_token_expires_at: expiresAt }))
    .execute();
}

/**
 * Binds a chat to the account whose unexpired token this is, and spends the token: answers the user,
 * or undefined for a wrong, used or expired token. A chat belongs to one account: linking it elsewhere
 * unlinks it here.
 */
export async function bindChat(db: Db, tokenHash: string, chatId: number, username: string | null): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('telegram_channels')
      .select('user_id')
      .where('link_token_hash', '=', tokenHash)
      .where('link_token_expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx.deleteFrom('telegram_channels').where('chat_id', '=', chatId).where('user_id', '<>', row.user_id).execute();
    await trx
      .updateTable('telegram_channels')
      .set({
        chat_id: chatId,
        username,
        enabled: true,
        blocked_at: null,
        linked_at: sql`now()`,
        link_token_hash: null,
        link_token_expires_at: null,
      })
      .where('user_id', '=', row.user_id)
      .execute();
    return row.user_id;
  });
}

/** Answers whether the user has a linked channel to switch. Turning it on clears a block. */
export async function setTelegramEnabled(db: Db, userId: number, enabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable('telegram_channels')
    .set(enabled ? { enabled, blocked_at: null } : { enabled })
    .where('user_id', '=', userId)
    .where('chat_id', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Telegram said 403 for this chat: the channel turns off and remembers why. */
export async function markTelegramBlocked(db: Db, userId: number, chatId: number): Promise<void> {
  await db
    .updateTable('telegram_channels')
    .set({ enabled: false, blocked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('chat_id', '=', chatId)
    .execute();
}

export async function deleteTelegramLink(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('telegram_channels').where('user_id', '=', userId).where('chat_id', 'is not', null).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The long poll's lease: answers the next update offset when this process holds (or just took) the
 * poll, or null while another live process holds it.
 */
export async function claimPoll(db: Db, holder: string, leaseSeconds: number): Promise<number | null> {
  const row = await db
    .updateTable('telegram_poll_state')
    .set({ holder, lease_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('holder', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .returning('update_offset')
    .executeTakeFirst();
  return row ? Number(row.update_offset) : null;
}

export async function savePollOffset(db: Db, holder: string, offset: number): Promise<void> {
  await db.updateTable('telegram_poll_state').set({ update_offset: offset }).where('id', '=', 1).where('holder', '=', holder).execute();
}

export async function releasePoll(db: Db, holder: string): Promise<void> {
  await db.updateTable('telegram_poll_state').set({ holder: null, lease_until: null }).where('id', '=', 1).where('holder', '=', holder).execute();
}

/** Forgets the user's Telegram channel, linked or half-linked (their account is closing). */
export async function forgetTelegramOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('telegram_channels').where('user_id', '=', userId).execute();
}
