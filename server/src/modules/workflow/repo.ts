/** The workflow's queries: the task row under its lock, performers, estimates, documents, and who to tell. */
import type { Currency, TaskStatus } from '@negayno/shared/contract';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { StoredUrgency, TasksTable } from '../../db/schema.js';

export type TaskPatch = Updateable<TasksTable>;

/** The task row locked for the step: two steps on one task wait for each other instead of both moving it. */
export function lockTask(db: Db, taskId: number) {
  return db.selectFrom('tasks').selectAll().where('id', '=', taskId).forUpdate().executeTakeFirst();
}

/** The same row without a lock, for the read-only answers (actions, documents). */
export function readTask(db: Db, taskId: number) {
  return db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
}

export type LockedTask = NonNullable<Awaited<ReturnType<typeof lockTask>>>;

export async function updateTask(db: Db, taskId: number, patch: TaskPatch, now: Date): Promise<void> {
  await db
    .updateTable('tasks')
    .set({ ...patch, updated_at: now })
    .where('id', '=', taskId)
    .execute();
}

export async function deleteTask(db: Db, taskId: number): Promise<void> {
  await db.deleteFrom('tasks').where('id', '=', taskId).execute();
}

export async function projectCurrency(db: Db, projectId: number): Promise<Currency> {
  const row = await db.selectFrom('projects').select('currency').where('id', '=', projectId).executeTakeFirstOrThrow();
  return row.currency;
}

/** Negayno is allowed to a client whose account or project membership carries canNegayno. */
export async function mayUseNegayno(db: Db, userId: number, projectId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('project_members as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.project_id', '=', projectId))
    .select(['u.can_negayno as account', 'm.can_negayno as member'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.account || row?.member);
}

export async function performerIdsOf(db: Db, taskId: number): Promise<number[]> {
  const rows = await db.selectFrom('task_performers').select('user_id').where('task_id', '=', taskId).orderBy('created_at').orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

export async function performsTask(db: Db, taskId: number, userId: number): Promise<boolean> {
  return (
    (await db.selectFrom('task_performers').select('user_id').where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst()) !== undefined
  );
}

/**
 * The ids among `ids` that are performer accounts, not deactivated (issue 31: no new assignments) and
 * not operators (an operator runs the agency from /ops and does not take tasks).
 */
export async function existingPerformers(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('role', '=', 'performer')
    .where('deactivated_at', 'is', null)
    .where('is_operator', '=', false)
    .execute();
  return rows.map((row) => row.id);
}

export function allPerformers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'nickname'])
    .where('role', '=', 'performer')
    .where('deactivated_at', 'is', null)
    .where('is_operator', '=', false)
    .orderBy('lastname')
    .orderBy('id')
    .limit(500)
    .execute();
}

/** The task's performers become exactly `ids`; who stays keeps their row (and their dateFinish). */
/** Answers the performers taken off the task. */
export async function replacePerformers(db: Db, taskId: number, ids: number[], assignedBy: number | null): Promise<number[]> {
  const removed = await db.deleteFrom('task_performers').where('task_id', '=', taskId).where('user_id', 'not in', ids).returning('user_id').execute();
  await db
    .insertInto('task_performers')
    .values(ids.map((userId) => ({ task_id: taskId, user_id: userId, assigned_by: assignedBy })))
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doNothing())
    .execute();
  return removed.map((row) => row.user_id);
}

