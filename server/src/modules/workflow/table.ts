/**
 * The one transition table of the task life cycle (decisions 3 "Action calls"): for every action, the
 * statuses it starts from, who may take it, what must hold besides the status, the status it leads
 * to, the dates it sets, what else it does (documents, escrow, chats), what it says in the main chat
 * and whom it tells. The engine (service.ts) runs a row inside one transaction; nothing else anywhere
 * checks a task's status to decide whether something may happen.
 */
import { DOCUMENT_ACTION_BODIES, TASK_ACTION_BODIES } from '@negayno/shared/contract/action-bodies';
import { TASK_STATUSES, type DocumentActionName, type ErrorCode, type SystemNote, type TaskActionName, type TaskStatus } from '@negayno/shared/contract';
import type { z } from 'zod';
import type { WorkflowConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { StoredUrgency } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Changes } from '../../infra/realtime/changes.js';
import { createTaskChats } from '../chats/index.js';
import type { EscrowService, EscrowTask } from '../money/index.js';
import { EXPIRATION_OF_STATUS } from '../tasks/index.js';
import {
  currentDocument,
  existingPerformers,
  insertDocument,
  insertEstimate,
  lastEstimate,
  markOfferRejected,
  markPerformersFinished,
  mayUseNegayno,
  performerIdsOf,
  projectCurrency,
  replacePerformers,
  updateContract,
  type DocumentRow,
  type LockedTask,
  type PeopleOfTask,
  type TaskPatch,
} from './repo.js';

/**
 * Who takes part in a task: `client` is its author or a project administrator, `clientAdmin` an
 * administrator only, `performer` one assigned to it; `system` is the scheduler.
 */
export type Actor = 'client' | 'clientAdmin' | 'am' | 'pm' | 'sm' | 'performer' | 'system';
export type Audience = Exclude<keyof PeopleOfTask, never>;
export type RowName = TaskActionName | `document-${DocumentActionName}`;

export interface StepDeps {
  settings: WorkflowConfig;
  escrow: EscrowService;
}

/**
 * What a row's effect sees: the step's unit of work (its transaction and change set, which the ledger
 * records its postings in), the locked task, the step's actor and time, the document acted on.
 */
export interface Step<Body = unknown> {
  trx: Db;
  changed: Changes;
  task: LockedTask;
  userId: number | null;
  actors: ReadonlySet<Actor>;
  now: Date;
  deps: StepDeps;
  /** The offer a document action answers. */
  document?: DocumentRow;
  body: Body;
}

/** What an effect adds to the step: more columns, the main chat's line, whether the documents changed. */
export interface Effect {
  patch?: TaskPatch;
  /** The line the step leaves in the main chat. */
  say?: SystemNote;
  deadline?: Date | null;
  documentsChanged?: boolean;
  /** The draft is gone (delete): nothing to write back or present. */
  deleted?: boolean;
  /** People who lost their tie to the task (performers taken off): their sockets' rooms are asked again. */
  leftTask?: number[];
}

export interface Row<Schema extends z.ZodType = z.ZodType> {
  from: readonly TaskStatus[];
  /** Who may act; a function where it depends on the status (delete: the author for a draft, an admin later). */
  who: readonly Actor[] | ((task: LockedTask) => readonly Actor[]);
  /** The status it leads to; absent where the task stays (progress, pause) or the effect decides (restore). */
  to?: TaskStatus;
  body: Schema;
  /** What must hold besides the status; a failure is `method_not_allowed` unless it names another code. */
  /** Reads only (it is also asked outside a step, to list the actions open now). */
  guard?: (step: Omit<Step<undefined>, 'changed'>) => boolean | ErrorCode | Promise<boolean | ErrorCode>;
  effect?: (step: Step<z.output<Schema>>) => Effect | Promise<Effect>;
  notify: readonly Audience[];
}

const HOUR_MS = 3600_000;
const LIVE: readonly TaskStatus[] = TASK_STATUSES.filter((status) => status !== 'archived');
const BEFORE_WORK: readonly TaskStatus[] = ['draft', 'published', 'discussion', 'estimation', 'estimated', 'offer'];
/** Statuses in which the task's escrow holds the contract's price. */
const ESCROW_HELD: readonly TaskStatus[] = ['in_work', 'testing', 'review'];

