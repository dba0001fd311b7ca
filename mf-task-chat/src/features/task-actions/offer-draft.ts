/**
 * The sm's offer editor starts from the performer's last estimate (issue 33): its job items become the
 * work list, and its hours the deadlines of the two calm urgencies, so the proposal is not written blind.
 * The hours are working hours (8 a day): "Потрібно" ends after the delay and the working days the
 * estimate needs, "Почекаю" gets twice those days. Prices and the urgent levels stay the sm's to fill.
 */
import type { TaskEstimate } from '@negayno/shared/contract';
import { toLocalDateTime } from './dates';
import type { Values } from './role-forms';

const HOUR = 3600;
const WORKING_HOURS_A_DAY = 8;

/** Unix seconds `hours` after `now`, up to the next whole hour. */
function onTheHour(now: number, hours: number): number {
  return Math.ceil((now + hours * HOUR) / HOUR) * HOUR;
}

export function offerDraftOf(estimate: TaskEstimate | undefined, now: number): Values {
  if (!estimate) return {};
  const days = Math.ceil(estimate.executionTime / WORKING_HOURS_A_DAY);
  return {
    workList: estimate.jobItem.join('\n'),
    deadline2: toLocalDateTime(onTheHour(now, estimate.delayStart + days * 24)),
    deadline1: toLocalDateTime(onTheHour(now, estimate.delayStart + days * 2 * 24)),
  };
}
