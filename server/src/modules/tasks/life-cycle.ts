/** Facts of the task life cycle (decisions 3) that several parts read: kept here once. */
import type { TaskStatus } from '@negayno/shared/contract';
import type { TasksTable } from '../../db/schema.js';

export type ExpirationColumn = Extract<
  keyof TasksTable,
  'date_publish_expiration' | 'date_discuss_expiration' | 'date_calc_expiration' | 'date_offer_expiration' | 'date_test_expiration' | 'date_prod_expiration'
>;

/** The expiration that runs while a task stands in a status, set on entering it (from the SLA settings). */
export const EXPIRATION_OF_STATUS: Partial<Record<TaskStatus, ExpirationColumn>> = {
  published: 'date_publish_expiration',
  discussion: 'date_discuss_expiration',
  estimation: 'date_calc_expiration',
  offer: 'date_offer_expiration',
  testing: 'date_test_expiration',
  review: 'date_prod_expiration',
};

/** The column holding when the current step is due: its status' expiration, or the work deadline while in work. */
export function dueColumnOf(status: TaskStatus): ExpirationColumn | 'date_deadline' | undefined {
  return EXPIRATION_OF_STATUS[status] ?? (status === 'in_work' ? 'date_deadline' : undefined);
}
