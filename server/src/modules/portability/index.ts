/** The portability module's front door (issue 37): a project's export, and bringing a board in. */
export { ExportService, type ExportOptions } from './export/service.js';
export { importRoutes } from './import/routes.js';
export { ImportService } from './import/service.js';
export { portabilityRoutes } from './routes.js';
