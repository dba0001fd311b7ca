import { Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { BREAKPOINTS, ROUTES } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ProjectNav } from '../projects/ProjectNav';
import { KanbanBoard } from './KanbanBoard';

const useStyles = makeStyles({
  page: { display: 'flex', flexGrow: 1, minHeight: 'calc(100vh - 56px)', [`@media (max-width: ${BREAKPOINTS.md - 1}px)`]: { flexDirection: 'column' } },
  main: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  heading: { margin: 0 },
});

/** A project's page: its name and its board (spec 2 "Project page"). */
export const ProjectView = observer(function ProjectView(props: { projectId: number }) {
  const { projects, board } = useStores();
  const { t } = useTranslation('board');
  const navigate = useNavigate();
  const styles = useStyles();
  const { projectId } = props;

  useEffect(() => {
    if (projects.listStatus === 'idle') void projects.load().catch(() => undefined);
  }, [projects]);

  useEffect(() => {
    let cancelled = false;
    void projects.loadProject(projectId).then((result) => {
      // A project that is gone or forbidden sends the viewer back to the root (spec 8).
      if (result === 'gone' && !cancelled) navigate(ROUTES.home, { replace: true });
    }, () => undefined);
    void board.load(projectId).catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [projectId, projects, board, navigate]);

  const project = projects.current?.id === projectId ? projects.current : null;
  return (
    <div className={styles.page}>
      <ProjectNav currentId={projectId} />
      <div className={styles.main} aria-label={project ? t('boardOf', { name: project.name }) : undefined}>
        {project ? (
          <Text as="h1" size={700} weight="semibold" className={styles.heading} data-testid="project-name">
            {project.name}
          </Text>
        ) : (
          <Skeleton aria-label={t('common:loading')}>
            <SkeletonItem size={32} style={{ width: 280 }} />
          </Skeleton>
        )}
        <KanbanBoard />
      </div>
    </div>
  );
});
