/**
 * The task life cycle's calls (decisions 3 "Action calls"): the action names, the body of each, the
 * documents (offers, their versions, the contract) and what a viewer may do now. The server's workflow
 * module holds the one transition table; the browser only offers what `TaskActions` lists.
 */
import { z } from 'zod';
import type { Currency, UrgencyLevel } from './enums.js';
import { URGENCY_LEVELS } from './enums.js';
import type { UnixSeconds } from './entities.js';
import { LENGTH, MAX_ID } from './limits.js';
import { integerField, optionalText, requiredText, singleLineText } from './validation.js';

/** Every task action of decisions 3, in the order of the life cycle. `accept`/`reject` answer a deletion request. */
export const TASK_ACTIONS = [
  'publish',
  'to-drafts',
  'to-discussion',
  'to-estimation',
  'finish-evaluation',
  'continue-evaluation',
  're-estimate',
  'restore-estimate',
  'send-offer',
  'return-offer',
  'progress',
  'to-manager-review',
  'pause',
  'unpause',
  'to-test',
  'accept-test',
  'reject-test',
  'to-prod',
  'accept-work',
  'reject-prod',
  'add-rating',
  'finish-rating',
  'to-archive',
  'restore',
  'delete',
  'accept',
  'reject',
] as const;
export type TaskActionName = (typeof TASK_ACTIONS)[number];

/** The client's answers to an offer: `POST /document/{id}/action/<name>`. */
export const DOCUMENT_ACTIONS = ['accept', 'reject', 'update'] as const;
export type DocumentActionName = (typeof DOCUMENT_ACTIONS)[number];

/** Bounds of the estimate (hours), of the work items and of the review: server rules the forms repeat. */
export const ESTIMATE_LIMITS = {
  estimate: 4000,
  executionTime: { min: 1, max: 10_000 },
  executionTimeBase: { min: 1, max: 10_000 },
  delayStart: { min: 0, max: 8760 },
  jobItem: 1000,
  jobItems: 100,
  review: 1000,
  price: 1_000_000_000_00,
} as const;

const reason = z.object({ message: requiredText('message', LENGTH.message) });
const nothing = z.object({});
const jobItems = z
  .array(requiredText('jobItem', ESTIMATE_LIMITS.jobItem), { error: 'jobItem_is_empty' })
  .min(1, { error: 'jobItem_is_empty' })
  .max(ESTIMATE_LIMITS.jobItems, { error: 'jobItem_is_too_long' });

/** A date the server checks against its clock: unix seconds, later than now, or null (the form types d.m.Y H:i). */
const autoSendDate = z
  .number({ error: 'dateAutoSendForCheck_is_invalid' })
  .int({ error: 'dateAutoSendForCheck_is_invalid' })
  .positive({ error: 'dateAutoSendForCheck_is_invalid' })
  .nullable()
  .optional()
  .refine((value) => value === null || value === undefined || value > Date.now() / 1000, { error: 'dateAutoSendForCheck_is_invalid' });

const urgencyLevel = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'urgency_is_empty' : 'urgency_not_found') })
    .int({ error: 'urgency_not_found' })
    .refine((value) => (URGENCY_LEVELS as readonly number[]).includes(value), { error: 'urgency_not_found' }),
);

export const estimateBody = z.object({
  estimate: requiredText('estimate', ESTIMATE_LIMITS.estimate),
  executionTime: integerField('executionTime', ESTIMATE_LIMITS.executionTime.min, ESTIMATE_LIMITS.executionTime.max),
  executionTimeBase: integerField('executionTimeBase', ESTIMATE_LIMITS.executionTimeBase.min, ESTIMATE_LIMITS.executionTimeBase.max),
  delayStart: integerField('delayStart', ESTIMATE_LIMITS.delayStart.min, ESTIMATE_LIMITS.delayStart.max),
  jobItem: jobItems,
  dateAutoSendForCheck: autoSendDate,
});
export type EstimateBody = z.input<typeof estimateBody>;

export const offerBody = z.object({
  name: singleLineText('name', LENGTH.name),
  description: optionalText('description', LENGTH.description).default(''),
  workList: jobItems,
  urgencies: z
    .array(
      z.object({
        urgency: urgencyLevel,
        price: integerField('amount', 0, ESTIMATE_LIMITS.price),
        dateDeadline: z
          .number({ error: 'dateDeadline_is_invalid' })
          .int({ error: 'dateDeadline_is_invalid' })
          .positive({ error: 'dateDeadline_is_invalid' })
          .refine((value) => value > Date.now() / 1000, { error: 'dateDeadline_is_invalid' }),
      }),
      { error: 'urgency_is_empty' },
    )
    .min(1, { error: 'urgency_is_empty' })
    .max(URGENCY_LEVELS.length, { error: 'invalid_value' })
    .refine((list) => new Set(list.map((entry) => entry.urgency)).size === list.length, { error: 'invalid_value' }),
});
export type OfferBody = z.input<typeof offerBody>;

