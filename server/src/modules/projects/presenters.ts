import {
  TEAM_ROLES,
  type ColumnCounters,
  type Project,
  type ProjectListItem,
  type ProjectStaff,
  type ProjectStaffing,
  type ProjectUser,
} from '@negayno/shared/contract';
import { toUnix, toUnixOrNull } from '../../lib/time.js';
import { avatarUrlOf } from '../users/index.js';
import { canSeeMemberContacts, projectPermissionsOf, type ProjectAccess } from './policy.js';
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

/**
 * A pending invitation, to an account or to an email with none: shown alike, by its email only, so
 * inviting does not tell whether (or whose) an account the email is.
 */
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
  /** SLA_STAFFING_HOURS: how long after creation the agency promised the whole team. */
  staffingSlaHours: number;
  /** The viewer's other projects a closure may send this one's balance to. */
  closureTargets: { id: number; name: string }[];
}

/** Staff and performers see the client's people by name and avatar: no emails, no invitations. */
function withoutContacts(user: ProjectUser): ProjectUser {
  return { ...user, email: '' };
}

function projectUsersFor(access: ProjectAccess, parts: ProjectParts): ProjectUser[] {
  const joined = parts.members.filter((member) => member.role !== 'invite').map(toProjectUser);
  if (!canSeeMemberContacts(access)) return joined.map(withoutContacts);
  // Lower case, as invitations to emails are kept: the account's own spelling would tell it exists.
  const invited = [...parts.members.filter((member) => member.role === 'invite').map((member) => member.email.toLowerCase()), ...parts.invitedEmails];
  return [...joined, ...invited.sort().map(toInvitedEmail)];
}

/** The team roles nobody holds yet, and while any is unfilled, when the agency promised them. */
function staffingOf(relation: ProjectRelation, staff: StaffRow[], slaHours: number): ProjectStaffing {
  const missing = TEAM_ROLES.filter((role) => !staff.some((row) => row.role === role));
  const dueAt = missing.length > 0 ? toUnix(relation.createdAt) + Math.round(slaHours * 3600) : null;
  return { missing, dueAt };
}

export function toProject(relation: ProjectRelation, access: ProjectAccess, parts: ProjectParts): Project {
  return {
    id: relation.projectId,
    name: relation.name,
    balance: parts.balance,
    currency: relation.currency,
    counters: parts.counters,
    projectUsers: projectUsersFor(access, parts),
    staff: parts.staff.map(toProjectStaff),
    staffing: staffingOf(relation, parts.staff, parts.staffingSlaHours),
    role: access.role,
    can: projectPermissionsOf(access),
    closureTargets: parts.closureTargets,
    dateCreate: toUnix(relation.createdAt),
    dateArchived: toUnixOrNull(relation.archivedAt),
  };
}
