/** The projects module's front door: project access for the modules that live inside a project, the services and routes. */
export { peopleOfProject, projectAccessesIn, projectAccessIn, projectNameOf, type ProjectPerson } from './audience.js';
export { ProjectEditingService, type NewProject } from './editing.js';
export { ProjectEvents } from './events.js';
export { ProjectMembersService } from './members.js';
export {
  accountPermissionsOf,
  canCreateProject,
  canCreateTask,
  canExport,
  canImportTasks,
  canSeeMemberContacts,
  type ProjectAccess,
  type ProjectViewerRole,
} from './policy.js';
export { acceptProjectInvitations, hasProjectInvitation, leaveAllProjects, soleAdministrationsOf, type StaffRow } from './repo.js';
export { projectsRoutes } from './routes.js';
export { ProjectsService, type ColumnCounting } from './service.js';
