import { ROUTES, projectPath, type ServerEvent } from '@negayno/shared/contract';
import { getSocket } from '@negayno/shared/api';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWorkStores } from '@negayno/shared/work-stores';

/**
 * `project.update` reaches this page through `user:{id}` (invited, role changed, removed) and
 * `project:{id}` (renamed, members, deleted): the list refreshes, and a project that is gone for
 * the viewer gives way to the next one.
 */
export function useProjectUpdates(): void {
  const { projects } = useWorkStores();
  const navigate = useNavigate();

  useEffect(() => {
    const socket = getSocket();
    const onUpdate = (event: ServerEvent<'project.update'>) => {
      void projects.onProjectUpdate(event).then(
        (outcome) => {
          if (outcome !== 'gone') return;
          const next = projects.nextProjectId(event.projectId);
          navigate(next ? projectPath(next) : ROUTES.home, { replace: true });
        },
        () => undefined,
      );
    };
    socket.on('project.update', onUpdate);
    return () => {
      socket.off('project.update', onUpdate);
    };
  }, [projects, navigate]);
}
