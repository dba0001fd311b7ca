import type { Currency, ProjectRole } from '@negayno/shared/contract';
import { sql, type ExpressionBuilder } from 'kysely';
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

function performsATaskIn(eb: ExpressionBuilder<Database, 'projects'>, userId: number) {
  return eb.exists(
    eb
      .selectFrom('task_performers as tp')
      .innerJoin('tasks as t', 't.id', 'tp.task_id')
      .select(sql`1`.as('one'))
      .whereRef('t.project_id', '=', 'projects.id')
      .where('tp.user_id', '=', userId),
  );
}

/** Every live project the user is tied to in any way (or just the one asked for). */
export async function relationsOf(db: Db, userId: number, onlyProjectId?: number): Promise<ProjectRelation[]> {
  let query = db
    .selectFrom('projects')
    .leftJoin('project_members as pm', (join) => join.onRef('pm.project_id', '=', 'projects.id').on('pm.user_id', '=', userId))
    .leftJoin('project_staff as ps', (join) => join.onRef('ps.project_id', '=', 'projects.id').on('ps.user_id', '=', userId))
    .select((eb) => [
      'projects.id as projectId',
      'projects.name',
      'projects.currency',
      'projects.created_at as createdAt',
      'projects.archived_at as archivedAt',
      'pm.role as memberRole',
      'pm.sort_order as sortOrder',
      'ps.role as staffRole',
      performsATaskIn(eb, userId).$castTo<boolean>().as('performsATask'),
    ])
    .where('projects.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('pm.user_id', 'is not', null), eb('ps.user_id', 'is not', null), performsATaskIn(eb, userId)]));
  if (onlyProjectId !== undefined) query = query.where('projects.id', '=', onlyProjectId);
  return query.orderBy('projects.id').execute();
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

export function staffOf(db: Db, projectId: number): Promise<StaffRow[]> {
  return db
    .selectFrom('project_staff as ps')
    .innerJoin('users as u', 'u.id', 'ps.user_id')
    .select(['u.id as userId', 'u.firstname', 'u.lastname', 'u.avatar_path as avatarPath', 'ps.role'])
    .where('ps.project_id', '=', projectId)
    .orderBy('ps.role')
    .orderBy('u.id')
    .execute();
}
