/** The system module's front door: health, version and the browser's error log. */
export { systemRoutes } from './routes.js';
export { Readiness } from './readiness.js';
export { ClientLogService } from './service.js';
export { VersionService } from './version.js';
