/** The portability module's front door (issue 37): bringing a board in. */
export { importRoutes } from './import/routes.js';
export { ImportService } from './import/service.js';
