/**
 * Task queries. The board is read with a fixed handful of set-based queries (cards with their
 * performers, chats with their unread counts), never one query per task: a board may hold thousands
 * of cards.
 */
import { rooms, TASK_STATUSES, type ChatKey, type TaskCard, type TaskStatus, type UnixSeconds } from '@negayno/shared/contract';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import { epochSeconds, selectAsJson } from '../../db/json-rows.js';
import type { Database, NewTask } from '../../db/schema.js';
import { matchesText, numberStarts, SEARCHED, type TextQuery } from '../../db/text-search.js';
import { avatarUrlIn } from '../users/index.js';
import type { ColorFacts } from './colors.js';
import { EXPIRATION_OF_STATUS } from './life-cycle.js';

/** Which tasks a read is about: one task, or a board's worth (projects × statuses, maybe one performer's). */
export type TaskSelection = { taskId: number } | { projectIds: number[]; statuses?: TaskStatus[]; performerId?: number; match?: TaskMatch };

/**
 * The filter panel's conditions: a number that starts with these digits, a name that contains this text,
 * and the search's match (issue 38) in the number, the name or the description.
 */
export interface TaskMatch {
  numberPrefix?: string;
  nameContains?: string;
  text?: { query: TextQuery; number: string | null };
}

/** The search's match in a task: its number (`12`, `#12`), or its name or description by word starts or a typo. */
function matchesTaskText(text: NonNullable<TaskMatch['text']>) {
  return sql<boolean>`(${numberStarts('tasks', text.number)} OR ${matchesText(SEARCHED.taskName('tasks'), text.query)} OR ${matchesText(SEARCHED.taskDescription('tasks'), text.query)})`;
}

/** LIKE treats % and _ as wildcards: a typed one must match itself. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function selectTaskIds(db: Db, selection: TaskSelection): SelectQueryBuilder<Database, 'tasks', { id: number }> {
  let query = db.selectFrom('tasks').select('tasks.id');
  if ('taskId' in selection) return query.where('tasks.id', '=', selection.taskId);
  query = query.where('tasks.project_id', 'in', selection.projectIds);
  if (selection.statuses) query = query.where('tasks.status', 'in', selection.statuses);
  const { numberPrefix, nameContains, text } = selection.match ?? {};
  if (text) query = query.where(matchesTaskText(text));
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

/**
 * A card as one flat row: the task, its project and author, its performers, its dates in unix seconds,
 * and the colour rule's facts under the card's own names. Flat because the database builds a row's JSON
 * with its column types looked up once, but every `json_build_object` call looks up each argument's
 * type again (measured on 2,000 cards: nested project, author and colour facts objects 37 ms, flat 23 ms).
 */
export interface CardRow extends ColorFacts {
  id: number;
  number: number;
  name: string;
  projectId: number;
  projectName: string;
  authorId: number;
  authorFirstname: string;
  authorLastname: string;
  importance: number;
  /** null when nobody performs the task yet. */
  performers: TaskCard['performers'] | null;
  attachmentCount: number;
  dateCreate: UnixSeconds;
  dateUpdate: UnixSeconds;
  dateArchived: UnixSeconds | null;
  dateStartDiscuss: UnixSeconds | null;
  datePause: UnixSeconds | null;
}

/** The current status' expiration (life-cycle EXPIRATION_OF_STATUS) as one CASE over `t.status`. */
function expirationInSeconds(): RawBuilder<number | null> {
  const branches = TASK_STATUSES.flatMap((status) => {
    const column = EXPIRATION_OF_STATUS[status];
    return column ? [sql`WHEN ${sql.lit(status)} THEN ${epochSeconds(`t.${column}`)}`] : [];
  });
  return sql<number | null>`CASE t.status ${sql.join(branches, sql` `)} END`;
}