/** The expiration of a timed status from now, from the SLA settings; negayno tasks get half the time. */
export function expirationOf(status: TaskStatus, task: { negayno: boolean }, now: Date, settings: WorkflowConfig): TaskPatch {
  const column = EXPIRATION_OF_STATUS[status];
  if (!column) return {};
  const hours = settings.slaHours[status as keyof WorkflowConfig['slaHours']] / (task.negayno ? 2 : 1);
  return { [column]: new Date(now.getTime() + hours * HOUR_MS) };
}

async function escrowTask(step: Step<unknown>, documentName: string): Promise<EscrowTask> {
  return { taskId: step.task.id, projectId: step.task.project_id, currency: await projectCurrency(step.trx, step.task.project_id), documentName };
}

async function payeesOf(step: Step<unknown>, contract: DocumentRow | undefined) {
  return { performerIds: await performerIdsOf(step.trx, step.task.id), smId: contract?.author_id ?? null };
}

function row<Schema extends z.ZodType>(definition: Row<Schema>): Row {
  return definition as unknown as Row;
}

function entering(status: TaskStatus, step: Step<unknown>, patch: TaskPatch = {}): TaskPatch {
  return { ...patch, ...expirationOf(status, step.task, step.now, step.deps.settings) };
}

export const TABLE: Record<RowName, Row> = {
  publish: row({
    from: ['draft'],
    who: ['client'],
    to: 'published',
    body: TASK_ACTION_BODIES.publish,
    async effect(step) {
      if (step.body.negayno && !(await mayUseNegayno(step.trx, step.userId!, step.task.project_id))) throw new AppError('access_denied');
      const negayno = step.body.negayno;
      return { patch: { negayno, date_publish: step.now, ...expirationOf('published', { negayno }, step.now, step.deps.settings) } };
    },
    notify: ['am', 'pm'],
  }),
  'to-drafts': row({
    from: ['published'],
    who: ['client'],
    to: 'draft',
    body: TASK_ACTION_BODIES['to-drafts'],
    effect: () => ({ patch: { date_publish: null, date_publish_expiration: null } }),
    notify: ['am', 'pm'],
  }),
  'to-discussion': row({
    from: ['published'],
    who: ['am', 'pm'],
    to: 'discussion',
    body: TASK_ACTION_BODIES['to-discussion'],
    async effect(step) {
      await createTaskChats(step.trx, step.task.id);
      const patch = entering('discussion', step, { date_start_discuss: step.now });
      return { patch, say: { key: 'to-discussion' }, deadline: patch.date_discuss_expiration as Date };
    },
    notify: ['clients'],
  }),
  'to-estimation': row({
    from: ['discussion'],
    who: ['pm'],
    to: 'estimation',
    body: TASK_ACTION_BODIES['to-estimation'],
    async effect(step) {
      const wanted = [...new Set(step.body.performerIds)];
      if ((await existingPerformers(step.trx, wanted)).length !== wanted.length) throw new AppError('user_not_found');
      const leftTask = await replacePerformers(step.trx, step.task.id, wanted, step.userId);
      const patch = entering('estimation', step, { date_start_calc: step.now });
      return { patch, say: { key: 'to-estimation' }, deadline: patch.date_calc_expiration as Date, leftTask };
    },
    notify: ['performers'],
  }),
  'finish-evaluation': row({
    from: ['estimation'],
    who: ['performer'],
    to: 'estimated',
    body: TASK_ACTION_BODIES['finish-evaluation'],
    async effect(step) {
      const autoSend = step.body.dateAutoSendForCheck ? new Date(step.body.dateAutoSendForCheck * 1000) : null;
      await insertEstimate(step.trx, step.task.id, step.userId, { ...step.body, dateAutoSendForCheck: autoSend });
      return { patch: { date_finish_calc: step.now, date_auto_send_for_check: autoSend }, say: { key: 'finish-evaluation' } };
    },
    notify: ['sm', 'pm'],
  }),
  'continue-evaluation': row({
    from: ['estimated'],
    who: ['performer', 'pm'],
    to: 'estimation',
    body: TASK_ACTION_BODIES['continue-evaluation'],
    effect: (step) => ({ patch: entering('estimation', step), say: { key: 'continue-evaluation' } }),
    notify: ['pm', 'sm', 'performers'],
  }),
  're-estimate': row({
    from: ['estimated'],
    who: ['sm', 'pm'],
    to: 'estimation',
    body: TASK_ACTION_BODIES['re-estimate'],
    effect: (step) => ({
      patch: entering('estimation', step, { date_reject_calc: step.now }),
      say: { key: 're-estimate', reason: step.body.message },
    }),
    notify: ['performers', 'pm'],
  }),
  'restore-estimate': row({
    from: ['estimation'],
    who: ['sm', 'pm'],
    to: 'estimated',
    body: TASK_ACTION_BODIES['restore-estimate'],
    guard: async (step) => ((await lastEstimate(step.trx, step.task.id)) ? true : 'estimate_not_found'),
    effect: (step) => ({ patch: { date_finish_calc: step.now }, say: { key: 'restore-estimate' } }),
    notify: ['sm', 'performers'],
  }),
  'send-offer': row({
    from: ['estimated'],
    who: ['sm'],
    to: 'offer',
    body: TASK_ACTION_BODIES['send-offer'],
    async effect(step) {
      const nowSeconds = step.now.getTime() / 1000;
      if (step.body.urgencies.some((urgency) => urgency.dateDeadline <= nowSeconds))
        throw new AppError('dateDeadline_is_invalid', { 'urgencies.dateDeadline': 'dateDeadline_is_invalid' });
      const urgencies = [...step.body.urgencies].sort((a, b) => a.urgency - b.urgency) as StoredUrgency[];
      await insertDocument(step.trx, {
        taskId: step.task.id,
        type: 'offer',
        name: step.body.name,
        description: step.body.description,
        workList: step.body.workList,
        urgencies,
        currency: await projectCurrency(step.trx, step.task.project_id),
        cost: urgencies[urgencies.length - 1]!.price,
        urgency: null,
        authorId: step.userId,
        offerId: null,
        dateStart: null,
        dateDeadline: new Date(urgencies[urgencies.length - 1]!.dateDeadline * 1000),
      });
      const patch = entering('offer', step, { date_send: step.now });
      return {
        patch,
        say: { key: 'send-offer', name: step.body.name },
        deadline: patch.date_offer_expiration as Date,
        documentsChanged: true,
      };
    },
    notify: ['clientAdmins', 'pm'],
  }),
  'return-offer': row({
    from: ['offer'],
    who: ['sm'],
    to: 'estimated',
    body: TASK_ACTION_BODIES['return-offer'],
    effect: (step) => ({
      patch: { date_offer_expiration: null },
      say: { key: 'return-offer', reason: step.body.message },
      documentsChanged: true,
    }),
    notify: ['pm', 'clientAdmins'],
  }),
  'document-accept': row({
    from: ['offer'],
    who: ['clientAdmin'],
    to: 'in_work',
    body: DOCUMENT_ACTION_BODIES.accept,
    // An offer past its expiration can no longer be accepted (it shows disabled).
    guard: (step) => step.task.date_offer_expiration === null || step.task.date_offer_expiration > step.now,
    async effect(step) {
      const offer = step.document!;
      const chosen = offer.urgencies.find((urgency) => urgency.urgency === step.body.urgency);
      if (!chosen) throw new AppError('urgency_not_found');
      const deadline = new Date(chosen.dateDeadline * 1000);
      await insertDocument(step.trx, {
        taskId: step.task.id,
        type: 'contract',
        name: offer.name,
        description: offer.description,
        workList: offer.work_list,
        urgencies: [chosen],
        currency: offer.currency,
        cost: chosen.price,
        urgency: chosen.urgency,
        authorId: offer.author_id,
        offerId: offer.id,
        dateStart: step.now,
        dateDeadline: deadline,
      });
      await step.deps.escrow.moveToEscrow(step, await escrowTask(step, offer.name), chosen.price, step.userId!);
      return {
        patch: { date_approval: step.now, date_deadline: deadline, date_offer_expiration: null },
        say: { key: 'document-accept' },
        deadline,
        documentsChanged: true,
      };
    },
    notify: ['pm', 'sm', 'performers'],
  }),
  'document-reject': row({
    from: ['offer'],
    who: ['clientAdmin'],
    to: 'discussion',
    body: DOCUMENT_ACTION_BODIES.reject,
    async effect(step) {
      await markOfferRejected(step.trx, step.document!.id, { userId: step.userId, reason: step.body.message, at: step.now });
      return {
        patch: entering('discussion', step, { date_offer_expiration: null }),
        say: { key: 'document-reject', reason: step.body.message },
        documentsChanged: true,
      };
    },
    notify: ['am', 'pm', 'sm'],
  }),
  'document-update': row({
    from: ['offer'],
    who: ['clientAdmin'],
    to: 'estimation',
    body: DOCUMENT_ACTION_BODIES.update,
    effect: (step) => ({
      patch: entering('estimation', step, { date_offer_expiration: null }),
      say: { key: 'document-update', reason: step.body.message },
      documentsChanged: true,
    }),
    notify: ['pm', 'sm', 'performers'],
  }),
  progress: row({
    from: ['in_work'],
    who: ['pm'],
    body: TASK_ACTION_BODIES.progress,
    async effect(step) {
      await updateContract(step.trx, step.task.id, { progress: step.body.progress }, step.now);
      return { say: { key: 'progress', progress: step.body.progress }, documentsChanged: true };
    },
    notify: ['clients'],
  }),
  'to-manager-review': row({
    from: ['in_work'],
    who: ['performer'],
    body: TASK_ACTION_BODIES['to-manager-review'],
    async effect(step) {
      await markPerformersFinished(step.trx, step.task.id, step.now, step.userId!);
      return { say: { key: 'to-manager-review' }, documentsChanged: true };
    },
    notify: ['pm'],
  }),
  pause: row({
    from: ['in_work'],
    who: ['pm'],
    body: TASK_ACTION_BODIES.pause,
    guard: (step) => step.task.date_pause === null,
    effect: (step) => ({ patch: { date_pause: step.now }, say: { key: 'pause' }, documentsChanged: true }),
    notify: ['clients', 'performers'],
  }),
  unpause: row({
    from: ['in_work'],
    who: ['pm'],
    body: TASK_ACTION_BODIES.unpause,
    guard: (step) => step.task.date_pause !== null,
    async effect(step) {
      // The pause does not eat the work's time: the deadline moves by as long as the work stood still.
      const paused = step.now.getTime() - step.task.date_pause!.getTime();
      const deadline = step.task.date_deadline ? new Date(step.task.date_deadline.getTime() + paused) : null;
      await updateContract(step.trx, step.task.id, { date_deadline: deadline }, step.now);
      return { patch: { date_pause: null, date_deadline: deadline }, say: { key: 'unpause' }, deadline, documentsChanged: true };
    },
    notify: ['clients', 'performers'],
  }),
  'to-test': row({
    from: ['in_work'],
    who: ['pm', 'system'],
    to: 'testing',
    body: TASK_ACTION_BODIES['to-test'],
    guard: (step) => step.task.date_pause === null,
    effect: (step) => {
      const patch = entering('testing', step, { date_send_to_test: step.now, date_accept_on_test: null, date_auto_send_for_check: null });
      return { patch, say: { key: 'to-test' }, deadline: patch.date_test_expiration as Date };
    },
    notify: ['clients', 'pm'],
  }),
  'accept-test': row({
    from: ['testing'],
    who: ['client'],
    body: TASK_ACTION_BODIES['accept-test'],
    guard: (step) => step.task.date_accept_on_test === null,
    effect: (step) => ({ patch: { date_accept_on_test: step.now }, say: { key: 'accept-test' } }),
    notify: ['pm'],
  }),
  'reject-test': row({
    from: ['testing'],
    who: ['client'],
    to: 'in_work',
    body: TASK_ACTION_BODIES['reject-test'],
    effect: (step) => ({
      patch: { date_accept_on_test: null },
      say: { key: 'reject-test', reason: step.body.message },
      deadline: step.task.date_deadline,
    }),
    notify: ['pm', 'performers'],
  }),
  'to-prod': row({
    from: ['testing'],
    who: ['pm'],
    to: 'review',
    body: TASK_ACTION_BODIES['to-prod'],
    guard: (step) => step.task.date_accept_on_test !== null,
    effect: (step) => {
      const patch = entering('review', step, { date_send_to_prod: step.now });
      return { patch, say: { key: 'to-prod' }, deadline: patch.date_prod_expiration as Date };
    },
    notify: ['clients'],
  }),
  'accept-work': row({
    from: ['review'],
    who: ['clientAdmin'],
    to: 'rating',
    body: TASK_ACTION_BODIES['accept-work'],
    async effect(step) {
      const contract = await currentDocument(step.trx, step.task.id, 'contract');
      await step.deps.escrow.release(step, await escrowTask(step, contract?.name ?? ''), await payeesOf(step, contract));
      await markPerformersFinished(step.trx, step.task.id, step.now);
      return { say: { key: 'accept-work' }, documentsChanged: true };
    },
    notify: ['pm', 'sm', 'performers'],
  }),
  'reject-prod': row({
    from: ['review'],
    who: ['clientAdmin'],
    to: 'in_work',
    body: TASK_ACTION_BODIES['reject-prod'],
    effect: (step) => ({
      patch: { date_reject_on_prod: step.now, date_accept_on_test: null },
      say: { key: 'reject-prod', reason: step.body.message },
      deadline: step.task.date_deadline,
    }),
    notify: ['pm', 'performers'],
  }),
  'add-rating': row({
    from: ['rating'],
    who: ['client'],
    body: TASK_ACTION_BODIES['add-rating'],
    effect: (step) => ({ patch: { rating: step.body.rating, review: step.body.review }, say: { key: 'add-rating', rating: step.body.rating } }),
    notify: ['pm', 'performers'],
  }),
  'finish-rating': row({
    from: ['rating'],
    who: ['client'],
    to: 'archived',
    body: TASK_ACTION_BODIES['finish-rating'],
    effect: (step) => ({ patch: { date_archived: step.now }, say: { key: 'finish-rating' } }),
    notify: ['pm', 'am'],
  }),
  'to-archive': row({
    from: BEFORE_WORK,
    who: ['am'],
    to: 'archived',
    body: TASK_ACTION_BODIES['to-archive'],
    effect: (step) => ({ patch: { archived_from: step.task.status, date_archived: step.now }, say: { key: 'to-archive' } }),
    notify: ['clients'],
  }),
  restore: row({
    from: ['archived'],
    who: ['am'],
    body: TASK_ACTION_BODIES.restore,
    // Only what the am archived comes back: a finished task stays finished.
    guard: (step) => step.task.archived_from !== null,
    effect: (step) => {
      const status = step.task.archived_from!;
      return { patch: entering(status, step, { status, archived_from: null, date_archived: null }), say: { key: 'restore' } };
    },
    notify: ['clients'],
  }),
  delete: row({
    from: LIVE,
    // A draft is its author's to drop; a published task only an administrator may ask to delete.
    who: (task) => (task.status === 'draft' ? ['client'] : ['clientAdmin']),
    body: TASK_ACTION_BODIES.delete,
    guard: (step) => step.task.deletion_requested_at === null,
    effect: (step) => {
      if (step.task.status === 'draft') return { deleted: true };
      if (!step.body.message) throw new AppError('message_is_empty', { message: 'message_is_empty' });
      return {
        patch: { deletion_requested_at: step.now, deletion_reason: step.body.message },
        say: { key: 'delete', reason: step.body.message },
      };
    },
    notify: ['am'],
  }),
  accept: row({
    from: LIVE,
    who: ['am'],
    to: 'archived',
    body: TASK_ACTION_BODIES.accept,
    guard: (step) => step.task.deletion_requested_at !== null,
    async effect(step) {
      if (ESCROW_HELD.includes(step.task.status)) {
        const contract = await currentDocument(step.trx, step.task.id, 'contract');
        await step.deps.escrow.refundByProgress(step, await escrowTask(step, contract?.name ?? ''), await payeesOf(step, contract), contract?.progress ?? 0);
      }
      return { patch: { date_archived: step.now, deletion_requested_at: null }, say: { key: 'accept' }, documentsChanged: true };
    },
    notify: ['clients', 'pm', 'sm', 'performers'],
  }),
  reject: row({
    from: LIVE,
    who: ['am'],
    body: TASK_ACTION_BODIES.reject,
    guard: (step) => step.task.deletion_requested_at !== null,
    effect: (step) => ({ patch: { deletion_requested_at: null, deletion_reason: null }, say: { key: 'reject', reason: step.body.message } }),
    notify: ['clients'],
  }),
};

export function whoMay(row: Row, task: LockedTask): readonly Actor[] {
  return typeof row.who === 'function' ? row.who(task) : row.who;
}
