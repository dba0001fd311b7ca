/** The operators' console's front door (issue 31): its service, routes and the operator flag as the tool sets it. */
export { isOperator } from './policy.js';
export { setOperatorFlag } from './repo.js';
export { opsRoutes } from './routes.js';
export { OpsService, type StaffingPort } from './service.js';
