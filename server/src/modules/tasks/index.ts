/** The tasks module's front door: the board's counters for the projects list, the life cycle's dates, the service and routes. */
export { taskAudience } from './audience.js';
export { columnCountersFor } from './counters.js';
export { EXPIRATION_OF_STATUS, dueColumnOf } from './life-cycle.js';
export { boardScopeOf, boardViewOf, readableChatKeys, visibleStatusesOf } from './policy.js';
export { insertTask, nextTaskNumber, unfinishedTasksOf } from './repo.js';
export { tasksRoutes } from './routes.js';
export { sanitizeDescription } from './sanitize.js';
export { TasksService } from './service.js';
export { BoardAnswers } from './board-answers.js';
export { TaskEditingService } from './editing.js';
export { chatFactsOf, whoseMoveOf } from './whose-move.js';
