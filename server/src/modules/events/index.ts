/** The live events' catch-up: the events of a room a browser missed (issue 13). */
export { eventsRoutes } from './routes.js';
export { EventsService } from './service.js';
