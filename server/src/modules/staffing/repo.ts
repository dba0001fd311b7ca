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

/** A person as a team change needs them: their account role, and whether they are deactivated. */
export interface StaffPerson {
  id: number;
  role: string;
  firstname: string;
  lastname: string;
  email: string;
  deactivatedAt: Date | null;
  isOperator: boolean;
}

export function personOf(db: Db, userId: number): Promise<StaffPerson | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'firstname', 'lastname', 'email', 'deactivated_at as deactivatedAt', 'is_operator as isOperator'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function isOperatorAccount(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_operator').where('id', '=', userId).where('deactivated_at', 'is', null).executeTakeFirst();
  return row?.is_operator === true;
}

/** A live project's row, locked for the rest of the transaction: team changes of one project go one at a time. */
export function lockLiveProject(db: Db, projectId: number): Promise<{ id: number; name: string; createdBy: number | null; createdAt: Date } | undefined> {
  return db
    .selectFrom('projects')
    .select(['id', 'name', 'created_by as createdBy', 'created_at as createdAt'])
    .where('id', '=', projectId)
    .where('deleted_at', 'is', null)
    .where('archived_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export function teamOf(db: Db, projectId: number): Promise<Array<{ userId: number; role: TeamRole }>> {
  return db.selectFrom('project_staff').select(['user_id as userId', 'role']).where('project_id', '=', projectId).orderBy('role').execute();
}

export async function insertTeamMember(db: Db, projectId: number, userId: number, role: TeamRole): Promise<void> {
  await db.insertInto('project_staff').values({ project_id: projectId, user_id: userId, role }).execute();
}

export async function deleteTeamMember(db: Db, projectId: number, role: TeamRole): Promise<void> {
  await db.deleteFrom('project_staff').where('project_id', '=', projectId).where('role', '=', role).execute();
}

/** Every team row of a person, of any project (a deactivation moves them all). */
export function teamRowsOf(db: Db, userId: number): Promise<Array<{ projectId: number; role: TeamRole; live: boolean }>> {
  return db
    .selectFrom('project_staff as ps')
    .innerJoin('projects as p', 'p.id', 'ps.project_id')
    .select(['ps.project_id as projectId', 'ps.role', sql<boolean>`p.deleted_at IS NULL AND p.archived_at IS NULL`.as('live')])
    .where('ps.user_id', '=', userId)
    .orderBy('ps.project_id')
    .execute();
}

/** Who hears that a project waits for its team: every active am and every active operator. */
export async function amsAndOperators(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('deactivated_at', 'is', null)
    .where((eb) => eb.or([eb('role', '=', 'am'), eb('is_operator', '=', true)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function activeOperators(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('deactivated_at', 'is', null).where('is_operator', '=', true).orderBy('id').execute();
  return rows.map((row) => row.id);
}

export interface UnstaffedRow {
  id: number;
  name: string;
  createdAt: Date;
  clientId: number | null;
  clientFirstname: string | null;
  clientLastname: string | null;
  clientEmail: string | null;
  roles: TeamRole[];
  publishedTasks: number;
}

/** Live projects missing any team role, oldest first, with their creator and their published tasks. */
export async function unstaffedProjects(db: Db): Promise<UnstaffedRow[]> {
  const rows = await db
    .selectFrom('projects as p')
    .leftJoin('users as c', 'c.id', 'p.created_by')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.created_at as createdAt',
      'c.id as clientId',
      'c.firstname as clientFirstname',
      'c.lastname as clientLastname',
      'c.email as clientEmail',
      eb
        .selectFrom('project_staff as ps')
        .select(sql<string>`coalesce(string_agg(ps.role, ',' ORDER BY ps.role), '')`.as('roles'))
        .whereRef('ps.project_id', '=', 'p.id')
        .as('roles'),
      eb
        .selectFrom('tasks as t')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('t.project_id', '=', 'p.id')
        .where('t.status', 'not in', CLOSED_STATUSES)
        .as('publishedTasks'),
    ])
    .where('p.deleted_at', 'is', null)
    .where('p.archived_at', 'is', null)
    .where((eb) =>
      eb(
        eb
          .selectFrom('project_staff as ps')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('ps.project_id', '=', 'p.id'),
        '<',
        3,
      ),
    )
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    roles: (row.roles ? row.roles.split(',') : []) as TeamRole[],
    publishedTasks: Number(row.publishedTasks ?? 0),
  }));
}

/**
 * Live projects with a published task and no am or no pm, created before `createdBefore`, not yet
 * reported: the scheduler's staffing-overdue pass, each locked (SKIP LOCKED) so one process reports it.
 */
export function overdueUnreported(db: Db, createdBefore: Date, limit: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('projects as p')
    .select(['p.id', 'p.name'])
    .where('p.deleted_at', 'is', null)
    .where('p.archived_at', 'is', null)
    .where('p.staffing_reported_at', 'is', null)
    .where('p.created_at', '<', createdBefore)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('tasks as t')
          .select(sql`1`.as('one'))
          .whereRef('t.project_id', '=', 'p.id')
          .where('t.status', 'not in', CLOSED_STATUSES),
      ),
    )
    .where((eb) =>
      eb(
        eb
          .selectFrom('project_staff as ps')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('ps.project_id', '=', 'p.id')
          .where('ps.role', 'in', ['am', 'pm']),
        '<',
        2,
      ),
    )
    .orderBy('p.id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markStaffingReported(db: Db, projectId: number): Promise<void> {
  await db
    .updateTable('projects')
    .set({ staffing_reported_at: sql`now()` })
    .where('id', '=', projectId)
    .execute();
}

export async function setDeactivated(db: Db, userId: number, deactivated: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ deactivated_at: deactivated ? sql`now()` : null, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Whether someone holds the role on the project's team. */
export async function hasTeamRole(db: Db, projectId: number, role: TeamRole): Promise<boolean> {
  const row = await db.selectFrom('project_staff').select('user_id').where('project_id', '=', projectId).where('role', '=', role).executeTakeFirst();
  return row !== undefined;
}

export interface ProjectTeamRow {
  id: number;
  name: string;
  createdAt: Date;
  clientEmail: string | null;
  team: Array<{ role: TeamRole; userId: number; email: string }>;
}

/** Every live project with its creator's email and its team, oldest first (the command line's list). */
export async function projectTeams(db: Db): Promise<ProjectTeamRow[]> {
  const projects = await db
    .selectFrom('projects as p')
    .leftJoin('users as c', 'c.id', 'p.created_by')
    .select(['p.id', 'p.name', 'p.created_at as createdAt', 'c.email as clientEmail'])
    .where('p.deleted_at', 'is', null)
    .where('p.archived_at', 'is', null)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
  if (projects.length === 0) return [];
  const staff = await db
    .selectFrom('project_staff as ps')
    .innerJoin('users as u', 'u.id', 'ps.user_id')
    .select(['ps.project_id as projectId', 'ps.role', 'u.id as userId', 'u.email'])
    .where(
      'ps.project_id',
      'in',
      projects.map((project) => project.id),
    )
    .execute();
  return projects.map((project) => ({
    ...project,
    team: staff.filter((row) => row.projectId === project.id).map(({ role, userId, email }) => ({ role, userId, email })),
  }));
}
