/**
 * The search's queries: one per group, each filtered by the viewer's scope (policy.ts) in SQL and matched
 * through the expressions the indexes of migrations/0021_search.sql are built on (db/text-search.ts).
 * Every query reads `limit + 1` rows so the caller knows whether there are more. Tasks and offers are
 * matched through the text's index first (matchingTasks); messages order by `id + 0`: ordered by the key
 * itself, the planner would walk the key and compute each row's words (service.ts). Word starts and typos
 * are separate passes (service.ts), so within a query every row matches alike.
 */
import type { AccountRole, ChatKey, TaskStatus } from '@negayno/shared/contract';
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
}

export interface TaskFields {
  taskId: number;
  number: number;
  taskName: string;
  status: TaskStatus;
  projectId: number;
  projectName: string;
}

/**
 * The tasks of the scope (`t`, or the alias given): the viewer's projects, the statuses they may open, and
 * a performer's own. The lists are never empty here: kindsOf leaves out a group that has nothing to search in.
 */
function visibleTask(scope: SearchScope, projectIds = scope.projectIds, alias = 't'): RawBuilder<boolean> {
  const id = sql.ref(`${alias}.id`);
  const own =
    scope.performerId === null ? sql`` : sql` AND EXISTS (SELECT 1 FROM task_performers tp WHERE tp.task_id = ${id} AND tp.user_id = ${scope.performerId})`;
  return sql<boolean>`(${sql.ref(`${alias}.project_id`)} IN (${sql.join(projectIds)}) AND ${sql.ref(`${alias}.status`)} IN (${sql.join(scope.statuses)})${own})`;
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
  const byName = matchesIn(SEARCHED.taskName('x'), query, page.pass);
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

export function findDescriptions(db: Db, scope: SearchScope, query: TextQuery, page: Page) {
  return matchingTasks(db, scope, page, matchesIn(SEARCHED.taskDescription('x'), query, page.pass), null)
    .select([...TASK_COLUMNS, 't.description'])
    .orderBy('found.id', 'desc')
    .execute();
}

/** The current offer of each task (its highest version) by name and description; guests' projects are not in the scope. */
export function findOffers(db: Db, scope: SearchScope, query: TextQuery, page: Page) {
  // A page of ids first, as for tasks (matchingTasks); the offers' index is partial, so the type is named.
  return db
    .with(
      (cte) => cte('found').materialized(),
      (inner) =>
        inner
          .selectFrom('task_documents as x')
          .innerJoin('tasks as xt', 'xt.id', 'x.task_id')
          .select('x.id')
          .where('x.type', '=', 'offer')
          .where(matchesIn(SEARCHED.offer('x'), query, page.pass))
          .where(visibleTask(scope, scope.documentProjectIds, 'xt'))
          .where(notAmong('x.id', page.found ?? []))
          .$if(page.afterId != null, (found) => found.where('x.id', '>', page.afterId!))
          .where(({ eb, selectFrom }) =>
            eb(
              'x.version',
              '=',
              selectFrom('task_documents as newer')
                .select((max) => max.fn.max('newer.version').as('version'))
                .whereRef('newer.task_id', '=', 'x.task_id')
                .where('newer.type', '=', 'offer'),
            ),
          )
          .orderBy(page.byKey ? sql`x.id` : sql`x.id + 0`, 'desc')
          .limit(page.limit + 1)
          .offset(page.offset),
    )
    .selectFrom('found')
    .innerJoin('task_documents as d', 'd.id', 'found.id')
    .innerJoin('tasks as t', 't.id', 'd.task_id')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select([...TASK_COLUMNS, 'd.id as documentId', 'd.name as documentName', 'd.description as documentDescription'])
    .orderBy('found.id', 'desc')
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

/** People's messages (a system message has no author; deleted ones are gone) in the chats the viewer reads, newest first. */
export function findMessages(db: Db, scope: SearchScope, query: TextQuery, page: Page) {
  const body = SEARCHED.messageBody('m');
  // Written in the order it is read (the search plans joins as written, service.ts): the messages, then
  // by key their chat, task, project and author.
  return db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .innerJoin('tasks as t', 't.id', 'c.task_id')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select([
      ...TASK_COLUMNS,
      'c.id as chatId',
      sql<ChatKey>`c.key`.as('chatKey'),
      'm.id as messageId',
      'm.body',
      'm.created_at as createdAt',
      'u.id as authorId',
      'u.firstname',
      'u.lastname',
    ])
    .where(visibleTask(scope))
    .where('c.key', 'in', scope.chatKeys)
    .where('m.deleted_at', 'is', null)
    .where(matchesIn(body, query, page.pass))
    .where(notAmong('m.id', page.found ?? []))
    .$if(page.afterId != null, (found) => found.where('m.id', '>', page.afterId!))
    .orderBy(page.byKey ? sql`m.id` : sql`m.id + 0`, 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

/** Accounts by name, nickname or email (staff only: the policy leaves it out of other scopes). */
export function findPeople(db: Db, query: TextQuery, page: Page) {
  const person = sql<string>`u.firstname || ' ' || u.lastname || ' ' || coalesce(u.nickname, '') || ' ' || u.email`;
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.nickname', 'u.email', sql<AccountRole>`u.role`.as('role'), avatarUrlIn('u.avatar_path').as('avatarUrl')])
    .where(matchesIn(person, query, page.pass))
    .where(notAmong('u.id', page.found ?? []))
    .orderBy('u.lastname')
    .orderBy('u.id')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}
