/**
 * Small builders of believable rows, shared by the tests and the demo seed (so the two cannot drift).
 * Each takes the executor to write with, so a caller can build everything inside one transaction.
 * They write through the modules' repos where a module has the rule (task numbers, user rows).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { TASK_STATUSES, type AccountRole, type ChatKey, type Currency, type Language, type ProjectRole, type TaskStatus } from '@negayno/shared/contract';
import type { Db } from '../db/connection.js';
import type { NewTask, StaffProjectRole, StoredUrgency, TaskRow, UserRow } from '../db/schema.js';
import { hashPassword } from '../modules/auth/index.js';
import { EXPIRATION_OF_STATUS, insertTask, nextTaskNumber } from '../modules/tasks/index.js';
import { colorFor, findUserById, insertUser } from '../modules/users/index.js';

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

/** argon2 is slow on purpose; one hash per distinct password is plenty for test and demo rows. */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface UserInput {
  email?: string;
  password?: string;
  firstname?: string;
  lastname?: string;
  nickname?: string | null;
  role?: AccountRole;
  canNegayno?: boolean;
  language?: Language;
  currency?: Currency;
}

export async function createUser(db: Db, input: UserInput = {}): Promise<UserRow> {
  const email = input.email ?? `user-${randomUUID().slice(0, 8)}@test.test`;
  const id = await insertUser(db, {
    email,
    password_hash: await hashOnce(input.password ?? DEFAULT_TEST_PASSWORD),
    firstname: input.firstname ?? 'Тест',
    lastname: input.lastname ?? 'Користувач',
    nickname: input.nickname ?? null,
    role: input.role ?? 'user',
    can_negayno: input.canNegayno ?? false,
    language: input.language ?? 'uk',
    currency: input.currency ?? 'UAH',
    color: colorFor(email),
  });
  return (await findUserById(db, id))!;
}

export interface ProjectRef {
  id: number;
}
export interface UserRef {
  id: number;
}

/** A project with its creator as the owning administrator (`sortOrder`: where it stands in the owner's list). */
export async function createProject(
  db: Db,
  input: { owner: UserRef; name?: string; currency?: Currency; sortOrder?: number },
): Promise<{ id: number; name: string }> {
  const project = await db
    .insertInto('projects')
    .values({ name: input.name ?? `Проєкт ${randomUUID().slice(0, 4)}`, currency: input.currency ?? 'UAH', created_by: input.owner.id })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  await addMember(db, project, input.owner, 'administrator', { isOwner: true, sortOrder: input.sortOrder });
  return project;
}

export async function addMember(
  db: Db,
  project: ProjectRef,
  user: UserRef,
  role: ProjectRole,
  options: { isOwner?: boolean; sortOrder?: number; canNegayno?: boolean } = {},
): Promise<void> {
  await db
    .insertInto('project_members')
    .values({
      project_id: project.id,
      user_id: user.id,
      role,
      is_owner: options.isOwner ?? false,
      sort_order: options.sortOrder ?? 0,
      can_negayno: options.canNegayno ?? false,
    })
    .execute();
}

export async function inviteEmail(db: Db, project: ProjectRef, email: string): Promise<void> {
  await db.insertInto('project_invitations').values({ project_id: project.id, email }).execute();
}

export async function attachStaff(db: Db, project: ProjectRef, user: UserRef & { role: AccountRole }): Promise<void> {
  if (user.role !== 'am' && user.role !== 'pm' && user.role !== 'sm') throw new Error(`only am, pm and sm are attached to projects, not ${user.role}`);
  await db
    .insertInto('project_staff')
    .values({ project_id: project.id, user_id: user.id, role: user.role as StaffProjectRole })
    .execute();
}

type TaskDates = Partial<Pick<NewTask, Extract<keyof NewTask, `date_${string}`>>>;

/**
 * The dates a task has gathered by the time it stands in a status: each step of the life cycle one
 * day after the previous, the current one ending `at`, the current status' expiration ahead of it.
 */
export function datesForStatus(status: TaskStatus, at: Date = new Date()): TaskDates {
  const stepsDone = TASK_STATUSES.indexOf(status);
  const day = 24 * 3600_000;
  const dayOf = (step: number) => new Date(at.getTime() - (stepsDone - step) * day);
  const ahead = (days: number) => new Date(at.getTime() + days * day);
  const dates: TaskDates = {};
  const reached = (s: TaskStatus) => stepsDone >= TASK_STATUSES.indexOf(s);
  if (reached('published')) dates.date_publish = dayOf(1);
  if (reached('discussion')) dates.date_start_discuss = dayOf(2);
  if (reached('estimation')) dates.date_start_calc = dayOf(3);
  if (reached('estimated')) dates.date_finish_calc = dayOf(4);
  if (reached('offer')) dates.date_send = dayOf(5);
  if (reached('in_work')) {
    dates.date_approval = dayOf(6);
    dates.date_deadline = ahead(status === 'in_work' ? 10 : 0);
  }
  if (reached('testing')) dates.date_send_to_test = dayOf(7);
  if (reached('review')) {
    dates.date_accept_on_test = dayOf(8);
    dates.date_send_to_prod = dayOf(8);
  }
  if (reached('archived')) dates.date_archived = dayOf(10);
  const current = EXPIRATION_OF_STATUS[status];
  if (current) dates[current] = ahead(3);
  return dates;
}

