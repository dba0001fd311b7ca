/**
 * Task queries. The board is read with a fixed handful of set-based queries (cards, chats with their
 * unread counts, performers), never one query per task: a board may hold thousands of cards.
 */
import type { ChatKey, TaskStatus } from '@negayno/shared/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, NewTask } from '../../db/schema.js';

/** Which tasks a read is about: one task, or a board's worth (projects × statuses, maybe one performer's). */
export type TaskSelection =
  | { taskId: number }
  | { projectIds: number[]; statuses?: TaskStatus[]; performerId?: number; match?: TaskMatch };

/** The filter panel's conditions: a number that starts with these digits, a name that contains this text. */
export interface TaskMatch {
  numberPrefix?: string;
  nameContains?: string;
}

/** LIKE treats % and _ as wildcards: a typed one must match itself. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function selectTaskIds(db: Db, selection: TaskSelection): SelectQueryBuilder<Database, 'tasks', { id: number }> {
  let query = db.selectFrom('tasks').select('tasks.id');
  if ('taskId' in selection) return query.where('tasks.id', '=', selection.taskId);
  query = query.where('tasks.project_id', 'in', selection.projectIds);
  if (selection.statuses) query = query.where('tasks.status', 'in', selection.statuses);
  const { numberPrefix, nameContains } = selection.match ?? {};
  if (numberPrefix !== undefined) query = query.where(sql<string>`tasks.number::text`, 'like', `${likeEscaped(numberPrefix)}%`);
  if (nameContains !== undefined) query = query.where('tasks.name', 'ilike', `%${likeEscaped(nameContains)}%`);
  if (selection.performerId !== undefined) {
    const performerId = selection.performerId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('task_performers as tp')
          .select(sql`1`.as('one'))
          .whereRef('tp.task_id', '=', 'tasks.id')
          .where('tp.user_id', '=', performerId),
      ),
    );
  }
  return query;
}

export async function countByStatus(
  db: Db,
  selection: { projectIds: number[]; performerId?: number },
): Promise<Array<{ projectId: number; status: TaskStatus; count: number }>> {
  if (selection.projectIds.length === 0) return [];
  return db
    .selectFrom('tasks')
    .select((eb) => ['tasks.project_id as projectId', 'tasks.status', eb.fn.countAll<number>().as('count')])
    .where('tasks.id', 'in', selectTaskIds(db, selection))
    .groupBy(['tasks.project_id', 'tasks.status'])
    .execute();
}

/** What a card shows of the task itself (no description: a board must stay light). */
const CARD_COLUMNS = [
  't.id',
  't.number',
  't.name',
  't.status',
  't.project_id',
  't.author_id',
  't.importance',
  't.negayno',
  't.date_pause',
  't.deletion_requested_at',
  't.date_publish',
  't.date_start_discuss',
  't.date_deadline',
  't.date_archived',
  't.date_approval',
  't.date_send_to_test',
  't.date_send_to_prod',
  't.date_accept_on_test',
  't.date_publish_expiration',
  't.date_discuss_expiration',
  't.date_calc_expiration',
  't.date_offer_expiration',
  't.date_test_expiration',
  't.date_prod_expiration',
  't.created_at',
  't.updated_at',
] as const;

function withAuthorAndProject(db: Db) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('users as author', 'author.id', 't.author_id')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select(['p.name as projectName', 'author.firstname as authorFirstname', 'author.lastname as authorLastname']);
}

export function cardRows(db: Db, selection: TaskSelection) {
  return withAuthorAndProject(db)
    .select(CARD_COLUMNS)
    .where('t.id', 'in', selectTaskIds(db, selection))
    .orderBy('t.id')
    .execute();
}

export type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

export function findTaskRow(db: Db, taskId: number) {
  return withAuthorAndProject(db).selectAll('t').where('t.id', '=', taskId).where('p.deleted_at', 'is', null).executeTakeFirst();
}

export type TaskDetailRow = NonNullable<Awaited<ReturnType<typeof findTaskRow>>>;

