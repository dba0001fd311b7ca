import type { AccountRole } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { projectAccessOf, type ProjectAccess } from './policy.js';
import { relationsIn, relationsOf } from './repo.js';

export interface ProjectPerson {
  userId: number;
  role: AccountRole;
  email: string;
  /** Attached staff (am, pm, sm): participants of every task of the project. */
  isStaff: boolean;
  notifyAllTasks: boolean;
}

/**
 * The people of a project whom its events may concern (notifications): its members (not pending
 * invitations) and its attached staff. On any executor, so a caller's transaction sees its own writes.
 */
export async function peopleOfProject(db: Db, projectId: number): Promise<ProjectPerson[]> {
  const [members, staff] = await Promise.all([
    db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select(['u.id as userId', 'u.role', 'u.email', 'u.notify_all_tasks as notifyAllTasks'])
      .where('pm.project_id', '=', projectId)
      .where('pm.role', '<>', 'invite')
      .execute(),
    db
      .selectFrom('project_staff as ps')
      .innerJoin('users as u', 'u.id', 'ps.user_id')
      .select(['u.id as userId', 'u.role', 'u.email', 'u.notify_all_tasks as notifyAllTasks'])
      .where('ps.project_id', '=', projectId)
      .execute(),
  ]);
  return [...members.map((row) => ({ ...row, isStaff: false })), ...staff.map((row) => ({ ...row, isStaff: true }))];
}

/** ProjectsService.accessTo on any executor. */
export async function projectAccessIn(db: Db, user: AuthUser, projectId: number): Promise<ProjectAccess | null> {
  const [relation] = await relationsOf(db, user.id, projectId);
  return relation ? projectAccessOf(user, relation) : null;
}

/** projectAccessIn for several users at once, in one statement: null for those with no access. */
export async function projectAccessesIn(db: Db, users: AuthUser[], projectId: number): Promise<Map<number, ProjectAccess | null>> {
  const relations = await relationsIn(
    db,
    users.map((user) => user.id),
    projectId,
  );
  return new Map(
    users.map((user) => {
      const relation = relations.get(user.id);
      return [user.id, relation ? projectAccessOf(user, relation) : null];
    }),
  );
}

export async function projectNameOf(db: Db, projectId: number): Promise<string | null> {
  const row = await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst();
  return row?.name ?? null;
}
