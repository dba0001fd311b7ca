/**
 * The staffing module's queries (issue 31, decisions 2 "Staffing a project"): how much each staff member
 * carries, who of a role is least loaded, and the team rows of a project (project_staff, one person per
 * role by the unique index of migration 0015).
 */
import type { StaffLoad, TeamRole } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** Statuses of a task that is not open work: a draft nobody sees yet, or an archived (finished or dropped) one. */
const CLOSED_STATUSES = ['draft', 'archived'] as const;

/**
 * The load of each of these users: the live projects (not deleted, not archived) they are on the team of,
 * and the open tasks (not draft, not archived) of those projects. Every asked user is in the answer,
 * with zeros when they carry nothing.
 */
export async function loadsOf(db: Db, userIds: number[]): Promise<Map<number, StaffLoad>> {
  const loads = new Map<number, StaffLoad>(userIds.map((id) => [id, { projects: 0, openTasks: 0 }]));
  if (userIds.length === 0) return loads;
  const rows = await db
    .selectFrom('project_staff as ps')
    .innerJoin('projects as p', 'p.id', 'ps.project_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('tasks')
          .select((inner) => ['project_id', inner.fn.countAll<number>().as('open')])
          .where('status', 'not in', CLOSED_STATUSES)
          .groupBy('project_id')
          .as('tc'),
      (join) => join.onRef('tc.project_id', '=', 'p.id'),
    )
    .select((eb) => [
      'ps.user_id as userId',
      eb.fn.countAll<number>().as('projects'),
      eb.fn.coalesce(eb.fn.sum<number>('tc.open'), sql<number>`0`).as('openTasks'),
    ])
    .where('ps.user_id', 'in', userIds)
    .where('p.deleted_at', 'is', null)
    .where('p.archived_at', 'is', null)
    .groupBy('ps.user_id')
    .execute();
  for (const row of rows) loads.set(row.userId, { projects: Number(row.projects), openTasks: Number(row.openTasks) });
  return loads;
}

export interface ActiveStaffRow {
  id: number;
  firstname: string;
  lastname: string;
  avatarPath: string | null;
  role: TeamRole;
  lastSeenAt: Date | null;
}

/** Every active (not deactivated) staff account of the team roles (or of one), by id. */
export function activeStaffOf(db: Db, roles: readonly TeamRole[]): Promise<ActiveStaffRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'avatar_path as avatarPath', sql<TeamRole>`role`.as('role'), 'last_seen_at as lastSeenAt'])
    .where('role', 'in', [...roles])
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute();
}