export interface ChatRow {
  chatId: number;
  taskId: number;
  key: ChatKey;
  unread: number;
}

/** The chats of the selected tasks that the reader may read, each with what is new for that reader. */
export function chatsWithUnread(db: Db, selection: TaskSelection, readerId: number, keys: ChatKey[]): Promise<ChatRow[]> {
  return db
    .selectFrom('chats as c')
    .leftJoin('chat_reads as r', (join) => join.onRef('r.chat_id', '=', 'c.id').on('r.user_id', '=', readerId))
    .select((eb) => [
      'c.id as chatId',
      'c.task_id as taskId',
      'c.key',
      eb
        .selectFrom('messages as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.chat_id', '=', 'c.id')
        .where('m.id', '>', eb.fn.coalesce('r.last_viewed_message_id', sql.lit(0)))
        .where((inner) => inner.or([inner('m.author_id', 'is', null), inner('m.author_id', '!=', readerId)]))
        .where('m.deleted_at', 'is', null)
        .as('unread'),
    ])
    .where('c.task_id', 'in', selectTaskIds(db, selection))
    .where('c.key', 'in', keys)
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, unread: row.unread ?? 0 })));
}

export interface PerformerRow {
  taskId: number;
  userId: number;
  firstname: string;
  lastname: string;
  avatarPath: string | null;
}

export function performersOf(db: Db, selection: TaskSelection): Promise<PerformerRow[]> {
  return db
    .selectFrom('task_performers as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(['tp.task_id as taskId', 'u.id as userId', 'u.firstname', 'u.lastname', 'u.avatar_path as avatarPath'])
    .where('tp.task_id', 'in', selectTaskIds(db, selection))
    .orderBy('tp.task_id')
    .orderBy('tp.created_at')
    .execute();
}

/** Hands out the project's next task number under the project row's lock. */
export async function nextTaskNumber(db: Db, projectId: number): Promise<number> {
  const row = await db
    .updateTable('projects')
    .set((eb) => ({ task_seq: eb('task_seq', '+', 1) }))
    .where('id', '=', projectId)
    .returning('task_seq')
    .executeTakeFirstOrThrow();
  return row.task_seq;
}

export async function insertTask(db: Db, task: NewTask): Promise<number> {
  const row = await db.insertInto('tasks').values(task).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface ArchivedRow {
  id: number;
  number: number;
  name: string;
  projectId: number;
  projectName: string;
  createdAt: Date;
  datePublish: Date | null;
  dateArchived: Date;
}

/**
 * One page of archived tasks, most recently archived first; `after` is the last row of the previous
 * page (keyset paging: stable while tasks keep being archived). One row more than the page tells
 * whether another page follows.
 */
export async function archivedPage(
  db: Db,
  selection: { projectIds: number[]; performerId?: number; after?: { id: number; dateArchived: Date }; only?: number },
  pageSize: number,
): Promise<{ rows: ArchivedRow[]; hasMore: boolean }> {
  if (selection.projectIds.length === 0) return { rows: [], hasMore: false };
  let query = db
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select([
      't.id',
      't.number',
      't.name',
      't.project_id as projectId',
      'p.name as projectName',
      't.created_at as createdAt',
      't.date_publish as datePublish',
      sql<Date>`coalesce(t.date_archived, t.updated_at)`.as('dateArchived'),
    ])
    .where('t.status', '=', 'archived')
    .where('t.id', 'in', selectTaskIds(db, { projectIds: selection.projectIds, performerId: selection.performerId }));
  if (selection.only !== undefined) query = query.where('t.id', '=', selection.only);
  if (selection.after) {
    const { id, dateArchived } = selection.after;
    query = query.where(sql<boolean>`(coalesce(t.date_archived, t.updated_at), t.id) < (${dateArchived}::timestamptz, ${id}::int)`);
  }
  const rows = await query
    .orderBy(sql`coalesce(t.date_archived, t.updated_at)`, 'desc')
    .orderBy('t.id', 'desc')
    .limit(pageSize + 1)
    .execute();
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}
