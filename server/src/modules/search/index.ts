/** The search module's front door (issue 38): the service and its route. */
export { searchRoutes } from './routes.js';
export { SearchService } from './service.js';
