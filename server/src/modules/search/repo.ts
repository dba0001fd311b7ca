/**
 * The search's queries: one statement per pass of a group (findGroup; a typed number's tasks: findTasks),
 * each filtered by the viewer's scope (policy.ts) in SQL and matched through the expressions the indexes of
 * migrations/0021_search.sql are built on (db/text-search.ts). Every query reads `limit + 1` rows so the
 * caller knows whether there are more. The page of ids is cut first, from the newest rows' windows in turn
 * (`windowed`), then the other columns are joined for those ids only; through the index, ids are ordered by
 * `id + 0`: ordered by the key itself, the planner would walk the key and compute each row's words
 * (service.ts). Word starts and typos are separate passes (service.ts), so within a query every row matches
 * alike.
 */
import type { AccountRole, ChatKey, SearchKind, TaskStatus } from '@negayno/shared/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import { hasWordStarts, matchesIn, notAmong, numberStarts, SEARCHED, type MatchPass, type TextQuery } from '../../db/text-search.js';
import { avatarUrlIn } from '../users/index.js';
import type { SearchScope } from './policy.js';

export interface Page {
  limit: number;
  offset: number;
  pass: MatchPass;
  /** A typos pass: the ids (of the group's rows: tasks, offers, messages, people) the words pass found, left out. */
  found?: readonly number[];
  /** Look among the rows (tasks, offers, messages) newer than this id only: a window of the newest (null: all). */
  afterId?: number | null;
  /** Walk the window down the key, computing each row's words (cheap when the words are common, in a small window only). */
  byKey?: boolean;
  /** Check the texts' lower case for the typed words before their words (holdsWords: the database lower-cases as the word parser). */
  prefilter?: boolean;
}

export interface TaskFields {
  taskId: number;
  number: number;
  taskName: string;
  status: TaskStatus;
  projectId: number;
  projectName: string;
}

/** The columns of the groups' rows beside the task's (findGroup, columnsOf). */
export interface DescriptionFields {
  description: string;
}
export interface OfferFields {
  documentId: number;
  documentName: string;
  documentDescription: string;
}
export interface MessageFields {
  chatId: number;
  chatKey: ChatKey;
  messageId: number;
  body: string;
  createdAt: Date;
  authorId: number;
  firstname: string;
  lastname: string;
}
export interface PersonFields {
  id: number;
  firstname: string;
  lastname: string;
  nickname: string | null;
  email: string;
  role: AccountRole;
  avatarUrl: string | null;
}

/**
 * The tasks of the scope (`t`, or the alias given): the viewer's projects, the statuses they may open, and
 * a performer's own. The lists are never empty here: kindsOf leaves out a group that has nothing to search in.
 */
function visibleTask(scope: SearchScope, projectIds = scope.projectIds, alias = 't'): RawBuilder<boolean> {
  const id = sql.ref(`${alias}.id`);
  const own =
    scope.performerId === null ? sql`` : sql` AND EXISTS (SELECT 1 FROM task_performers tp WHERE tp.task_id = ${id} AND tp.user_id = ${scope.performerId})`;
  const projects = sql`${sql.ref(`${alias}.project_id`)} IN (${sql.join(projectIds)})`;
  return sql<boolean>`(${projects} AND ${sql.ref(`${alias}.status`)} IN (${sql.join(scope.statuses)})${own})`;
}

const TASK_COLUMNS = ['t.id as taskId', 't.number', 't.name as taskName', 't.status', 't.project_id as projectId', 'p.name as projectName'] as const;

/**
 * The page of the scope's tasks (`x`) whose text matches — or, with a number typed, all of those and the
 * tasks whose number starts so, for the caller to order and page — as ids (`found`), joined to the rows
 * they name (`t`, `p`). The page is cut from the matches before any other column is read: ordered by
 * `id + 0` so the planner reads the text's index rather than walking the key and computing each row's
 * words. Left to itself it read every task of the scope and computed each one's words, or joined all the
 * matches (the benchmark: 40–60 ms for 10,000 tasks; about 10 ms so).
 */
function matchingTasks(db: Db, scope: SearchScope, page: Page, matching: RawBuilder<boolean>, number: RawBuilder<boolean> | null) {
  const inScope = sql<boolean>`(${visibleTask(scope, scope.projectIds, 'x')} AND ${notAmong('x.id', page.found ?? [])})`;
  return db
    .with(
      (cte) => cte('found').materialized(),
      (inner) => {
        const byText = inner
          .selectFrom('tasks as x')
          .select('x.id')
          .where(matching)
          .where(inScope)
          .$if(page.afterId != null, (found) => found.where('x.id', '>', page.afterId!));
        // A number has no text index: its tasks are a second branch (in one condition with the words, the
        // planner read every task of the scope and computed its words).
        if (number) return byText.union(inner.selectFrom('tasks as x').select('x.id').where(inScope).where(number));
        return byText
          .orderBy(page.byKey ? sql`x.id` : sql`x.id + 0`, 'desc')
          .limit(page.limit + 1)
          .offset(page.offset);
      },
    )
    .selectFrom('found')
    .innerJoin('tasks as t', 't.id', 'found.id')
    .innerJoin('projects as p', 'p.id', 't.project_id');
}

