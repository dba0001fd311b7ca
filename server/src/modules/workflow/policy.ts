/** Who a viewer is in a task's life cycle (decisions 3: "client" is the author or a project administrator). */
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProjectAccess } from '../projects/index.js';
import type { Actor } from './table.js';

export function actorsOf(user: AuthUser, access: ProjectAccess, task: { author_id: number }, performs: boolean): Set<Actor> {
  const actors = new Set<Actor>();
  switch (access.role) {
    case 'administrator':
      actors.add('client').add('clientAdmin');
      break;
    case 'user':
      if (task.author_id === user.id) actors.add('client');
      break;
    case 'am':
    case 'pm':
    case 'sm':
      actors.add(access.role);
      break;
    case 'performer':
      if (performs) actors.add('performer');
      break;
  }
  return actors;
}

/** Spec 6: guests do not see task documents. */
export function canSeeDocuments(access: ProjectAccess): boolean {
  return access.role !== 'guest' && access.role !== 'invite';
}

/** Spec 6: prices are shown to a project administrator, the sm and performers (whose currency is always set here). */
export function canSeePrices(access: ProjectAccess): boolean {
  return access.role === 'administrator' || access.role === 'sm' || access.role === 'performer';
}

/** `GET /task/{id}/ledger`: the client's administrators and the staff. */
export function canSeeTaskLedger(access: ProjectAccess): boolean {
  return access.role === 'administrator' || access.role === 'am' || access.role === 'pm' || access.role === 'sm';
}

/** `GET /task/{id}/estimates` (issue 33): the staff and performers; a client never sees an estimate. */
export function canSeeEstimates(access: ProjectAccess): boolean {
  return access.role === 'am' || access.role === 'pm' || access.role === 'sm' || access.role === 'performer';
}
