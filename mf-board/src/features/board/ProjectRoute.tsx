import { observer } from 'mobx-react-lite';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { ROUTES, overAllBoard } from '@negayno/shared/contract';
import { useWorkStores } from '@negayno/shared/work-stores';
import { HomePage } from '../home/HomePage';
import { ProjectView } from './ProjectView';

/**
 * The element of the home, project and task routes: home (the staff's all-projects board), the
 * project page, or either behind an open task (the project the task link names, else the one last
 * shown; home when the link says it was opened from the all-projects board). Being one element,
 * opening or closing a task keeps the page mounted: nothing on screen is fetched again, and focus can
 * go back to the card that opened the task.
 */
export const ProjectRoute = observer(function ProjectRoute() {
  const { board } = useWorkStores();
  const { projectId } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname === ROUTES.home || (!projectId && overAllBoard(params))) return <HomePage />;
  const id = Number(projectId) || Number(params.get('projectId')) || board.projectId;
  return id ? <ProjectView projectId={id} /> : null;
});
