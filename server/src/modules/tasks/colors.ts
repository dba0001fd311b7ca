/**
 * Card colours (decisions 3 "Colour rules"), computed on the server for the viewer's role in the task's
 * project: the first rule that matches wins. The rule table is written out in docs/decisions.md; this is
 * the one implementation of it.
 */
import type { CardColor, TaskStatus, UnixSeconds } from '@negayno/shared/contract';
import type { ProjectViewerRole } from '../projects/index.js';
import { EXPIRATION_OF_STATUS, dueColumnOf } from './life-cycle.js';

type ColouredRole = Exclude<ProjectViewerRole, 'invite'>;

/** The statuses in which the viewer's role moves the task on (decisions 3 table, "who moves it on"). */
const ACTS_IN: Record<ColouredRole, readonly TaskStatus[]> = {
  administrator: ['offer', 'testing', 'review', 'rating'],
  user: ['testing', 'rating'],
  guest: [],
  am: ['published'],
  pm: ['published', 'discussion'],
  sm: ['estimated'],
  performer: ['estimation', 'in_work'],
};

/** Statuses whose time limit a role watches without acting itself: managers answer for their people's deadlines. */
const WATCHES: Record<ColouredRole, readonly TaskStatus[]> = {
  administrator: [],
  user: [],
  guest: [],
  am: ['offer', 'testing', 'review'],
  pm: ['estimation', 'in_work'],
  sm: ['offer'],
  performer: [],
};

const DAY_MS = 24 * 3600_000;
const FROM_IN_WORK: readonly TaskStatus[] = ['in_work', 'testing', 'review', 'rating'];
const FROM_TESTING: readonly TaskStatus[] = ['testing', 'review', 'rating'];
const FROM_REVIEW: readonly TaskStatus[] = ['review', 'rating'];

/**
 * What the colour rule reads of a task, named as the card names it: the board's card statement selects
 * exactly these beside each card (repo.ts `cardRows`), so no dates are revived for the rule. Dates in
 * unix seconds, as the API sends them.
 */
export interface ColorFacts {
  status: TaskStatus;
  negayno: boolean;
  paused: boolean;
  deletionRequested: boolean;
  datePublish: UnixSeconds | null;
  dateDeadline: UnixSeconds | null;
  /** The expiration of the current status (life-cycle `EXPIRATION_OF_STATUS`). */
  dateExpiration: UnixSeconds | null;
  approved: boolean;
  sentToTest: boolean;
  sentToProd: boolean;
  acceptedOnTest: boolean;
}

/** Dates a task must carry by the time it stands in its status: a missing one contradicts the status. */
export function datesContradictStatus(task: ColorFacts): boolean {
  if (task.status === 'draft' || task.status === 'archived') return false;
  if (task.datePublish === null) return true;
  if (EXPIRATION_OF_STATUS[task.status] && task.dateExpiration === null) return true;
  if (FROM_IN_WORK.includes(task.status) && (!task.approved || task.dateDeadline === null)) return true;
  if (FROM_TESTING.includes(task.status) && !task.sentToTest) return true;
  if (FROM_REVIEW.includes(task.status) && !task.sentToProd) return true;
  return false;
}

/** When the current step is due, in milliseconds: the status' expiration, or the deadline while in work. */
function dueOf(task: ColorFacts): number | null {
  const column = dueColumnOf(task.status);
  const due = column === undefined ? null : column === 'date_deadline' ? task.dateDeadline : task.dateExpiration;
  return due === null ? null : due * 1000;
}

function mustAct(role: ColouredRole, task: ColorFacts): boolean {
  return ACTS_IN[role].includes(task.status) || (role === 'am' && task.deletionRequested);
}

/** The due time the card's colour counts down to for this viewer, or null when time does not colour it. */
function timedDue(role: ColouredRole, task: ColorFacts): number | null {
  if (task.paused) return null;
  const due = dueOf(task);
  return due !== null && (mustAct(role, task) || WATCHES[role].includes(task.status)) ? due : null;
}

export function cardColor(role: ProjectViewerRole, task: ColorFacts, now: Date): CardColor | null {
  if (role === 'invite' || task.status === 'archived') return null;
  if (datesContradictStatus(task)) return 'rootError';
  const paused = task.paused;
  const due = timedDue(role, task);
  if (due !== null && due <= now.getTime()) return 'rootRed';
  if (due !== null && due - now.getTime() < DAY_MS) return 'rootOrange';
  if (!paused && mustAct(role, task)) return 'rootYellow';
  if (task.negayno) return 'rootBlue';
  if (task.status === 'review' && task.acceptedOnTest) return 'rootGreen';
  if (paused || task.status !== 'draft') return 'rootGrey';
  return null;
}

/**
 * When the card's colour for this viewer next changes by time alone (orange a day before the due time,
 * red at it), in milliseconds; null when no clock changes it. A board answer kept for re-use is good
 * until the earliest of these over its cards (board-answers.ts).
 */
export function colorChangesAt(role: ProjectViewerRole, task: ColorFacts, now: Date): number | null {
  if (role === 'invite' || task.status === 'archived' || datesContradictStatus(task)) return null;
  const due = timedDue(role, task);
  if (due === null) return null;
  const time = now.getTime();
  if (due - DAY_MS > time) return due - DAY_MS;
  return due > time ? due : null;
}
