import type { AccountPermissions } from '@negayno/shared/contract';
import type { AuthUser } from '../auth/auth-user.js';
import { canCreateProject } from '../projects/policy.js';

/** Someone's card is visible to themselves and to anyone who works with them in some project. */
export function canSeeUser(viewer: AuthUser, targetId: number, sharesAProject: boolean): boolean {
  return viewer.id === targetId || sharesAProject;
}

/** The profile's `can`: what the account may do outside any one project, by the rules that guard those calls. */
export function accountPermissionsOf(user: AuthUser): AccountPermissions {
  return { createProject: canCreateProject(user) };
}
