/** The portability module's front door (issue 37): a project's export, its service and routes. */
export { ExportService, type ExportOptions } from './export/service.js';
export { portabilityRoutes } from './routes.js';
