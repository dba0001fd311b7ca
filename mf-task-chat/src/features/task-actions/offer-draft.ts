/**
 * The sm's offer editor starts from the performer's last estimate (issue 33): its job items become the
 * work list, and its hours the deadlines of the two calm urgencies, so the proposal is not written blind.
 * The hours are working hours (8 a day): "Потрібно" ends after the delay and the working days the
 * estimate needs, "Почекаю" gets twice those days, each at the end of a working day (18:00, local).
 * Prices and the urgent levels stay the sm's to fill.
 */
import type { TaskEstimate } from '@negayno/shared/contract';
import { toLocalDateTime } from './dates';
import type { Values } from './role-forms';

const HOUR = 3600;
const WORKING_HOURS_A_DAY = 8;
const END_OF_DAY = 18;

/** Unix seconds `hours` after `now`, moved on to the end of that working day (or the next one's). */
function byEndOfDay(now: number, hours: number): number {
  const due = new Date((now + hours * HOUR) * 1000);
  const end = new Date(due.getFullYear(), due.getMonth(), due.getDate(), END_OF_DAY);
  if (end < due) end.setDate(end.getDate() + 1);
  return Math.floor(end.getTime() / 1000);
}

export function offerDraftOf(estimate: TaskEstimate | undefined, now: number): Values {
  if (!estimate) return {};
  const days = Math.ceil(estimate.executionTime / WORKING_HOURS_A_DAY);
  return {
    workList: estimate.jobItem.join('\n'),
    deadline2: toLocalDateTime(byEndOfDay(now, estimate.delayStart + days * 24)),
    deadline1: toLocalDateTime(byEndOfDay(now, estimate.delayStart + days * 2 * 24)),
  };
}