export interface TaskInput {
  project: ProjectRef;
  author: UserRef;
  status?: TaskStatus;
  name?: string;
  description?: string;
  importance?: number;
  negayno?: boolean;
  paused?: boolean;
  performers?: UserRef[];
  /** When the task reached its status; earlier dates fall one day apart before it. */
  at?: Date;
  dates?: TaskDates;
}

export async function createTask(db: Db, input: TaskInput): Promise<TaskRow> {
  const status = input.status ?? 'draft';
  const at = input.at ?? new Date();
  const id = await insertTask(db, {
    project_id: input.project.id,
    number: await nextTaskNumber(db, input.project.id),
    name: input.name ?? `Задача ${randomUUID().slice(0, 4)}`,
    status,
    author_id: input.author.id,
    description: input.description ?? '',
    importance: input.importance ?? 0,
    negayno: input.negayno ?? false,
    date_pause: input.paused ? at : null,
    ...datesForStatus(status, at),
    ...input.dates,
    created_at: new Date(at.getTime() - 14 * 24 * 3600_000),
    updated_at: at,
  });
  for (const performer of input.performers ?? []) await assignPerformer(db, { id }, performer);
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function assignPerformer(db: Db, task: { id: number }, performer: UserRef): Promise<void> {
  await db.insertInto('task_performers').values({ task_id: task.id, user_id: performer.id }).execute();
}

export async function createChats(db: Db, task: { id: number }, at?: Date): Promise<Record<ChatKey, number>> {
  const rows = await db
    .insertInto('chats')
    .values([
      { task_id: task.id, key: 'main', ...(at ? { created_at: at } : {}) },
      { task_id: task.id, key: 'work', ...(at ? { created_at: at } : {}) },
    ])
    .returning(['id', 'key'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.id])) as Record<ChatKey, number>;
}

/** A message; with no author it is a system message. */
export async function postMessage(db: Db, chatId: number, author: UserRef | null, body: string, at?: Date): Promise<number> {
  const row = await db
    .insertInto('messages')
    .values({ chat_id: chatId, author_id: author?.id ?? null, body, ...(at ? { created_at: at, updated_at: at } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks everything up to a message as read by a user. */
export async function markRead(db: Db, chatId: number, reader: UserRef, lastMessageId: number): Promise<void> {
  await db
    .insertInto('chat_reads')
    .values({ chat_id: chatId, user_id: reader.id, last_viewed_message_id: lastMessageId })
    .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doUpdateSet({ last_viewed_message_id: lastMessageId, updated_at: new Date() }))
    .execute();
}

export interface DocumentInput {
  task: { id: number };
  type: 'offer' | 'contract';
  author: UserRef;
  name: string;
  workList: string[];
  /** Minor units and unix seconds; a contract keeps the chosen urgency last. */
  urgencies: StoredUrgency[];
  currency?: Currency;
  /** A contract's price (0 is "by arrangement") and chosen urgency. */
  cost?: number;
  urgency?: number;
  progress?: number;
  /** The offer a contract was made from. */
  offer?: { id: number };
  dateStart?: Date;
  dateDeadline?: Date;
  at?: Date;
}

/** An offer (the next version of the task's offer) or the contract made from one. */
/** A performer's estimate of a task (finish-evaluation's body), as the staff's drawer shows it (issue 33). */
export async function createEstimate(
  db: Db,
  input: {
    task: { id: number };
    performer: UserRef;
    estimate: string;
    executionTime: number;
    executionTimeBase: number;
    delayStart: number;
    jobItems: string[];
    at?: Date;
  },
): Promise<void> {
  await db
    .insertInto('task_estimates')
    .values({
      task_id: input.task.id,
      performer_id: input.performer.id,
      estimate: input.estimate,
      execution_time: input.executionTime,
      execution_time_base: input.executionTimeBase,
      delay_start: input.delayStart,
      job_items: JSON.stringify(input.jobItems),
      date_auto_send_for_check: null,
      created_at: input.at ?? new Date(),
    })
    .execute();
}

export async function createDocument(db: Db, input: DocumentInput): Promise<number> {
  const at = input.at ?? new Date();
  const row = await db
    .insertInto('task_documents')
    .values((eb) => ({
      task_id: input.task.id,
      type: input.type,
      version: eb
        .selectFrom('task_documents')
        .select(sql<number>`coalesce(max(version), 0) + 1`.as('next'))
        .where('task_id', '=', input.task.id)
        .where('type', '=', input.type),
      name: input.name,
      work_list: JSON.stringify(input.workList),
      urgencies: JSON.stringify(input.urgencies),
      currency: input.currency ?? 'UAH',
      cost: input.cost ?? 0,
      urgency: input.urgency ?? null,
      progress: input.progress ?? 0,
      author_id: input.author.id,
      offer_id: input.offer?.id ?? null,
      date_start: input.dateStart ?? null,
      date_deadline: input.dateDeadline ?? null,
      created_at: at,
      updated_at: at,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
