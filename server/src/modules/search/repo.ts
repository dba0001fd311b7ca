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
  /** A typos pass: the ids (of the group's rows: tasks, offers, messages, people) the words pass found. */
  found?: readonly number[];
  /** Messages only: look among those newer than this id first (a window of the newest; null: all). */
  afterMessageId?: number | null;
  /** Messages only: walk the newest down the key (cheap when the words are common, in a small window only). */
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
 * The tasks of the scope (`t`): the viewer's projects, the statuses they may open, and a performer's
 * own. The lists are never empty here: kindsOf leaves out a group that has nothing to search in.
 */
function visibleTask(scope: SearchScope, projectIds = scope.projectIds): RawBuilder<boolean> {
  const own =
    scope.performerId === null ? sql`` : sql` AND EXISTS (SELECT 1 FROM task_performers tp WHERE tp.task_id = t.id AND tp.user_id = ${scope.performerId})`;
  return sql<boolean>`(t.project_id IN (${sql.join(projectIds)}) AND t.status IN (${sql.join(scope.statuses)})${own})`;
}

const TASK_COLUMNS = ['t.id as taskId', 't.number', 't.name as taskName', 't.status', 't.project_id as projectId', 'p.name as projectName'] as const;

function tasksFrom(db: Db) {
  return db.selectFrom('tasks as t').innerJoin('projects as p', 'p.id', 't.project_id');
}

/**
 * The tasks whose text matches (`x`), or else `orElse`, read through the text's index alone and
 * materialised (`found`) before the viewer's scope is applied; ordered by `found.id`, the newest are
 * checked against the scope first and the reading stops at the page. Left to itself the planner misjudged
 * how many rows a prefix or a trigram matches: it read every task of the scope and computed each one's
 * words or trigrams, or hashed them all (the benchmark: 40–60 ms for 10,000 tasks; 10 ms so).
 */
function matchingTasks(db: Db, matching: RawBuilder<boolean>, orElse: RawBuilder<boolean> | null = null) {
  return db
    .with(
      (cte) => cte('found').materialized(),
      (inner) => {
        const byText = inner.selectFrom('tasks as x').select('x.id').where(matching);
        return orElse ? byText.union(inner.selectFrom('tasks as x').select('x.id').where(orElse)) : byText;
      },
    )
    .selectFrom('found')
    .innerJoin('tasks as t', 't.id', 'found.id')
    .innerJoin('projects as p', 'p.id', 't.project_id');
}

/** Tasks by number (`12`, `#12`: numbers starting with those digits) or by name. Exact numbers first, then word starts, newest first. */
export function findTasks(db: Db, scope: SearchScope, query: TextQuery, number: string | null, page: Page) {
  const name = SEARCHED.taskName('x');
  const byName = page.pass === 'words' ? matchesIn(name, query, 'words') : sql<boolean>`(${notAmong('x.id', page.found ?? [])} AND ${matchesIn(name, query, 'typos')})`;
  // A number's digits are looked for among the scope's tasks, as a second branch: in one condition with
  // the name's words, the planner read every task and computed its words (a number has no text index).
  const byNumber = page.pass === 'words' && number !== null ? sql<boolean>`(x.project_id IN (${sql.join(scope.projectIds)}) AND ${numberStarts('x', number)})` : null;
  let found = matchingTasks(db, byName, byNumber).select(TASK_COLUMNS).where(visibleTask(scope));
  // With a number typed, a words pass holds names and numbers: the exact number, then names, then numbers
  // starting so. Otherwise every row of a pass matches alike, and ordering by the match would compute
  // each row's words again (the benchmark: 7,000 matching descriptions cost 200 ms, 17 ms without).
  if (number !== null) found = found.orderBy(sql`t.number = ${Number(number)}`, 'desc').orderBy(hasWordStarts(SEARCHED.taskName('t'), query), 'desc');
  return found
    .orderBy('found.id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

export function findDescriptions(db: Db, scope: SearchScope, query: TextQuery, page: Page) {
  return matchingTasks(db, matchesIn(SEARCHED.taskDescription('x'), query, page.pass))
    .select([...TASK_COLUMNS, 't.description'])
    .where(visibleTask(scope))
    .where(notAmong('t.id', page.found ?? []))
    .orderBy('found.id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

/** The current offer of each task (its highest version) by name and description; guests' projects are not in the scope. */
export function findOffers(db: Db, scope: SearchScope, query: TextQuery, page: Page) {
  // Matched through the offers' index first, like matchingTasks; it is partial (offers only), so the
  // condition names the type.
  return db
    .with(
      (cte) => cte('found').materialized(),
      (inner) => inner.selectFrom('task_documents as x').select('x.id').where('x.type', '=', 'offer').where(matchesIn(SEARCHED.offer('x'), query, page.pass)),
    )
    .selectFrom('found')
    .innerJoin('task_documents as d', 'd.id', 'found.id')
    .innerJoin('tasks as t', 't.id', 'd.task_id')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select([...TASK_COLUMNS, 'd.id as documentId', 'd.name as documentName', 'd.description as documentDescription'])
    .where(visibleTask(scope, scope.documentProjectIds))
    .where(({ eb, selectFrom }) =>
      eb(
        'd.version',
        '=',
        selectFrom('task_documents as newer')
          .select((inner) => inner.fn.max('newer.version').as('version'))
          .whereRef('newer.task_id', '=', 'd.task_id')
          .where('newer.type', '=', 'offer'),
      ),
    )
    .where(notAmong('d.id', page.found ?? []))
    .orderBy('found.id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

/** The newest message's id (the search looks among the newest first). */
export async function newestMessageId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** People's messages (a system message has no author; deleted ones are gone) in the chats the viewer reads, newest first. */
export function findMessages(db: Db, scope: SearchScope, query: TextQuery, page: Page) {
  const body = SEARCHED.messageBody('m');
  return tasksFrom(db)
    .innerJoin('chats as c', 'c.task_id', 't.id')
    .innerJoin('messages as m', 'm.chat_id', 'c.id')
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
    .$if(page.afterMessageId != null, (found) => found.where('m.id', '>', page.afterMessageId!))
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
