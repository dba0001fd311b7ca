/**
 * The task life cycle's calls (decisions 3 "Action calls"): the action names, the body of each, the
 * documents (offers, their versions, the contract) and what a viewer may do now. The server's workflow
 * module holds the one transition table; the browser only offers what `TaskActions` lists.
 */
import { z } from 'zod';
import type { Currency, UrgencyLevel } from './enums.js';
import type { TaskChats } from './chats.js';
import type { Task, TaskCard, UnixSeconds } from './entities.js';

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

/**
 * What a life-cycle or document action answers (issue 32): everything the acting tab draws after the
 * step (the board's card, the drawer's task, its actions, documents, cost panel, estimates and chat
 * tabs), read after the commit, so the tab asks nothing more. The tab's own events of the step are not
 * sent back to it (the call names its socket). All null and empty when the step deleted the task or
 * took it out of the viewer's sight.
 */
export interface TaskStep {
  card: TaskCard | null;
  task: Task | null;
  actions: TaskActions | null;
  documents: TaskDocument[];
  /** Null where the cost panel is not the viewer's (`actions.seeLedger`). */
  ledger: TaskLedger | null;
  /** Empty where estimates are not the viewer's (`actions.seeEstimates`). */
  estimates: TaskEstimate[];
  chats: TaskChats | null;
}
