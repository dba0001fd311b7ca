/** The workflow module's front door: the task life cycle's service, its scheduler, the notifications port, the routes. */
export { NotificationsNotifier, type WorkflowNotice, type WorkflowNotifier } from './notifier.js';
export { canSeeDocuments, canSeePrices } from './policy.js';
export { workflowRoutes } from './routes.js';
export { WorkflowScheduler } from './scheduler.js';
export { WorkflowService } from './service.js';
export { TaskStepReader } from './step-answer.js';
export { TABLE as WORKFLOW_TABLE, type Actor } from './table.js';
