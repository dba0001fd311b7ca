import type { AuthUser } from '../../lib/auth-user.js';

/** Someone's card is visible to themselves and to anyone who works with them in some project. */
export function canSeeUser(viewer: AuthUser, targetId: number, sharesAProject: boolean): boolean {
  return viewer.id === targetId || sharesAProject;
}
