/**
 * "Whose move" (issues 13 and 33): who is expected to answer next in a task, and since when. One table
 * decides it: the task's status (whose step it is, decisions 3 "who moves it on") against the side of
 * the last person's message in the main chat since that status began. Each workflow step leaves a
 * system message, so the last one dates the status.
 */
import type { MoveOf, TaskStatus, WhoseMove } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { toUnix } from '../../lib/time.js';
import { selectTaskIds, type TaskSelection } from './repo.js';

/**
 * The last person's message in the main chat since the status began:
 * - `none`: nobody wrote since;
 * - `client`: a client wrote and nobody on the staff has answered since;
 * - `answer`: the staff answered a client who wrote since the status began;
 * - `staff`: only the staff wrote (a hand-over, a note): it asks nothing of the client.
 */
export type LastSide = 'none' | 'client' | 'answer' | 'staff';

/**
 * Whose move, by status and last side. A client's unanswered message is the managers' to answer; a
 * staff answer to it hands the move back to the client while the step is the managers'; otherwise the
 * status's own side moves it on (decisions 3).
 */
export const WHOSE_MOVE: Record<TaskStatus, Record<LastSide, MoveOf | null>> = {
  draft: { none: null, client: null, answer: null, staff: null },
  published: { none: 'manager', client: 'manager', answer: 'client', staff: 'manager' },
  discussion: { none: 'manager', client: 'manager', answer: 'client', staff: 'manager' },
  estimation: { none: 'performer', client: 'manager', answer: 'performer', staff: 'performer' },
  estimated: { none: 'manager', client: 'manager', answer: 'client', staff: 'manager' },
  offer: { none: 'client', client: 'manager', answer: 'client', staff: 'client' },
  in_work: { none: 'performer', client: 'manager', answer: 'performer', staff: 'performer' },
  testing: { none: 'client', client: 'manager', answer: 'client', staff: 'client' },
  review: { none: 'client', client: 'manager', answer: 'client', staff: 'client' },
  rating: { none: 'client', client: 'manager', answer: 'client', staff: 'client' },
  archived: { none: null, client: null, answer: null, staff: null },
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

export function lastSideOf({ statusSince, lastStaffAt, lastClientAt }: ChatFacts): LastSide {
  const clientSince = lastClientAt !== null && lastClientAt > statusSince;
  const staffSince = lastStaffAt !== null && lastStaffAt > statusSince;
  if (clientSince && (!lastStaffAt || lastClientAt > lastStaffAt)) return 'client';
  if (staffSince) return clientSince ? 'answer' : 'staff';
  return 'none';
}

export function whoseMoveOf(facts: ChatFacts): WhoseMove | null {
  const side = lastSideOf(facts);
  const who = WHOSE_MOVE[facts.status][side];
  if (who === null) return null;
  // The move is dated by what handed it over: the client's first waiting message, the answer, or the step.
  if (side === 'client') return { who, since: toUnix(facts.clientWaitingSince ?? facts.lastClientAt!) };
  if (side === 'answer' && who !== WHOSE_MOVE[facts.status].none) return { who, since: toUnix(facts.lastStaffAt!) };
  return { who, since: toUnix(facts.statusSince) };
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
