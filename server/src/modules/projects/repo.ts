import type { Currency, ProjectRole } from '@negayno/shared/contract';
import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, StaffProjectRole } from '../../db/schema.js';

/** How one user is tied to one project: the facts the projects policy decides access from. */
export interface ProjectRelation {
  projectId: number;
  name: string;
  currency: Currency;
  createdAt: Date;
  archivedAt: Date | null;
  memberRole: ProjectRole | null;
  sortOrder: number | null;
  staffRole: StaffProjectRole | null;
  performsATask: boolean;
}

function performsATaskIn(eb: ExpressionBuilder<Database, 'projects'>, user: number | Expression<number>) {
  return eb.exists(
    eb
      .selectFrom('task_performers as tp')
      .innerJoin('tasks as t', 't.id', 'tp.task_id')
      .select(sql`1`.as('one'))
      .whereRef('t.project_id', '=', 'projects.id')
      .where('tp.user_id', '=', user),
  );
}

/** What a relation holds of the project and of the user's place in it (joined as pm and ps). */
const RELATION_COLUMNS = [
  'projects.id as projectId',
  'projects.name',
  'projects.currency',
  'projects.created_at as createdAt',
  'projects.archived_at as archivedAt',
  'pm.role as memberRole',
  'pm.sort_order as sortOrder',
  'ps.role as staffRole',
] as const;

/** Every live project the user is tied to in any way (or just the one asked for). */
export async function relationsOf(db: Db, userId: number, onlyProjectId?: number): Promise<ProjectRelation[]> {
  let query = db
    .selectFrom('projects')
    .leftJoin('project_members as pm', (join) => join.onRef('pm.project_id', '=', 'projects.id').on('pm.user_id', '=', userId))
    .leftJoin('project_staff as ps', (join) => join.onRef('ps.project_id', '=', 'projects.id').on('ps.user_id', '=', userId))
    .select((eb) => [...RELATION_COLUMNS, performsATaskIn(eb, userId).$castTo<boolean>().as('performsATask')])
    .where('projects.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('pm.user_id', 'is not', null), eb('ps.user_id', 'is not', null), performsATaskIn(eb, userId)]));
  if (onlyProjectId !== undefined) query = query.where('projects.id', '=', onlyProjectId);
  return query.orderBy('projects.id').execute();
}

/** A live project as a relation of nobody in particular (no member, staff or performer ties). */
export async function relationOfProject(db: Db, projectId: number): Promise<ProjectRelation | undefined> {
  const row = await db
    .selectFrom('projects')
    .select(['projects.id as projectId', 'projects.name', 'projects.currency', 'projects.created_at as createdAt', 'projects.archived_at as archivedAt'])
    .where('projects.id', '=', projectId)
    .where('projects.deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, memberRole: null, sortOrder: null, staffRole: null, performsATask: false };
}

/**
 * How each of these users is tied to one project, in one statement (a task's audience asks it of every
 * person a task event may concern; one relationsOf each was a query per person). Users with no tie to
 * the project, or a deleted project, are absent from the answer.
 */
export async function relationsIn(db: Db, userIds: number[], projectId: number): Promise<Map<number, ProjectRelation>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('projects', (join) => join.on('projects.id', '=', projectId).on('projects.deleted_at', 'is', null))
    .leftJoin('project_members as pm', (join) => join.onRef('pm.project_id', '=', 'projects.id').onRef('pm.user_id', '=', 'u.id'))
    .leftJoin('project_staff as ps', (join) => join.onRef('ps.project_id', '=', 'projects.id').onRef('ps.user_id', '=', 'u.id'))
    .select((eb) => ['u.id as userId', ...RELATION_COLUMNS, performsATaskIn(eb, eb.ref('u.id')).$castTo<boolean>().as('performsATask')])
    .where('u.id', 'in', userIds)
    .execute();
  const relations = new Map<number, ProjectRelation>();
  for (const { userId, ...relation } of rows) {
    if (relation.memberRole !== null || relation.staffRole !== null || relation.performsATask) relations.set(userId, relation);
  }
  return relations;
}

export interface MemberRow {
  userId: number;
  email: string;
  firstname: string;
  lastname: string;
  avatarPath: string | null;
  role: ProjectRole;
  canNegayno: boolean;
  isOwner: boolean;
}

export function membersOf(db: Db, projectId: number): Promise<MemberRow[]> {
  return db
    .selectFrom('project_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .select([
      'u.id as userId',
      'u.email',
      'u.firstname',
      'u.lastname',
      'u.avatar_path as avatarPath',
      'pm.role',
      'pm.can_negayno as canNegayno',
      'pm.is_owner as isOwner',
    ])
    .where('pm.project_id', '=', projectId)
    .orderBy('pm.created_at')
    .orderBy('u.id')
    .execute();
}

