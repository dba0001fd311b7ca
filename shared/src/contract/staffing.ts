/**
 * Staffing a project (issue 31, decisions 2 "Staffing a project"): every project has a team of one am,
 * one pm and one sm. With STAFFING=auto a new project gets the least-loaded active staff member of each
 * role at creation; otherwise, or when a role has no active staff, it waits in the queue of unstaffed
 * projects that every am sees ("New clients") and takes from. The project's am or an operator changes
 * the team.
 */
import { z } from 'zod';
import type { PersonRef, UnixSeconds } from './entities.js';

export const TEAM_ROLES = ['am', 'pm', 'sm'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** How the server staffs a new project (the STAFFING variable). */
export const STAFFING_MODES = ['auto', 'queue'] as const;
export type StaffingMode = (typeof STAFFING_MODES)[number];

/** The default promise of how soon a new project has its whole team (SLA_STAFFING_HOURS). */
export const DEFAULT_SLA_STAFFING_HOURS = 4;

/** How much a staff member carries: the projects they are on and the open tasks of those (not draft, not archived). */
export interface StaffLoad {
  projects: number;
  openTasks: number;
}

/**
 * The project's staffing as `GET /project/{id}` shows it (`Project.staffing`): the roles still unfilled,
 * and while any is, the moment the agency promised to have filled them (creation + SLA_STAFFING_HOURS).
 */
export interface ProjectStaffing {
  missing: TeamRole[];
  dueAt: UnixSeconds | null;
}

/** A staff member one may put on a team (`GET /project/{id}/team/candidates`): active only, with their load. */
export interface StaffCandidate extends PersonRef {
  role: TeamRole;
  avatarUrl: string | null;
  load: StaffLoad;
  /** Whether they are on this project's team now. */
  onTeam: boolean;
}

/** An entry of the queue of unstaffed projects (`GET /staffing/queue`): the am's "New clients". */
export interface UnstaffedProject {
  id: number;
  name: string;
  /** The project's creator (its first administrator). */
  client: PersonRef & { email: string };
  missing: TeamRole[];
  /** Tasks already published in it (nobody sees them until it has an am and a pm). */
  publishedTasks: number;
  dateCreate: UnixSeconds;
  /** Creation + SLA_STAFFING_HOURS. */
  dueAt: UnixSeconds;
}

/** `PUT /project/{id}/team`: put a person on the project's team in the role (replacing whoever held it). */
export const assignTeamBody = z.object({
  role: z.enum(TEAM_ROLES, { error: 'role_not_found' }),
  userId: z.coerce.number({ error: 'user_not_found' }).int({ error: 'user_not_found' }).positive({ error: 'user_not_found' }),
});
export type AssignTeamBody = z.infer<typeof assignTeamBody>;