/** The body each task action takes (decisions 3 table); actions without a body take an empty object. */
export const TASK_ACTION_BODIES = {
  publish: z.object({ negayno: z.boolean({ error: 'invalid_value' }).default(false) }),
  'to-drafts': nothing,
  'to-discussion': nothing,
  'to-estimation': z.object({
    performerIds: z
      .array(
        z.number({ error: 'user_not_found' }).int({ error: 'user_not_found' }).positive({ error: 'user_not_found' }).max(MAX_ID, { error: 'user_not_found' }),
        {
          error: 'user_not_found',
        },
      )
      .min(1, { error: 'user_not_found' })
      .max(20, { error: 'invalid_value' }),
  }),
  'finish-evaluation': estimateBody,
  'continue-evaluation': nothing,
  're-estimate': reason,
  'restore-estimate': nothing,
  'send-offer': offerBody,
  'return-offer': reason,
  progress: z.object({ progress: integerField('progress', 0, 100) }),
  'to-manager-review': nothing,
  pause: nothing,
  unpause: nothing,
  'to-test': nothing,
  'accept-test': nothing,
  'reject-test': reason,
  'to-prod': nothing,
  'accept-work': nothing,
  'reject-prod': reason,
  'add-rating': z.object({
    rating: integerField('rating', 1, 5),
    review: optionalText('review', ESTIMATE_LIMITS.review).default(''),
  }),
  'finish-rating': nothing,
  'to-archive': nothing,
  restore: nothing,
  delete: z.object({ message: optionalText('message', LENGTH.message).default('') }),
  accept: nothing,
  reject: reason,
} satisfies Record<TaskActionName, z.ZodType>;

export const DOCUMENT_ACTION_BODIES = {
  accept: z.object({ urgency: urgencyLevel }),
  reject: reason,
  update: reason,
} satisfies Record<DocumentActionName, z.ZodType>;

export type TaskActionBody<Name extends TaskActionName> = z.input<(typeof TASK_ACTION_BODIES)[Name]>;
export type DocumentActionBody<Name extends DocumentActionName> = z.input<(typeof DOCUMENT_ACTION_BODIES)[Name]>;

export const taskActionParam = z.enum(TASK_ACTIONS, { error: 'action_not_found' });
export const documentActionParam = z.enum(DOCUMENT_ACTIONS, { error: 'action_not_found' });
/**
 * An action's body as the route takes it: an object (anything else answers `invalid_value`), which the
 * action's own schema (TASK_ACTION_BODIES, DOCUMENT_ACTION_BODIES) then validates field by field.
 */
export const actionBody = z.record(z.string(), z.unknown(), { error: 'invalid_value' });

export interface Urgency {
  urgency: UrgencyLevel;
  price: number;
  currency: Currency;
  dateDeadline: UnixSeconds;
}

export interface DocumentPerformer {
  id: number;
  firstname: string;
  lastname: string;
  dateFinish: UnixSeconds | null;
}

/** An offer (one version of it) or the contract made from the accepted one (spec 3 "Document"). */
export interface TaskDocument {
  id: number;
  taskId: number;
  type: 'offer' | 'contract';
  version: number;
  name: string;
  description: string;
  workList: string[];
  /** null when the viewer may not see prices (spec 6). */
  cost: number | null;
  currency: Currency;
  /** The offer's urgencies; a contract has the chosen one last. Prices null when hidden from the viewer. */
  urgencies: Array<Omit<Urgency, 'price'> & { price: number | null }>;
  progress: number;
  performers: DocumentPerformer[];
  dateStart: UnixSeconds | null;
  dateDeadline: UnixSeconds | null;
  dateUpdate: UnixSeconds;
  datePause: UnixSeconds | null;
  /** An offer past its expiration looks disabled (spec 4); a contract never does. */
  expired: boolean;
  /** Whether this is the current version (offers keep every version). */
  current: boolean;
  /** The client's rejection of this offer version (issue 33): the reason, who and when; null otherwise. */
  rejection: DocumentRejection | null;
  can: DocumentPermissions;
}

export interface DocumentRejection {
  reason: string;
  by: { id: number; firstname: string; lastname: string } | null;
  date: UnixSeconds;
}

/**
 * `GET /task/{id}/estimates` (issue 33): the performers' estimates of a task, newest first, for the
 * staff and performers only (a client never sees an estimate).
 */
export interface TaskEstimate {
  id: number;
  estimate: string;
  executionTime: number;
  executionTimeBase: number;
  delayStart: number;
  jobItem: string[];
  dateAutoSendForCheck: UnixSeconds | null;
  dateCreate: UnixSeconds;
  performer: { id: number; firstname: string; lastname: string } | null;
}

export interface DocumentPermissions {
  accept: boolean;
  reject: boolean;
  update: boolean;
}

/** `GET /task/{id}/actions`: the actions the viewer may take on the task now, decided by the transition table. */
export interface TaskActions {
  taskId: number;
  actions: TaskActionName[];
  /** The performers the pm may assign (to-estimation), when that action is offered. */
  performers: Array<{ id: number; firstname: string; lastname: string; nickname: string | null }>;
  /** Whether `GET /task/{id}/ledger` (the cost panel) is the viewer's to read. */
  seeLedger: boolean;
  /** Whether `GET /task/{id}/estimates` is the viewer's to read (staff and performers). */
  seeEstimates: boolean;
  /** Whether the viewer may tip the task's performers now (decisions 5: a client, once the work is accepted). */
  tip: boolean;
}

/** `GET /task/{id}/ledger`: what the task has cost so far, from the ledger. */
export interface TaskLedger {
  currency: Currency;
  committed: number;
  inEscrow: number;
  released: Array<{ recipient: { id: number; firstname: string; lastname: string } | null; amount: number; kind: 'performer' | 'sm' | 'platform' }>;
  refunded: number;
  tips: number;
}
