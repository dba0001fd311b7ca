import { ROUTES } from '@negayno/shared/contract';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ProjectRoute } from './features/board/ProjectRoute';
import { useProjectUpdates } from './features/live/useProjectUpdates';
import { OpsRoute } from './features/ops-route';

function BoardRoutes() {
  useProjectUpdates();
  return (
    <Routes>
      {/* One element type for all three: React keeps the page mounted when a task opens or closes over it. */}
      <Route path={ROUTES.home} element={<ProjectRoute />} />
      <Route path={`${ROUTES.project}/:projectId`} element={<ProjectRoute />} />
      <Route path={`${ROUTES.task}/:taskId`} element={<ProjectRoute />} />
      <Route path={`${ROUTES.ops}/*`} element={<OpsRoute />} />
    </Routes>
  );
}

/** Home, the project page, the board behind an open task (spec 2), and the operators' console (issue 31). */
export function BoardApp() {
  return (
    <BrowserRouter>
      <BoardRoutes />
    </BrowserRouter>
  );
}
