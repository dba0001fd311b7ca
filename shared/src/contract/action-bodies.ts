/**
 * The body each life-cycle action takes (decisions 3 table), as the server validates it and the browser
 * types it. Apart from workflow.ts because only the server runs these schemas: the contract's index
 * exports their types alone, so the first screen's bundle (which holds the index, shared whole between
 * the remotes) does not carry them; the server imports them from `@negayno/shared/contract/action-bodies`.
 */
import { z } from 'zod';
import { URGENCY_LEVELS } from './enums.js';
import { LENGTH, MAX_ID } from './limits.js';
import { integerField, optionalText, requiredText, singleLineText } from './validation.js';
import type { DocumentActionName, TaskActionName } from './workflow.js';

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
