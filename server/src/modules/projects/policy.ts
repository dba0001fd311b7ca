/**
 * Who may see a project, and as what (spec 6, decisions 2). Clients see the projects they are members
 * of, except while only invited; am, pm and sm the projects they are attached to; a performer the
 * projects of the tasks they perform.
 */
import type { ProjectListItem } from '@negayno/shared/contract';
import type { AuthUser } from '../auth/auth-user.js';
import type { ProjectRelation } from './repo.js';

export type ProjectViewerRole = ProjectListItem['role'];

export interface ProjectAccess {
  projectId: number;
  role: ProjectViewerRole;
}

export function projectAccessOf(user: AuthUser, relation: ProjectRelation): ProjectAccess | null {
  const role = viewerRole(user, relation);
  return role ? { projectId: relation.projectId, role } : null;
}

function viewerRole(user: AuthUser, relation: ProjectRelation): ProjectViewerRole | null {
  switch (user.role) {
    case 'user':
      return relation.memberRole && relation.memberRole !== 'invite' ? relation.memberRole : null;
    case 'am':
    case 'pm':
    case 'sm':
      return relation.staffRole ? user.role : null;
    case 'performer':
      return relation.performsATask ? 'performer' : null;
  }
}

/** Only a project administrator sees (and tops up) the project balance. */
export function canSeeProjectBalance(access: ProjectAccess): boolean {
  return access.role === 'administrator';
}
