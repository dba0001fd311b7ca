import type { ColumnCounters, Project, ProjectListItem, ProjectStaff, ProjectUser } from '@negayno/shared/contract';
import { toUnix, toUnixOrNull } from '../../lib/time.js';
import { avatarUrlOf } from '../users/presenters.js';
import { projectPermissionsOf, type ProjectAccess } from './policy.js';
import type { MemberRow, ProjectRelation, StaffRow } from './repo.js';

export function toProjectListItem(relation: ProjectRelation, access: ProjectAccess, counters: ColumnCounters): ProjectListItem {
  return { id: relation.projectId, name: relation.name, role: access.role, sortorder: relation.sortOrder ?? 0, counters };
}

/** A pending invitation in the invitee's list: they may accept or decline it, nothing more. */
export function toInvitationListItem(relation: ProjectRelation): ProjectListItem {
  return { id: relation.projectId, name: relation.name, role: 'invite', sortorder: relation.sortOrder ?? 0, counters: [0, 0, 0, 0] };
}

function toProjectUser(member: MemberRow): ProjectUser {
  return {
    id: member.userId,
    email: member.email,
    firstname: member.firstname,
    lastname: member.lastname,
    avatarUrl: avatarUrlOf(member.avatarPath),
    role: member.role,
    canNegayno: member.canNegayno,
    owner: member.isOwner,
  };
}

/** An invitation to an email with no account yet: shown as an invited guest with no name. */
function toInvitedEmail(email: string): ProjectUser {
  return { id: null, email, firstname: '', lastname: '', avatarUrl: null, role: 'invite', canNegayno: false, owner: false };
}

function toProjectStaff(staff: StaffRow): ProjectStaff {
  return { id: staff.userId, firstname: staff.firstname, lastname: staff.lastname, role: staff.role, avatarUrl: avatarUrlOf(staff.avatarPath) };
}

export interface ProjectParts {
  balance: number | null;
  counters: ColumnCounters;
  members: MemberRow[];
  invitedEmails: string[];
  staff: StaffRow[];
}

export function toProject(relation: ProjectRelation, access: ProjectAccess, parts: ProjectParts): Project {
  return {
    id: relation.projectId,
    name: relation.name,
    balance: parts.balance,
    currency: relation.currency,
    counters: parts.counters,
    projectUsers: [...parts.members.map(toProjectUser), ...parts.invitedEmails.map(toInvitedEmail)],
    staff: parts.staff.map(toProjectStaff),
    role: access.role,
    can: projectPermissionsOf(access),
    dateCreate: toUnix(relation.createdAt),
    dateArchived: toUnixOrNull(relation.archivedAt),
  };
}
