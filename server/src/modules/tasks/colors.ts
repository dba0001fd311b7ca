/**
 * Card colours (decisions 3 "Colour rules"), computed on the server for the viewer's role in the task's
 * project: the first rule that matches wins. The rule table is written out in docs/decisions.md; this is
 * the one implementation of it.
 */
import type { CardColor, TaskStatus } from '@negayno/shared/contract';
import type { ProjectViewerRole } from '../projects/policy.js';
import { EXPIRATION_OF_STATUS, dueColumnOf, type ExpirationColumn } from './life-cycle.js';

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

export type ColorFacts = {
  status: TaskStatus;
  negayno: boolean;
  date_pause: Date | null;
  deletion_requested_at: Date | null;
  date_publish: Date | null;
  date_approval: Date | null;
  date_deadline: Date | null;
  date_send_to_test: Date | null;
  date_send_to_prod: Date | null;
  date_accept_on_test: Date | null;
} & Record<ExpirationColumn, Date | null>;

/** Dates a task must carry by the time it stands in its status: a missing one contradicts the status. */
export function datesContradictStatus(task: ColorFacts): boolean {
  if (task.status === 'draft' || task.status === 'archived') return false;
  if (task.date_publish === null) return true;
  const expiration = EXPIRATION_OF_STATUS[task.status];
  if (expiration && task[expiration] === null) return true;
  if (FROM_IN_WORK.includes(task.status) && (task.date_approval === null || task.date_deadline === null)) return true;
  if (FROM_TESTING.includes(task.status) && task.date_send_to_test === null) return true;
  if (FROM_REVIEW.includes(task.status) && task.date_send_to_prod === null) return true;
  return false;
}

function dueOf(task: ColorFacts): Date | null {
  const column = dueColumnOf(task.status);
  return column ? task[column] : null;
}

function mustAct(role: ColouredRole, task: ColorFacts): boolean {
  return ACTS_IN[role].includes(task.status) || (role === 'am' && task.deletion_requested_at !== null);
}

export function cardColor(role: ProjectViewerRole, task: ColorFacts, now: Date): CardColor | null {
  if (role === 'invite' || task.status === 'archived') return null;
  if (datesContradictStatus(task)) return 'rootError';
  const paused = task.date_pause !== null;
  const due = dueOf(task);
  const timed = !paused && due !== null && (mustAct(role, task) || WATCHES[role].includes(task.status));
  if (timed && due.getTime() <= now.getTime()) return 'rootRed';
  if (timed && due.getTime() - now.getTime() < DAY_MS) return 'rootOrange';
  if (!paused && mustAct(role, task)) return 'rootYellow';
  if (task.negayno) return 'rootBlue';
  if (task.status === 'review' && task.date_accept_on_test !== null) return 'rootGreen';
  if (paused || task.status !== 'draft') return 'rootGrey';
  return null;
}
