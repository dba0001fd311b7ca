/**
 * Who may see a project, as what, and what they may do with it (spec 6, decisions 2). Clients see the
 * projects they are members of, except while only invited; am, pm and sm the projects they are attached
 * to; a performer the projects of the tasks they perform. Every rule of the projects module is a named
 * function here: the services ask, they never decide.
 */
import type { AccountPermissions, AssignableProjectRole, ProjectListItem, ProjectPermissions } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import { canCloseOwnAccount } from '../users/index.js';
import type { ProjectRelation } from './repo.js';

export type ProjectViewerRole = ProjectListItem['role'];

export interface ProjectAccess {
  projectId: number;
  role: ProjectViewerRole;
  /** The viewer is an operator (issue 31): they change any project's team, tied to it or not. */
  operator?: boolean;
}

export function projectAccessOf(user: AuthUser, relation: ProjectRelation): ProjectAccess | null {
  const role = viewerRole(user, relation);
  if (!role) return null;
  // An operator (issue 31) who sees the project may also change its team (can.changeTeam).
  return user.operator === true ? { projectId: relation.projectId, role, operator: true } : { projectId: relation.projectId, role };
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

/** A client's pending invitation: listed (role `invite`) so they can accept or decline, but not opened. */
export function isPendingInvitation(user: AuthUser, relation: ProjectRelation): boolean {
  return user.role === 'user' && relation.memberRole === 'invite';
}

function isAdministrator(access: ProjectAccess): boolean {
  return access.role === 'administrator';
}

/** Only client accounts own projects; staff are attached to them by the operator. */
export function canCreateProject(user: AuthUser): boolean {
  return user.role === 'user';
}

/** The profile's `can`: what the account may do outside any one project, by the rules that guard those calls. */
export function accountPermissionsOf(user: AuthUser): AccountPermissions {
  return {
    createProject: canCreateProject(user),
    ops: user.operator === true,
    takeProjects: user.role === 'am' || user.operator === true,
    closeAccount: canCloseOwnAccount(user),
  };
}

/** Only a project administrator sees (and tops up) the project balance. */
export function canSeeProjectBalance(access: ProjectAccess): boolean {
  return isAdministrator(access);
}

export function canRename(access: ProjectAccess): boolean {
  return isAdministrator(access);
}

export function canDeleteProject(access: ProjectAccess): boolean {
  return isAdministrator(access);
}

/** The order of the list lives on the client's membership: staff lists follow the projects' age. */
export function canSortProjects(access: ProjectAccess): boolean {
  return access.role === 'administrator' || access.role === 'user' || access.role === 'guest';
}

/**
 * The client's people see each other's emails and pending invitations; staff and performers work with
 * the client's people by name and avatar only, and have nothing to do with invitations.
 */
export function canSeeMemberContacts(access: ProjectAccess): boolean {
  return access.role === 'administrator' || access.role === 'user' || access.role === 'guest';
}

/** Spec 6: administrators, and users ("manage the users drawer"), invite; guests and staff only read. */
export function canInvite(access: ProjectAccess): boolean {
  return access.role === 'administrator' || access.role === 'user';
}

/** Only client accounts are invited: staff are attached by the operator (decisions 2). */
export function canBeInvited(invitee: { role: AuthUser['role'] }): boolean {
  return invitee.role === 'user';
}

export function canChangeRoles(access: ProjectAccess): boolean {
  return isAdministrator(access);
}

/** The canNegayno toggle is visible to, and set by, administrators only. */
export function canChangeMemberSettings(access: ProjectAccess): boolean {
  return isAdministrator(access);
}

export function canRemoveMembers(access: ProjectAccess): boolean {
  return isAdministrator(access);
}

export function canCancelInvitations(access: ProjectAccess): boolean {
  return isAdministrator(access);
}

/** Spec 6: "create cards in column 1" is for administrators and users. */
export function canCreateTask(access: ProjectAccess): boolean {
  return access.role === 'administrator' || access.role === 'user';
}

/** Issue 37: a board is brought into a project by its administrators, who answer for what lands on it. */
export function canImportTasks(access: ProjectAccess): boolean {
  return isAdministrator(access);
}

/** The project's am, or an operator, changes its team (decisions 2 "Staffing a project"). */
export function canChangeTeam(access: ProjectAccess): boolean {
  return access.role === 'am' || access.operator === true;
}

/** Issue 37: the whole project in one archive, for its administrators, its am and operators. */
export function canExport(access: ProjectAccess): boolean {
  return access.role === 'administrator' || access.role === 'am' || access.operator === true;
}

/**
 * The `can` of a project answer: each flag is the very rule its call asks, so what the browser offers
 * and what the server allows cannot drift (the role × action test holds them together).
 */
export function projectPermissionsOf(access: ProjectAccess): ProjectPermissions {
  return {
    rename: canRename(access),
    sort: canSortProjects(access),
    seeBalance: canSeeProjectBalance(access),
    invite: canInvite(access),
    changeRoles: canChangeRoles(access),
    changeMemberSettings: canChangeMemberSettings(access),
    removeMembers: canRemoveMembers(access),
    cancelInvitations: canCancelInvitations(access),
    // The menu's "settings" opens the members' settings: offered to whoever may change them.
    openSettings: canChangeMemberSettings(access),
    delete: canDeleteProject(access),
    createTask: canCreateTask(access),
    importTasks: canImportTasks(access),
    changeTeam: canChangeTeam(access),
    export: canExport(access),
  };
}

/** "Only the user's own row is protected from role change and deletion." */
export function isProtectedRow(user: AuthUser, memberId: number): boolean {
  return user.id === memberId;
}

/** A project always keeps an administrator: the last one is neither demoted nor removed. */
export function keepsAnAdministrator(
  members: ReadonlyArray<{ userId: number; role: string }>,
  change: { userId: number; newRole: AssignableProjectRole | null },
): boolean {
  return members.some((member) => (member.userId === change.userId ? change.newRole === 'administrator' : member.role === 'administrator'));
}
