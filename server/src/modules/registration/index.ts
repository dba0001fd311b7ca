/** The registration module's front door: the flows' service, routes and cookie names. */
export { FLOW_COOKIES, registrationRoutes } from './routes.js';
export { RegistrationService } from './service.js';
