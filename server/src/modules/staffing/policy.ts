/**
 * Who may do what with a project's team (issue 31, decisions 2 "Staffing a project"). Every rule of the
 * staffing module is a named function here: the service asks, it never decides.
 */
import { TEAM_ROLES, type StaffLoad, type TeamRole } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';

/** The viewer as the staffing rules see them: their account, and whether it is an operator's (read from the database when auth left it unsaid). */
export interface StaffingViewer {
  user: AuthUser;
  operator: boolean;
}

export function isTeamRole(role: string): role is TeamRole {
  return (TEAM_ROLES as readonly string[]).includes(role);
}

/** The queue of unstaffed projects ("New clients"): every am, and operators. Anyone else is told the call does not exist. */
export function canSeeQueue(viewer: StaffingViewer): boolean {
  return viewer.user.role === 'am' || viewer.operator;
}

/** Taking a queued project makes the taker its am: only an am may. */
export function canTakeProjects(viewer: StaffingViewer): boolean {
  return viewer.user.role === 'am';
}

/**
 * Changing a role of the team (and listing the candidates for it): the project's am changes its pm and
 * sm; the am role itself only an operator changes (an am cannot hand clients over on their own: the
 * operators' console does, or a deactivation with a successor).
 */
export function canChangeTeamRole(viewer: StaffingViewer, viewerTeamRole: TeamRole | null, role: TeamRole): boolean {
  if (viewer.operator) return true;
  return viewerTeamRole === 'am' && viewer.user.role === 'am' && role !== 'am';
}

/** Whether the viewer may open the team's candidates at all (the project's am, or an operator). */
export function canListCandidates(viewer: StaffingViewer, viewerTeamRole: TeamRole | null): boolean {
  return viewer.operator || (viewerTeamRole === 'am' && viewer.user.role === 'am');
}

export interface Candidate {
  id: number;
  lastSeenAt: Date | null;
}

/**
 * The order staff of a role are picked in (decisions 2): fewest open tasks, then fewest projects, then
 * the longest idle (never seen first, then the oldest last_seen_at), then the lowest id.
 */
export function byLeastLoaded<C extends Candidate>(loads: ReadonlyMap<number, StaffLoad>): (a: C, b: C) => number {
  const loadOf = (candidate: C) => loads.get(candidate.id) ?? { projects: 0, openTasks: 0 };
  const seen = (candidate: C) => (candidate.lastSeenAt === null ? -Infinity : candidate.lastSeenAt.getTime());
  return (a, b) =>
    loadOf(a).openTasks - loadOf(b).openTasks ||
    loadOf(a).projects - loadOf(b).projects ||
    (seen(a) === seen(b) ? 0 : seen(a) < seen(b) ? -1 : 1) ||
    a.id - b.id;
}