export function emailInvitationsOf(db: Db, projectId: number): Promise<Array<{ email: string }>> {
  return db.selectFrom('project_invitations').select('email').where('project_id', '=', projectId).orderBy('created_at').execute();
}

export interface StaffRow {
  userId: number;
  firstname: string;
  lastname: string;
  avatarPath: string | null;
  role: StaffProjectRole;
}

export async function staffOf(db: Db, projectId: number): Promise<StaffRow[]> {
  return (await staffOfProjects(db, [projectId])).map(({ projectId: _projectId, ...staff }) => staff);
}

/** A new project with its creator as owning administrator, first in the creator's list. */
export async function insertProject(db: Db, project: { name: string; ownerId: number; currency: Currency }): Promise<number> {
  const row = await db
    .insertInto('projects')
    .values({ name: project.name, currency: project.currency, created_by: project.ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('project_members')
    .set((eb) => ({ sort_order: eb('sort_order', '+', 1) }))
    .where('user_id', '=', project.ownerId)
    .execute();
  await insertMember(db, { projectId: row.id, userId: project.ownerId, role: 'administrator', isOwner: true, sortOrder: 0, invitedBy: null });
  return row.id;
}

export async function renameProject(db: Db, projectId: number, name: string): Promise<void> {
  await db
    .updateTable('projects')
    .set({ name, updated_at: sql`now()` })
    .where('id', '=', projectId)
    .execute();
}

/** A deleted project keeps its rows (money and history point at it) and disappears from every list. */
export async function markProjectDeleted(db: Db, projectId: number): Promise<void> {
  await db
    .updateTable('projects')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', projectId)
    .execute();
}

export async function insertMember(
  db: Db,
  member: { projectId: number; userId: number; role: ProjectRole; isOwner?: boolean; sortOrder: number; invitedBy: number | null },
): Promise<void> {
  await db
    .insertInto('project_members')
    .values({
      project_id: member.projectId,
      user_id: member.userId,
      role: member.role,
      is_owner: member.isOwner ?? false,
      sort_order: member.sortOrder,
      invited_by: member.invitedBy,
    })
    .execute();
}

/**
 * Serialises the team changes of one project (issue 35 I4): two administrators demoting each other each
 * read the other still an administrator under READ COMMITTED unless the second waits for the first.
 */
export async function lockProject(db: Db, projectId: number): Promise<void> {
  await db.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
}

export function memberRoleOf(db: Db, projectId: number, userId: number): Promise<{ role: ProjectRole } | undefined> {
  return db.selectFrom('project_members').select('role').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
}

export async function updateMember(
  db: Db,
  projectId: number,
  userId: number,
  change: { role?: ProjectRole; canNegayno?: boolean; sortOrder?: number },
): Promise<void> {
  await db
    .updateTable('project_members')
    .set({
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.canNegayno !== undefined ? { can_negayno: change.canNegayno } : {}),
      ...(change.sortOrder !== undefined ? { sort_order: change.sortOrder } : {}),
    })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}

/** Answers whether a row went. */
export async function deleteMember(db: Db, projectId: number, userId: number, onlyRole?: ProjectRole): Promise<boolean> {
  let query = db.deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', '=', userId);
  if (onlyRole) query = query.where('role', '=', onlyRole);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasEmailInvitation(db: Db, projectId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_invitations')
    .select('project_id')
    .where('project_id', '=', projectId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEmailInvitation(db: Db, invitation: { projectId: number; email: string; invitedBy: number }): Promise<void> {
  await db.insertInto('project_invitations').values({ project_id: invitation.projectId, email: invitation.email, invited_by: invitation.invitedBy }).execute();
}

/** Answers whether a row went. */
export async function deleteEmailInvitation(db: Db, projectId: number, email: string): Promise<boolean> {
  const result = await db
    .deleteFrom('project_invitations')
    .where('project_id', '=', projectId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Where a new entry goes at the end of a client's list. */
export async function nextSortOrderOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.coalesce(eb.fn.max('sort_order'), sql<number>`-1`).as('last'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.last) + 1;
}

/** Renumbers a client's list 0, 1, 2… in the given order, in one statement. */
export async function setSortOrders(db: Db, userId: number, projectIds: number[]): Promise<void> {
  if (projectIds.length === 0) return;
  const values = sql.join(projectIds.map((projectId, index) => sql`(${projectId}::int, ${index}::int)`));
  await sql`UPDATE project_members AS pm SET sort_order = v.sort_order
    FROM (VALUES ${values}) AS v(project_id, sort_order)
    WHERE pm.user_id = ${userId} AND pm.project_id = v.project_id`.execute(db);
}

/** Everyone tied to a project (members, invitees, staff, performers): told when it changes for them all. */
export async function peopleOf(db: Db, projectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .union(db.selectFrom('project_staff').select('user_id').where('project_id', '=', projectId))
    .union(db.selectFrom('task_performers as tp').innerJoin('tasks as t', 't.id', 'tp.task_id').select('tp.user_id').where('t.project_id', '=', projectId))
    .execute();
  return rows.map((row) => row.user_id);
}

/** The am, pm and sm of several projects at once (the all-projects board). */
export function staffOfProjects(db: Db, projectIds: number[]): Promise<Array<StaffRow & { projectId: number }>> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('project_staff as ps')
    .innerJoin('users as u', 'u.id', 'ps.user_id')
    .select(['ps.project_id as projectId', 'u.id as userId', 'u.firstname', 'u.lastname', 'u.avatar_path as avatarPath', 'ps.role'])
    .where('ps.project_id', 'in', projectIds)
    .orderBy('ps.role')
    .orderBy('u.id')
    .execute();
}

/** The 4-step registration is for emails a project invited. */
export async function hasProjectInvitation(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_invitations')
    .select('project_id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new account takes up the project invitations sent to its email: each becomes a guest membership
 * (an "invited guest", spec 6), which the project's administrator may raise.
 */
export async function acceptProjectInvitations(db: Db, userId: number, email: string): Promise<number> {
  const invitations = await db
    .deleteFrom('project_invitations')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .returning(['project_id', 'invited_by'])
    .execute();
  for (const invitation of invitations) {
    await db
      .insertInto('project_members')
      .values({ project_id: invitation.project_id, user_id: userId, role: 'guest', invited_by: invitation.invited_by })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .execute();
  }
  return invitations.length;
}

/** The live projects whose only administrator is this user (an account closing must hand them over or close them first). */
export function soleAdministrationsOf(db: Db, userId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select(['p.id', 'p.name'])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'administrator')
    .where('p.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('project_members as other')
            .select('other.user_id')
            .whereRef('other.project_id', '=', 'm.project_id')
            .where('other.role', '=', 'administrator')
            .where('other.user_id', '!=', userId),
        ),
      ),
    )
    .orderBy('p.id')
    .execute();
}

/** Takes the user out of every project they are a member of (their account is closing); answers those projects. */
export async function leaveAllProjects(db: Db, userId: number): Promise<number[]> {
  const left = await db.deleteFrom('project_members').where('user_id', '=', userId).returning('project_id').execute();
  return left.map((row) => row.project_id);
}
