/**
 * "Whose move" (issue 13): who is expected to answer next in a task, and since when. The status says
 * whose step it is (decisions 3); the main chat can override it: a client's message nobody on the staff
 * has answered since hands the move to the managers, and a manager's answer to a question hands it back
 * to the client. Each workflow step leaves a system message, so the last one dates the status.
 */
import type { MoveOf, TaskStatus, WhoseMove } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { toUnix } from '../../lib/time.js';
import { selectTaskIds, type TaskSelection } from './repo.js';

/** Whose step each status is, before the chat is read. */
const MOVE_OF_STATUS: Record<TaskStatus, MoveOf | null> = {
  draft: null,
  published: 'manager',
  discussion: 'manager',
  estimation: 'performer',
  estimated: 'manager',
  offer: 'client',
  in_work: 'performer',
  testing: 'client',
  review: 'client',
  rating: 'client',
  archived: null,
};

/** What the main chat of a task says about the move. */
export interface ChatFacts {
  taskId: number;
  status: TaskStatus;
  /** The last system message (a workflow step), or when the chat began. */
  statusSince: Date;
  lastStaffAt: Date | null;
  lastClientAt: Date | null;
  /** The first client message after the last staff one: since when the client has waited. */
  clientWaitingSince: Date | null;
}

export function whoseMoveOf(facts: ChatFacts): WhoseMove | null {
  const byStatus = MOVE_OF_STATUS[facts.status];
  if (byStatus === null) return null;
  const { lastStaffAt, lastClientAt, statusSince } = facts;
  if (lastClientAt && lastClientAt > statusSince && (!lastStaffAt || lastClientAt > lastStaffAt)) {
    return { who: 'manager', since: toUnix(facts.clientWaitingSince ?? lastClientAt) };
  }
  if (byStatus === 'manager' && lastStaffAt && lastStaffAt > statusSince) return { who: 'client', since: toUnix(lastStaffAt) };
  return { who: byStatus, since: toUnix(statusSince) };
}

/** The chat facts of every selected task that has chats, in one statement. */
export async function chatFactsOf(db: Db, selection: TaskSelection): Promise<ChatFacts[]> {
  const rows = await db
    .selectFrom('chats as c')
    .innerJoin('tasks as t', 't.id', 'c.task_id')
    .select([
      'c.task_id as taskId',
      't.status',
      // Each "latest" is the first row of a backward index scan (messages_chat_created_idx, messages_chat_idx):
      // max() over a join would read every message of the chat, and a chat may hold thousands.
      sql<Date>`coalesce((select m.created_at from messages m where m.chat_id = c.id and m.author_id is null
        order by m.created_at desc limit 1), c.created_at)`.as('statusSince'),
      sql<Date | null>`(select m.created_at from messages m join users u on u.id = m.author_id
        where m.chat_id = c.id and m.deleted_at is null and u.role <> 'user' order by m.created_at desc limit 1)`.as('lastStaffAt'),
      sql<Date | null>`(select m.created_at from messages m join users u on u.id = m.author_id
        where m.chat_id = c.id and m.deleted_at is null and u.role = 'user' order by m.created_at desc limit 1)`.as('lastClientAt'),
      sql<Date | null>`(select min(m.created_at) from messages m join users u on u.id = m.author_id
        where m.chat_id = c.id and m.deleted_at is null and u.role = 'user'
          and m.id > coalesce((select s.id from messages s join users su on su.id = s.author_id
            where s.chat_id = c.id and s.deleted_at is null and su.role <> 'user' order by s.id desc limit 1), 0))`.as('clientWaitingSince'),
    ])
    .where('c.key', '=', 'main')
    .where('c.task_id', 'in', selectTaskIds(db, selection))
    .execute();
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return rows.map((row) => ({
    taskId: row.taskId,
    status: row.status,
    statusSince: date(row.statusSince)!,
    lastStaffAt: date(row.lastStaffAt),
    lastClientAt: date(row.lastClientAt),
    clientWaitingSince: date(row.clientWaitingSince),
  }));
}
