import { ROUTES } from '@negayno/shared/contract';
import { matchRoute, usePathname } from '@negayno/shared/ui';
import { TaskDrawer } from './features/task-drawer/TaskDrawer';

/** The task drawer, opened over the board when the task route carries an id (spec 2 "Task view"). */
export function TaskChatApp() {
  const route = matchRoute(usePathname(), `${ROUTES.task}/:taskId`);
  return route ? <TaskDrawer taskId={Number(route.taskId)} /> : null;
}
