/**
 * The export's reads (issue 37), in pages so a project of any size is read in bounded memory. Like the
 * search, the export reads the rows of the modules it gathers (tasks, chats, files, documents, the
 * ledger) without writing any: their rules are asked through the policy, never re-decided here. Its
 * own table is `project_exports`.
 */
import type { ChatKey, Language } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { ExportScope } from '../policy.js';

export const TASK_PAGE = 200;
const MESSAGE_PAGE = 1_000;
const TRANSACTION_PAGE = 1_000;

export type ExportRow = Awaited<ReturnType<typeof exportById>>;

export async function insertExport(db: Db, projectId: number, requestedBy: number) {
  return db.insertInto('project_exports').values({ project_id: projectId, requested_by: requestedBy }).returningAll().executeTakeFirstOrThrow();
}

export async function exportById(db: Db, id: number) {
  return db.selectFrom('project_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function latestExportOf(db: Db, projectId: number, userId: number) {
  return db
    .selectFrom('project_exports')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('requested_by', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function setProgress(db: Db, id: number, progress: number): Promise<void> {
  await db.updateTable('project_exports').set({ progress, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function finishExport(db: Db, id: number, done: { filePath: string; size: number; expiresAt: Date }): Promise<void> {
  await db
    .updateTable('project_exports')
    .set({ status: 'ready', progress: 100, file_path: done.filePath, size: done.size, expires_at: done.expiresAt, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function failExport(db: Db, id: number): Promise<void> {
  await db.updateTable('project_exports').set({ status: 'failed', updated_at: new Date() }).where('id', '=', id).execute();
}

/** Archives whose link lapsed and whose file is still on disk. */
export async function expiredArchives(db: Db, now: Date) {
  return db.selectFrom('project_exports').select(['id', 'file_path']).where('file_path', 'is not', null).where('expires_at', '<', now).execute();
}

export async function forgetArchive(db: Db, id: number): Promise<void> {
  await db.updateTable('project_exports').set({ file_path: null }).where('id', '=', id).execute();
}

export async function exporterOf(db: Db, userId: number): Promise<{ id: number; firstname: string; lastname: string; language: Language }> {
  return db.selectFrom('users').select(['id', 'firstname', 'lastname', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
}

export async function projectOf(db: Db, projectId: number) {
  return db.selectFrom('projects').select(['id', 'name', 'currency', 'created_at', 'archived_at']).where('id', '=', projectId).executeTakeFirstOrThrow();
}

export async function membersOf(db: Db, projectId: number) {
  const [members, staff] = await Promise.all([
    db
      .selectFrom('project_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.firstname', 'u.lastname', 'u.email', 'm.role', 'm.is_owner'])
      .where('m.project_id', '=', projectId)
      .where('m.role', '!=', 'invite')
      .orderBy('m.sort_order')
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('project_staff as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.id', 'u.firstname', 'u.lastname', 's.role'])
      .where('s.project_id', '=', projectId)
      .orderBy('s.role')
      .execute(),
  ]);
  return { members, staff };
}

export async function countTasks(db: Db, scope: ExportScope): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('project_id', '=', scope.projectId)
    .where('status', 'in', scope.statuses)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The next page of the project's tasks after `afterId`, by id. */
export async function taskPage(db: Db, scope: ExportScope, afterId: number) {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('project_id', '=', scope.projectId)
    .where('status', 'in', scope.statuses)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(TASK_PAGE)
    .execute();
}

export type TaskRowOfExport = Awaited<ReturnType<typeof taskPage>>[number];

const person = ['u.id as personId', 'u.firstname', 'u.lastname'] as const;

/** What hangs off a page of tasks, each list in the order it is written. */
export async function partsOfTasks(db: Db, taskIds: number[], documents: boolean) {
  const [history, docs, files, performers] = await Promise.all([
    db
      .selectFrom('task_description_history as h')
      .leftJoin('users as u', 'u.id', 'h.author_id')
      .select(['h.id', 'h.task_id', 'h.description', 'h.created_at', ...person])
      .where('h.task_id', 'in', taskIds)
      .orderBy('h.task_id')
      .orderBy('h.id')
      .execute(),
    documents
      ? db
          .selectFrom('task_documents')
          .selectAll()
          .where('task_id', 'in', taskIds)
          .orderBy('task_id')
          .orderBy('type', 'desc')
          .orderBy('version')
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('task_files')
      .select(['id', 'task_id', 'author_id', 'name', 'extension', 'mime', 'size', 'storage_key', 'created_at'])
      .where('task_id', 'in', taskIds)
      .orderBy('task_id')
      .orderBy('id')
      .execute(),
    db.selectFrom('task_performers').select(['task_id', 'user_id']).where('task_id', 'in', taskIds).orderBy('created_at').execute(),
  ]);
  return { history, docs, files, performers };
}

interface MessageCursor {
  taskId: number;
  key: string;
  id: number;
}

function messagePage(db: Db, taskIds: number[], chatKeys: ChatKey[], after: MessageCursor | null) {
  return db
    .selectFrom('chats as c')
    .innerJoin('messages as m', 'm.chat_id', 'c.id')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .leftJoin('message_files as f', 'f.message_id', 'm.id')
    .select([
      'c.task_id',
      'c.key',
      'm.id',
      'm.body',
      'm.parent_id',
      'm.quote',
      'm.system_note',
      'm.date_deadline',
      'm.created_at',
      'm.updated_at',
      'm.deleted_at',
      ...person,
      'f.name as fileName',
      'f.mime as fileMime',
      'f.size as fileSize',
      'f.storage_key as fileKey',
    ])
    .where('c.task_id', 'in', taskIds)
    .where('c.key', 'in', chatKeys)
    .$if(after !== null, (query) => query.where(sql<boolean>`(c.task_id, c.key, m.id) > (${after!.taskId}, ${after!.key}, ${after!.id})`))
    .orderBy('c.task_id')
    .orderBy('c.key')
    .orderBy('m.id')
    .limit(MESSAGE_PAGE)
    .execute();
}

export type MessageRowOfExport = Awaited<ReturnType<typeof messagePage>>[number];

/**
 * The messages of the readable chats of a page of tasks, in the order they are written (task, chat,
 * message), read a page at a time after the last one given.
 */
export async function* messagesOfTasks(db: Db, taskIds: number[], chatKeys: ChatKey[]): AsyncGenerator<MessageRowOfExport> {
  let after: MessageCursor | null = null;
  for (;;) {
    const rows: MessageRowOfExport[] = await messagePage(db, taskIds, chatKeys, after);
    yield* rows;
    if (rows.length < MESSAGE_PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { taskId: last.task_id, key: last.key, id: last.id };
  }
}

function transactionPage(db: Db, projectId: number, afterId: number) {
  return db
    .selectFrom('ledger_transactions as t')
    .leftJoin('tasks as k', 'k.id', 't.task_id')
    .select([
      't.id',
      't.payment_type',
      't.status',
      't.amount',
      't.currency',
      't.task_id',
      'k.number as task_number',
      't.sender_id',
      't.recipient_id',
      't.document_name',
      't.settlement_note',
      't.created_at',
      't.updated_at',
    ])
    .where('t.project_id', '=', projectId)
    .where('t.id', '>', afterId)
    .orderBy('t.id')
    .limit(TRANSACTION_PAGE)
    .execute();
}

export type TransactionRowOfExport = Awaited<ReturnType<typeof transactionPage>>[number];

/** The project's ledger transactions a page at a time, by id. */
export async function* transactionsOf(db: Db, projectId: number): AsyncGenerator<TransactionRowOfExport> {
  let afterId = 0;
  for (;;) {
    const rows: TransactionRowOfExport[] = await transactionPage(db, projectId, afterId);
    yield* rows;
    if (rows.length < TRANSACTION_PAGE) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
