import { ROUTES } from '@negayno/shared/contract';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { TaskDrawerRoute } from './features/task-drawer/TaskDrawer';

/** The task drawer, opened over the board when the task route carries an id (spec 2 "Task view"). */
export function TaskChatApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={`${ROUTES.task}/:taskId`} element={<TaskDrawerRoute />} />
      </Routes>
    </BrowserRouter>
  );
}
