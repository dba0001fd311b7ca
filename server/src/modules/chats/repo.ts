import { DEFAULT_LANGUAGE, systemNoteHtml, type ChatKey, type SystemNote } from '@negayno/shared/contract';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { MessageFilesTable } from '../../db/schema.js';

/** Creates the task's `main` and `work` chats unless they exist (a task may enter discussion twice). */
export async function createTaskChats(db: Db, taskId: number): Promise<void> {
  await db
    .insertInto('chats')
    .values([
      { task_id: taskId, key: 'main' },
      { task_id: taskId, key: 'work' },
    ])
    .onConflict((oc) => oc.columns(['task_id', 'key']).doNothing())
    .execute();
}

export async function chatIdOf(db: Db, taskId: number, key: ChatKey): Promise<number | null> {
  const row = await db.selectFrom('chats').select('id').where('task_id', '=', taskId).where('key', '=', key).executeTakeFirst();
  return row?.id ?? null;
}

/** A life-cycle line: its note for each reader's language, and its HTML in the default language as the body. */
export function insertSystemMessage(db: Db, chatId: number, note: SystemNote, deadline: Date | null) {
  return db
    .insertInto('messages')
    .values({ chat_id: chatId, author_id: null, body: systemNoteHtml(note, DEFAULT_LANGUAGE), system_note: JSON.stringify(note), date_deadline: deadline })
    .returning(['id', 'chat_id', 'body', 'date_deadline', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
}

export type SystemMessageRow = Awaited<ReturnType<typeof insertSystemMessage>>;

export function messagesOf(db: Db, chatId: number) {
  return db.selectFrom('messages').select(['id', 'author_id', 'body', 'date_deadline', 'created_at']).where('chat_id', '=', chatId).orderBy('id').execute();
}

export function findChat(db: Db, chatId: number) {
  return db.selectFrom('chats').select(['id', 'task_id', 'key']).where('id', '=', chatId).executeTakeFirst();
}

export function chatsOfTask(db: Db, taskId: number) {
  return db.selectFrom('chats').select(['id', 'task_id', 'key']).where('task_id', '=', taskId).orderBy('id').execute();
}

export type ChatRef = NonNullable<Awaited<ReturnType<typeof findChat>>>;

const MESSAGE_COLUMNS = [
  'm.id',
  'm.chat_id',
  'm.author_id',
  'm.body',
  'm.parent_id',
  'm.quote',
  'm.temp_id',
  'm.system_note',
  'm.date_deadline',
  'm.created_at',
  'm.updated_at',
  'm.deleted_at',
] as const;

/** Messages with their author's name, picture, colour and role in the task's project (a client's project role). */
function messagesWithAuthors(db: Db, projectId: number) {
  return db
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .leftJoin('project_members as pm', (join) => join.onRef('pm.user_id', '=', 'm.author_id').on('pm.project_id', '=', projectId))
    .select([...MESSAGE_COLUMNS, 'u.firstname', 'u.lastname', 'u.avatar_path', 'u.color', 'u.role as account_role', 'pm.role as member_role']);
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesWithAuthors>['execute']>>[number];

/** One page of a chat, newest first from the database (the service turns it oldest first): `limit + 1` tells whether more exist. */
export function messagePage(db: Db, projectId: number, chatId: number, limit: number, before?: number): Promise<MessageRow[]> {
  let query = messagesWithAuthors(db, projectId).where('m.chat_id', '=', chatId);
  if (before !== undefined) query = query.where('m.id', '<', before);
  return query
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export function messagesByIds(db: Db, projectId: number, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return messagesWithAuthors(db, projectId).where('m.id', 'in', ids).execute();
}

/** A message with the chat and task it belongs to (every message call starts here). */
export function findMessage(db: Db, messageId: number) {
  return db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.id', 'm.chat_id', 'm.author_id', 'm.body', 'm.created_at', 'm.deleted_at', 'c.task_id', 'c.key'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
}

export type MessageRef = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export function findByTempId(db: Db, chatId: number, authorId: number, tempId: string) {
  return db
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', chatId)
    .where('author_id', '=', authorId)
    .where('temp_id', '=', tempId)
    .executeTakeFirst();
}

export interface NewMessage {
  chatId: number;
  authorId: number;
  body: string;
  parentId: number | null;
  quote: string | null;
  tempId: string | null;
}

export async function insertMessage(db: Db, message: NewMessage): Promise<number> {
  const row = await db
    .insertInto('messages')
    .values({
      chat_id: message.chatId,
      author_id: message.authorId,
      body: message.body,
      parent_id: message.parentId,
      quote: message.quote,
      temp_id: message.tempId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMessageFile(db: Db, file: Insertable<MessageFilesTable>): Promise<void> {
  await db.insertInto('message_files').values(file).execute();
}

export function filesOf(db: Db, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('message_files').selectAll().where('message_id', 'in', messageIds).execute();
}

export function fileOf(db: Db, messageId: number) {
  return db.selectFrom('message_files').selectAll().where('message_id', '=', messageId).executeTakeFirst();
}

export type MessageFileRow = NonNullable<Awaited<ReturnType<typeof fileOf>>>;

export async function updateMessageText(db: Db, messageId: number, body: string): Promise<void> {
  await db.updateTable('messages').set({ body, updated_at: new Date() }).where('id', '=', messageId).execute();
}

export async function setDeleted(db: Db, messageId: number, deletedAt: Date | null): Promise<void> {
  await db.updateTable('messages').set({ deleted_at: deletedAt }).where('id', '=', messageId).execute();
}

/** Adds the reaction, or takes it away when the person already gave it; answers whether it is there now. */
export async function toggleReaction(db: Db, messageId: number, userId: number, emoji: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('message_reactions')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .where('emoji', '=', emoji)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('message_reactions')
    .values({ message_id: messageId, user_id: userId, emoji })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

export function reactionsOf(db: Db, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('message_reactions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.message_id', 'r.emoji', 'u.id', 'u.firstname', 'u.lastname', 'u.avatar_path', 'u.color'])
    .where('r.message_id', 'in', messageIds)
    .orderBy('r.created_at')
    .orderBy('u.id')
    .execute();
}

/** Everyone's high-water mark in a chat, earliest mover first (read receipts). */
export function readsOf(db: Db, chatId: number) {
  return db
    .selectFrom('chat_reads as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.last_viewed_message_id', 'u.firstname', 'u.lastname', 'u.avatar_path', 'u.color'])
    .where('r.chat_id', '=', chatId)
    .where('r.last_viewed_message_id', '>', 0)
    .orderBy('r.updated_at')
    .orderBy('r.user_id')
    .execute();
}

export type ReadRow = Awaited<ReturnType<typeof readsOf>>[number];

/** Moves a reader's mark forward (never back); answers whether it moved. */
export async function markViewedUpTo(db: Db, chatId: number, userId: number, messageId: number): Promise<boolean> {
  const moved = await db
    .insertInto('chat_reads')
    .values({ chat_id: chatId, user_id: userId, last_viewed_message_id: messageId })
    .onConflict((oc) =>
      oc
        .columns(['chat_id', 'user_id'])
        .doUpdateSet({ last_viewed_message_id: messageId, updated_at: new Date() })
        .where('chat_reads.last_viewed_message_id', '<', messageId),
    )
    .returning('chat_id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** Per chat of the list: the reader's mark and how many others' messages after it are not deleted. */
export function unreadOf(db: Db, chatIds: number[], readerId: number) {
  if (chatIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('chats as c')
    .leftJoin('chat_reads as r', (join) => join.onRef('r.chat_id', '=', 'c.id').on('r.user_id', '=', readerId))
    .select((eb) => [
      'c.id as chatId',
      eb.fn.coalesce('r.last_viewed_message_id', sql.lit(0)).as('lastViewed'),
      eb
        .selectFrom('messages as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.chat_id', '=', 'c.id')
        .where('m.id', '>', eb.fn.coalesce('r.last_viewed_message_id', sql.lit(0)))
        .where((inner) => inner.or([inner('m.author_id', 'is', null), inner('m.author_id', '!=', readerId)]))
        .where('m.deleted_at', 'is', null)
        .as('unread'),
    ])
    .where('c.id', 'in', chatIds)
    .execute()
    .then((rows) => rows.map((row) => ({ chatId: row.chatId, lastViewed: Number(row.lastViewed), unread: Number(row.unread ?? 0) })));
}

/**
 * The main chats whose last person's message is a client's, sent before `before` and not yet told to
 * the manager: at most `limit`, with the task's project.
 */
export function waitingForStaff(db: Db, before: Date, limit: number) {
  return db
    .selectFrom('chats as c')
    .innerJoin('tasks as t', 't.id', 'c.task_id')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('messages as m')
          .innerJoin('users as u', 'u.id', 'm.author_id')
          .select(['m.chat_id', sql<number>`max(m.id)`.as('last_id')])
          .where('m.deleted_at', 'is', null)
          .groupBy('m.chat_id')
          .as('last'),
      (join) => join.onRef('last.chat_id', '=', 'c.id'),
    )
    .innerJoin('messages as lm', 'lm.id', 'last.last_id')
    .innerJoin('users as lu', 'lu.id', 'lm.author_id')
    .select(['c.id as chatId', 'c.task_id as taskId', 't.project_id as projectId', 'lm.id as messageId'])
    .where('c.key', '=', 'main')
    .where('t.status', 'not in', ['archived', 'draft'])
    .where('lu.role', '=', 'user')
    .where('lm.created_at', '<', before)
    .where((eb) => eb.or([eb('c.waiting_alerted_message_id', 'is', null), eb('c.waiting_alerted_message_id', '<', eb.ref('lm.id'))]))
    .limit(limit)
    .execute();
}

/** Takes the alert of one waiting message (once, whatever the number of server processes). */
export async function takeWaitingAlert(db: Db, chatId: number, messageId: number): Promise<boolean> {
  const taken = await db
    .updateTable('chats')
    .set({ waiting_alerted_message_id: messageId })
    .where('id', '=', chatId)
    .where((eb) => eb.or([eb('waiting_alerted_message_id', 'is', null), eb('waiting_alerted_message_id', '<', messageId)]))
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

/** The project's managers of a task, pm first: who is told that a client waits. */
export function managersOfProject(db: Db, projectId: number) {
  return db.selectFrom('project_staff').select(['user_id', 'role']).where('project_id', '=', projectId).where('role', 'in', ['pm', 'am']).execute();
}

/**
 * Of these messages, the ones the reader has not viewed (past their mark in the message's chat) and that
 * are not deleted, with the text typed: what an email digest still has to tell them.
 */
export async function unreadTextsOf(db: Db, readerId: number, messageIds: number[]): Promise<Map<number, string>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('messages as m')
    .leftJoin('chat_reads as r', (join) => join.onRef('r.chat_id', '=', 'm.chat_id').on('r.user_id', '=', readerId))
    .select(['m.id', 'm.body'])
    .where('m.id', 'in', messageIds)
    .where('m.deleted_at', 'is', null)
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('r.last_viewed_message_id', sql.lit(0))))
    .execute();
  return new Map(rows.map((row) => [row.id, row.body]));
}