/** Tasks by number (`12`, `#12`: numbers starting with those digits) or by name. Exact numbers first, then word starts, newest first. */
export function findTasks(db: Db, scope: SearchScope, query: TextQuery, number: string | null, page: Page) {
  const byName = matchesIn(SEARCHED.taskName('x'), query, page.pass, page.prefilter);
  if (number === null) return matchingTasks(db, scope, page, byName, null).select(TASK_COLUMNS).orderBy('found.id', 'desc').execute();
  // A words pass with a number typed holds names and numbers: the exact number, then names, then numbers
  // starting so (a few rows: ordering by the match costs nothing here, unlike over thousands).
  return matchingTasks(db, scope, page, byName, numberStarts('x', number))
    .select(TASK_COLUMNS)
    .orderBy(sql`t.number = ${Number(number)}`, 'desc')
    .orderBy(hasWordStarts(SEARCHED.taskName('t'), query), 'desc')
    .orderBy('found.id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

/** At most this many stored words stand in for one typed word. */
const SIMILAR_WORDS = 8;

/**
 * The stored words like a typed word (pg_trgm's word similarity, from the session's threshold), the closest
 * first: the typed word itself is not among them, nor anything but letters (they go into a tsquery).
 */
export async function similarWords(db: Db, typed: string): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`
    SELECT word FROM (SELECT DISTINCT word FROM search_words WHERE word %> ${typed} AND word <> ${typed}) found
    ORDER BY similarity(word, ${typed}) DESC, word LIMIT ${SIMILAR_WORDS}`.execute(db);
  return rows.map((row) => row.word).filter((word) => /^\p{L}+$/u.test(word));
}

/** The newest ids of the searched tables (each group looks among its newest rows first). */
export async function newestIds(db: Db): Promise<{ tasks: number; offers: number; messages: number }> {
  const { rows } = await sql<{ tasks: number | null; offers: number | null; messages: number | null }>`
    SELECT (SELECT max(id) FROM tasks) AS tasks, (SELECT max(id) FROM task_documents) AS offers, (SELECT max(id) FROM messages) AS messages`.execute(db);
  const row = rows[0]!;
  return { tasks: row.tasks ?? 0, offers: row.offers ?? 0, messages: row.messages ?? 0 };
}

/** A stretch of a table's newest rows: the ids above `afterId` (null: all) below the previous window's, walked down the key (`byKey`) or read through the index. */
export interface Window {
  afterId: number | null;
  byKey: boolean;
}

/** One pass of a group: what is matched, how (`words`: word starts; `typos`: people's trigrams). */
export interface Pass {
  text: TextQuery;
  pass: MatchPass;
}

/** A page of one pass of a group: one statement. */
export interface GroupPage {
  limit: number;
  offset: number;
  /** Where the rows are looked for in turn (tasks, offers, messages): the newest rows first (`windowed`). */
  windows: Window[];
  prefilter: boolean;
  /** A typos pass: the ids (of the group's rows: tasks, offers, messages, people) the words pass found, left out. */
  found?: readonly number[];
}

/**
 * The ids (`x.id`) of one pass in one stretch of the table: whatever the kind reads to know a row matches
 * and the viewer may read it.
 */
function matchingIds(kind: Exclude<SearchKind, 'people'>, scope: SearchScope, pass: Pass, prefilter: boolean): RawBuilder<unknown> {
  switch (kind) {
    case 'tasks':
      return sql`SELECT x.id FROM tasks x WHERE ${matchesIn(SEARCHED.taskName('x'), pass.text, pass.pass, prefilter)} AND ${visibleTask(scope, scope.projectIds, 'x')}`;
    case 'descriptions':
      return sql`SELECT x.id FROM tasks x WHERE ${matchesIn(SEARCHED.taskDescription('x'), pass.text, pass.pass, prefilter)} AND ${visibleTask(scope, scope.projectIds, 'x')}`;
    case 'documents':
      // The offers' index is partial, so the type is named; the current offer of a task is its highest version.
      return sql`SELECT x.id FROM task_documents x INNER JOIN tasks xt ON xt.id = x.task_id
        WHERE x.type = 'offer' AND ${matchesIn(SEARCHED.offer('x'), pass.text, pass.pass, prefilter)} AND ${visibleTask(scope, scope.documentProjectIds, 'xt')}
          AND x.version = (SELECT max(newer.version) FROM task_documents newer WHERE newer.task_id = x.task_id AND newer.type = 'offer')`;
    case 'messages':
      // People's messages (a system message has no author; deleted ones are gone) in the chats the viewer
      // reads: the message, then by key its chat and task (the search plans joins as written, service.ts).
      return sql`SELECT x.id FROM messages x INNER JOIN chats c ON c.id = x.chat_id INNER JOIN tasks t ON t.id = c.task_id
        WHERE ${visibleTask(scope)} AND c.key IN (${sql.join(scope.chatKeys)}) AND x.deleted_at IS NULL AND x.author_id IS NOT NULL
          AND ${matchesIn(SEARCHED.messageBody('x'), pass.text, pass.pass, prefilter)}`;
  }
}

/**
 * A pass's page of ids, newest first, from the windows in turn: each window a branch of its own stretch of
 * ids (the newest `size`, then the next, … then the rest), its own plan (a walk down the key, or the text's
 * index ordered by `id + 0`) and its own limit. The branches are appended in order and the page is cut
 * from their concatenation, which is the newest matches first as a whole: a branch is read only while the
 * ones before it have not filled the page (PostgreSQL's Append under a Limit, no parallel workers), so a
 * common word is answered by the walk alone and a rare one by the indexes, in one statement.
 */
function windowed(ids: RawBuilder<unknown>, windows: Window[], rows: number, extra: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  let upTo: number | null = null;
  const branches = windows.map((window) => {
    const above = window.afterId === null ? sql`` : sql` AND x.id > ${window.afterId}`;
    const below = upTo === null ? sql`` : sql` AND x.id <= ${upTo}`;
    upTo = window.afterId;
    return sql`(${ids}${above}${below}${extra} ORDER BY ${window.byKey ? sql`x.id` : sql`x.id + 0`} DESC LIMIT ${rows})`;
  });
  return sql.join(branches, sql` UNION ALL `);
}

/**
 * A page of one pass of a group (tasks, descriptions, offers, messages, people) in one statement: the ids,
 * from the windows in turn, then the columns of those rows, newest first (people: by name).
 */
export async function findGroup<Row>(db: Db, kind: SearchKind, scope: SearchScope, pass: Pass, page: GroupPage): Promise<Row[]> {
  const { limit, offset } = page;
  const found = sql` AND ${notAmong('x.id', page.found ?? [])}`;
  const ids =
    kind === 'people'
      ? sql`SELECT x.id FROM users x WHERE ${matchesIn(PERSON, pass.text, pass.pass)}${found} ORDER BY x.lastname, x.id LIMIT ${limit + 1} OFFSET ${offset}`
      : sql`SELECT id FROM (${windowed(matchingIds(kind, scope, pass, page.prefilter), page.windows, offset + limit + 1, found)}) w LIMIT ${limit + 1} OFFSET ${offset}`;
  const order = kind === 'people' ? sql`u.lastname, u.id` : sql`found.id DESC`;
  const { rows } = await sql<Row>`WITH found AS MATERIALIZED (${ids}) ${columnsOf(kind)} ORDER BY ${order}`.execute(db);
  return rows;
}

/** What a person is found by: name, nickname, email. */
const PERSON = sql<string>`x.firstname || ' ' || x.lastname || ' ' || coalesce(x.nickname, '') || ' ' || x.email`;

const TASK_SELECT = sql`t.id AS "taskId", t.number, t.name AS "taskName", t.status, t.project_id AS "projectId", p.name AS "projectName"`;

/** The columns of a group's rows, joined by key to the ids found (`found`). */
function columnsOf(kind: SearchKind): RawBuilder<unknown> {
  switch (kind) {
    case 'tasks':
      return sql`SELECT ${TASK_SELECT} FROM found INNER JOIN tasks t ON t.id = found.id INNER JOIN projects p ON p.id = t.project_id`;
    case 'descriptions':
      return sql`SELECT ${TASK_SELECT}, t.description FROM found INNER JOIN tasks t ON t.id = found.id INNER JOIN projects p ON p.id = t.project_id`;
    case 'documents':
      return sql`SELECT ${TASK_SELECT}, d.id AS "documentId", d.name AS "documentName", d.description AS "documentDescription"
        FROM found INNER JOIN task_documents d ON d.id = found.id INNER JOIN tasks t ON t.id = d.task_id INNER JOIN projects p ON p.id = t.project_id`;
    case 'messages':
      return sql`SELECT ${TASK_SELECT}, c.id AS "chatId", c.key AS "chatKey", m.id AS "messageId", m.body, m.created_at AS "createdAt",
          u.id AS "authorId", u.firstname, u.lastname
        FROM found INNER JOIN messages m ON m.id = found.id INNER JOIN chats c ON c.id = m.chat_id INNER JOIN tasks t ON t.id = c.task_id
          INNER JOIN projects p ON p.id = t.project_id INNER JOIN users u ON u.id = m.author_id`;
    case 'people':
      return sql`SELECT u.id, u.firstname, u.lastname, u.nickname, u.email, u.role, ${avatarUrlIn('u.avatar_path')} AS "avatarUrl"
        FROM found INNER JOIN users u ON u.id = found.id`;
  }
}
