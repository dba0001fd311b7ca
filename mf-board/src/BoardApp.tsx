import { ROUTES } from '@negayno/shared/contract';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { HomePage } from './features/home/HomePage';
import { ProjectPage } from './features/board/ProjectPage';
import { TaskBackdrop } from './features/board/TaskBackdrop';
import { useProjectUpdates } from './features/live/useProjectUpdates';

function BoardRoutes() {
  useProjectUpdates();
  return (
    <Routes>
      <Route path={ROUTES.home} element={<HomePage />} />
      <Route path={`${ROUTES.project}/:projectId`} element={<ProjectPage />} />
      <Route path={`${ROUTES.task}/:taskId`} element={<TaskBackdrop />} />
    </Routes>
  );
}

/** Home, the project page, and the board behind an open task (spec 2). */
export function BoardApp() {
  return (
    <BrowserRouter>
      <BoardRoutes />
    </BrowserRouter>
  );
}
