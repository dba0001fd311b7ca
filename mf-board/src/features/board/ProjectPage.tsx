import { useParams } from 'react-router-dom';
import { ProjectView } from './ProjectView';

export function ProjectPage() {
  const { projectId } = useParams();
  return <ProjectView projectId={Number(projectId)} />;
}
