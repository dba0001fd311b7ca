import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { ProjectView } from './ProjectView';

/** The board behind an open task: the project named in the task route, or the one last shown. */
export const TaskBackdrop = observer(function TaskBackdrop() {
  const { board } = useStores();
  const [params] = useSearchParams();
  const projectId = Number(params.get('projectId')) || board.projectId;
  return projectId ? <ProjectView projectId={projectId} /> : null;
});