export async function markPerformersFinished(db: Db, taskId: number, now: Date, userId?: number): Promise<void> {
  let query = db.updateTable('task_performers').set({ date_finish: now }).where('task_id', '=', taskId).where('date_finish', 'is', null);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

export interface EstimateInput {
  estimate: string;
  executionTime: number;
  executionTimeBase: number;
  delayStart: number;
  jobItem: string[];
  dateAutoSendForCheck: Date | null;
}

export async function insertEstimate(db: Db, taskId: number, performerId: number | null, input: EstimateInput): Promise<void> {
  await db
    .insertInto('task_estimates')
    .values({
      task_id: taskId,
      performer_id: performerId,
      estimate: input.estimate,
      execution_time: input.executionTime,
      execution_time_base: input.executionTimeBase,
      delay_start: input.delayStart,
      job_items: JSON.stringify(input.jobItem),
      date_auto_send_for_check: input.dateAutoSendForCheck,
    })
    .execute();
}

export function lastEstimate(db: Db, taskId: number) {
  return db.selectFrom('task_estimates').selectAll().where('task_id', '=', taskId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Every estimate of the task, newest first, with its performer's name (issue 33). */
export function estimatesOfTask(db: Db, taskId: number) {
  return db
    .selectFrom('task_estimates as e')
    .leftJoin('users as u', 'u.id', 'e.performer_id')
    .select([
      'e.id',
      'e.estimate',
      'e.execution_time',
      'e.execution_time_base',
      'e.delay_start',
      'e.job_items',
      'e.date_auto_send_for_check',
      'e.created_at',
      'e.performer_id',
      'u.firstname',
      'u.lastname',
    ])
    .where('e.task_id', '=', taskId)
    .orderBy('e.id', 'desc')
    .execute();
}

export type EstimateRow = Awaited<ReturnType<typeof estimatesOfTask>>[number];

/** The client's rejection of an offer version: its reason, who and when (issue 33). */
export async function markOfferRejected(db: Db, documentId: number, rejection: { userId: number | null; reason: string; at: Date }): Promise<void> {
  await db
    .updateTable('task_documents')
    .set({ rejected_by: rejection.userId, rejected_at: rejection.at, reject_reason: rejection.reason })
    .where('id', '=', documentId)
    .execute();
}

/** The names of the people who rejected offers, by id. */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, { id: number; firstname: string; lastname: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'firstname', 'lastname']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export function documentsOfTask(db: Db, taskId: number) {
  return db.selectFrom('task_documents').selectAll().where('task_id', '=', taskId).orderBy('type').orderBy('version').execute();
}

export type DocumentRow = Awaited<ReturnType<typeof documentsOfTask>>[number];

export function findDocument(db: Db, documentId: number) {
  return db.selectFrom('task_documents').selectAll().where('id', '=', documentId).executeTakeFirst();
}

export function currentDocument(db: Db, taskId: number, type: 'offer' | 'contract') {
  return db
    .selectFrom('task_documents')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('type', '=', type)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface NewDocument {
  taskId: number;
  type: 'offer' | 'contract';
  name: string;
  description: string;
  workList: string[];
  urgencies: StoredUrgency[];
  currency: Currency;
  cost: number;
  urgency: number | null;
  authorId: number | null;
  offerId: number | null;
  dateStart: Date | null;
  dateDeadline: Date | null;
}

/** A new version of the task's offer (or its contract): the version after the highest of that type. */
export async function insertDocument(db: Db, document: NewDocument): Promise<number> {
  const row = await db
    .insertInto('task_documents')
    .values((eb) => ({
      task_id: document.taskId,
      type: document.type,
      version: eb
        .selectFrom('task_documents')
        .select(sql<number>`coalesce(max(version), 0) + 1`.as('next'))
        .where('task_id', '=', document.taskId)
        .where('type', '=', document.type),
      name: document.name,
      description: document.description,
      work_list: JSON.stringify(document.workList),
      urgencies: JSON.stringify(document.urgencies),
      currency: document.currency,
      cost: document.cost,
      urgency: document.urgency,
      author_id: document.authorId,
      offer_id: document.offerId,
      date_start: document.dateStart,
      date_deadline: document.dateDeadline,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateContract(db: Db, taskId: number, patch: { progress?: number; date_deadline?: Date | null }, now: Date): Promise<void> {
  await db
    .updateTable('task_documents')
    .set({ ...patch, updated_at: now })
    .where('task_id', '=', taskId)
    .where('type', '=', 'contract')
    .execute();
}

/** Who each audience of a step is, for one task: the client side and the project's staff. */
export async function peopleOfTask(db: Db, task: { id: number; project_id: number; author_id: number }) {
  const [admins, staff, performers] = await Promise.all([
    db.selectFrom('project_members').select('user_id').where('project_id', '=', task.project_id).where('role', '=', 'administrator').execute(),
    db.selectFrom('project_staff').select(['user_id', 'role']).where('project_id', '=', task.project_id).execute(),
    performerIdsOf(db, task.id),
  ]);
  const staffOf = (role: 'am' | 'pm' | 'sm') => staff.filter((row) => row.role === role).map((row) => row.user_id);
  const clientAdmins = admins.map((row) => row.user_id);
  return {
    clients: [...new Set([task.author_id, ...clientAdmins])],
    clientAdmins,
    am: staffOf('am'),
    pm: staffOf('pm'),
    sm: staffOf('sm'),
    performers,
  };
}

export type PeopleOfTask = Awaited<ReturnType<typeof peopleOfTask>>;

/** Tasks in work whose dateAutoSendForCheck has come, not paused; locked rows another process holds are skipped. */
export function dueForCheck(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('tasks')
    .select('id')
    .where('status', '=', 'in_work' satisfies TaskStatus)
    .where('date_auto_send_for_check', '<=', now)
    .where('date_pause', 'is', null)
    .orderBy('date_auto_send_for_check')
    .limit(limit)
    .execute();
}

export function lockTaskIfFree(db: Db, taskId: number) {
  return db.selectFrom('tasks').selectAll().where('id', '=', taskId).forUpdate().skipLocked().executeTakeFirst();
}
