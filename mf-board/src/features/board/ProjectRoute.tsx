import { observer } from 'mobx-react-lite';
import { useParams, useSearchParams } from 'react-router-dom';
import { useWorkStores } from '@negayno/shared/work-stores';
import { ProjectView } from './ProjectView';

/**
 * The element of both the project route and the task route: the project page, or the same page behind
 * an open task (the project the task link names, else the one last shown). Being one element, opening
 * or closing a task keeps the page mounted: nothing on screen is fetched again, and focus can go back
 * to the card that opened the task.
 */
export const ProjectRoute = observer(function ProjectRoute() {
  const { board } = useWorkStores();
  const { projectId } = useParams();
  const [params] = useSearchParams();
  const id = Number(projectId) || Number(params.get('projectId')) || board.projectId;
  return id ? <ProjectView projectId={id} /> : null;
});
