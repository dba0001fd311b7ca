/**
 * The staffing module's front door (issue 31, decisions 2 "Staffing a project"): a project's team, the
 * queue of unstaffed projects, staff loads, deactivating and reactivating staff.
 */
export { StaffingJobs } from './jobs.js';
export { byLeastLoaded } from './policy.js';
export { activeOperators, loadsOf, type ProjectTeamRow } from './repo.js';
export { staffingRoutes } from './routes.js';
export { StaffingService, type DeactivationResult, type MovedTeamRow, type StaffingLive } from './service.js';