function isSet(column: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} IS NOT NULL`;
}

/**
 * One JSON array of a card's performers, as a subquery per card through the task_performers key. A
 * grouped subquery joined to the cards was faster by a few ms on analysed tables, but on tables no
 * ANALYZE has seen (a fresh PostgreSQL after a bulk import) the planner estimated one card, chose a
 * nested loop over the grouped performers and took 9.7 s for 2,000 cards; this shape has one plan
 * whatever the statistics say.
 */
function performersOfCard(db: Db) {
  const performer = sql`json_build_object('id', u.id, 'firstname', u.firstname, 'lastname', u.lastname, 'avatarUrl', ${avatarUrlIn('u.avatar_path')})`;
  return db
    .selectFrom('task_performers as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(sql<CardRow['performers']>`json_agg(${performer} ORDER BY tp.created_at, u.id)`.as('list'))
    .where('tp.task_id', '=', sql.ref<number>('t.id'));
}

/**
 * A board's cards in one statement, read as one JSON document (see db/json-rows.ts): dates come as
 * unix seconds and performers inside their card, so nothing is revived or regrouped here.
 */
export async function cardRows(db: Db, selection: TaskSelection): Promise<CardRow[]> {
  const query = db
    .selectFrom('tasks as t')
    .innerJoin('users as author', 'author.id', 't.author_id')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select([
      't.id',
      't.number',
      't.name',
      't.status',
      'p.id as projectId',
      'p.name as projectName',
      'author.id as authorId',
      'author.firstname as authorFirstname',
      'author.lastname as authorLastname',
      't.importance',
      't.negayno',
      performersOfCard(db).as('performers'),
      // Through the task_files (task_id, id) index, one count per card whatever the statistics say.
      db
        .selectFrom('task_files as f')
        .select(sql<number>`count(*)::integer`.as('n'))
        .where('f.task_id', '=', sql.ref<number>('t.id'))
        .as('attachmentCount'),
      isSet('t.date_pause').as('paused'),
      isSet('t.deletion_requested_at').as('deletionRequested'),
      epochSeconds('t.created_at').as('dateCreate'),
      epochSeconds('t.updated_at').as('dateUpdate'),
      epochSeconds('t.date_publish').as('datePublish'),
      epochSeconds('t.date_archived').as('dateArchived'),
      epochSeconds('t.date_start_discuss').as('dateStartDiscuss'),
      epochSeconds('t.date_deadline').as('dateDeadline'),
      epochSeconds('t.date_pause').as('datePause'),
      expirationInSeconds().as('dateExpiration'),
      isSet('t.date_approval').as('approved'),
      isSet('t.date_send_to_test').as('sentToTest'),
      isSet('t.date_send_to_prod').as('sentToProd'),
      isSet('t.date_accept_on_test').as('acceptedOnTest'),
    ])
    .where('t.id', 'in', selectTaskIds(db, selection));
  return selectAsJson<CardRow>(db, query, ['id']);
}

export function findTaskRow(db: Db, taskId: number) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .selectAll('t')
    .where('t.id', '=', taskId)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
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

/** Whether the user performs the task: a performer sees only the tasks they perform. */
export async function performsTask(db: Db, taskId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('task_performers').select('task_id').where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Hands out the project's next task number under the project row's lock. */
export async function nextTaskNumber(db: Db, projectId: number): Promise<number> {
  return reserveTaskNumbers(db, projectId, 1);
}

/** Takes `count` numbers of the project's sequence at once (an import numbers its tasks in the file's order): the first of them. */
export async function reserveTaskNumbers(db: Db, projectId: number, count: number): Promise<number> {
  const row = await db
    .updateTable('projects')
    .set((eb) => ({ task_seq: eb('task_seq', '+', count) }))
    .where('id', '=', projectId)
    .returning('task_seq')
    .executeTakeFirstOrThrow();
  return row.task_seq - count + 1;
}

export async function insertTask(db: Db, task: NewTask): Promise<number> {
  const row = await db.insertInto('tasks').values(task).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Rows of one statement: well under PostgreSQL's 65,535 parameters for a task's few columns. */
const INSERT_BATCH = 500;

/** Many tasks in a few statements (an import): each one's id, in the order given. */
export async function insertTasks(db: Db, tasks: NewTask[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < tasks.length; start += INSERT_BATCH) {
    const batch = tasks.slice(start, start + INSERT_BATCH);
    const rows = await db.insertInto('tasks').values(batch).returning(['id', 'number']).execute();
    // RETURNING's order is not promised to be VALUES' order: match each row by its number.
    const idOf = new Map(rows.map((row) => [row.number, row.id]));
    for (const task of batch) ids.push(idOf.get(task.number)!);
  }
  return ids;
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

/** The drawer's edits of one task; each bumps `updated_at` so boards take the card as newer. */
export async function updateTaskFields(db: Db, taskId: number, fields: { name?: string; importance?: number; description?: string }): Promise<void> {
  await db
    .updateTable('tasks')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', taskId)
    .execute();
}

/** Every saved description is kept: the history dialog lists the versions, newest first. */
export async function insertDescriptionVersion(db: Db, version: { taskId: number; authorId: number; description: string }): Promise<void> {
  await db.insertInto('task_description_history').values({ task_id: version.taskId, author_id: version.authorId, description: version.description }).execute();
}

export function descriptionVersions(db: Db, taskId: number, limit: number) {
  return db
    .selectFrom('task_description_history')
    .select(['description', 'created_at'])
    .where('task_id', '=', taskId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * What a viewer's board answer is made of has changed when this text has (board-answers.ts): the
 * numbers of the projects' live rooms (every change to a task, its chats, files, performers or the
 * project is announced there once committed), the newest change to anybody's name or avatar, the
 * viewer's own read marks (their unread counters), and the tasks' own count and newest change, for
 * writes that announce nothing (an operator's command, an import). One round trip, through indexes.
 */
export async function boardStamp(db: Db, projectIds: number[], readerId: number): Promise<string> {
  const roomNames = projectIds.map(rooms.project);
  const ids = projectIds.length > 0 ? projectIds : [0];
  const result = await sql<{ stamp: string }>`SELECT concat_ws('|',
      (SELECT string_agg(room || '=' || seq, ',' ORDER BY room) FROM live_rooms WHERE room IN (${sql.join(roomNames.length > 0 ? roomNames : [''])})),
      (SELECT max(updated_at)::text FROM users),
      (SELECT max(updated_at)::text FROM chat_reads WHERE user_id = ${readerId}),
      (SELECT count(*) || '@' || coalesce(max(updated_at)::text, '') FROM tasks WHERE project_id IN (${sql.join(ids)}))
    ) AS stamp`.execute(db);
  return result.rows[0]!.stamp;
}

/** How many tasks this performer is on that are not archived yet (an account closing must be taken off them first). */
export async function unfinishedTasksOf(db: Db, performerId: number): Promise<number> {
  const row = await db
    .selectFrom('task_performers as tp')
    .innerJoin('tasks as t', 't.id', 'tp.task_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tp.user_id', '=', performerId)
    .where('t.status', '!=', 'archived')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
