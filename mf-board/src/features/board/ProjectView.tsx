import { Button, Skeleton, SkeletonItem, Tooltip, makeStyles, tokens } from '@negayno/shared/fluent';
import { MoreHorizontalRegular, WalletRegular } from '@fluentui/react-icons';
import { BREAKPOINTS, ROUTES, projectPath } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { useWorkStores } from '@negayno/shared/work-stores';
import { LoadFailed } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useNavigate } from 'react-router-dom';
import { useAppliedFilter } from '../filter/applied-filter';
import { FilterButton } from '../filter/FilterButton';
import { useLiveBoard } from '../live/useLiveBoard';
import { ArchiveDrawer, FilterPanel, ProjectMenuDrawer, UsersDrawer, usePanelsPrefetch } from '../panels';
import { ProjectMembers } from '../project/ProjectMembers';
import type { ProjectRemoval } from '../project/ProjectMenuDrawer';
import { ProjectNameHeading } from '../project/ProjectNameHeading';
import { ProjectNav } from '../projects/ProjectNav';
import { ImportDialog } from '../role-chunks';
import { KanbanBoard } from './KanbanBoard';

const narrow = `@media (max-width: ${BREAKPOINTS.md - 1}px)`;

const useStyles = makeStyles({
  page: { display: 'flex', flexGrow: 1, minWidth: 0, minHeight: 'calc(100vh - 56px)', [narrow]: { flexDirection: 'column' } },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    [narrow]: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalM },
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  title: { flexGrow: 1, flexBasis: '240px', minWidth: 0 },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

type Drawer = 'users' | 'menu' | 'archive' | 'filter' | 'import' | null;

/** A project's page (spec 2 "Project page"): name, balance, members, menu, filters and the live board. */
export const ProjectView = observer(function ProjectView(props: { projectId: number }) {
  const { ui } = useStores();
  const { projects, board } = useWorkStores();
  const { t } = useTranslation('board');
  const navigate = useNavigate();
  const styles = useStyles();
  const { projectId } = props;
  const filter = useAppliedFilter(false);
  const [drawer, setDrawer] = useState<Drawer>(null);
  const close = () => setDrawer(null);

  useEffect(() => {
    if (projects.listStatus === 'idle') void projects.load().catch(() => undefined);
  }, [projects]);

  const [projectAsks, setProjectAsks] = useState(0);
  // The router's navigate changes with every location (a task opening), and must not reload the project.
  const leave = useRef(() => navigate(ROUTES.home, { replace: true }));
  leave.current = () => navigate(ROUTES.home, { replace: true });
  useEffect(() => {
    let cancelled = false;
    void projects.loadProject(projectId).then(
      (result) => {
        // A project that is gone or forbidden sends the viewer back to the root (spec 8).
        if (result === 'gone' && !cancelled) leave.current();
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [projectId, projects, projectAsks]);

  const reload = () => void board.load(projectId, filter).catch(() => undefined);
  useEffect(reload, [projectId, filter, board]);
  useLiveBoard([projectId], reload);
  usePanelsPrefetch(board.status === 'ready');

  const project = projects.current?.id === projectId ? projects.current : null;
  const can = project?.can;
  const projectFailed = !project && projects.currentStatus === 'error';

  const deleteProject = async (removal: ProjectRemoval) => {
    const next = await projects.deleteProject(projectId, removal).catch((error: unknown) => {
      // The balance may have changed since the page loaded (a top-up, a refund): show the current one.
      void projects.loadProject(projectId).catch(() => undefined);
      throw error;
    });
    close();
    navigate(next ? projectPath(next) : ROUTES.home, { replace: true });
  };

  return (
    <div className={styles.page}>
      <ProjectNav currentId={projectId} />
      <div className={styles.main} aria-label={project ? t('boardOf', { name: project.name }) : undefined}>
        {projectFailed ? (
          <LoadFailed
            onRetry={() => {
              setProjectAsks((count) => count + 1);
              if (board.status === 'error') reload();
            }}
            testId="project-failed"
          />
        ) : (
          <>
            <div className={styles.head}>
              <div className={styles.title}>
                {project ? (
                  <ProjectNameHeading projectId={project.id} name={project.name} editable={project.can.rename} />
                ) : (
                  <Skeleton aria-label={t('common:loading')}>
                    <SkeletonItem size={32} style={{ width: 240 }} />
                  </Skeleton>
                )}
              </div>
              {project && (
                <div className={styles.tools}>
                  <ProjectMembers project={project} onOpen={() => setDrawer('users')} />
                  {project.can.seeBalance && (
                    <Tooltip content={t('toolbar.wallet')} relationship="label">
                      <Button icon={<WalletRegular />} onClick={() => ui.openWallet({ kind: 'project', projectId })} data-testid="project-wallet" />
                    </Tooltip>
                  )}
                  <FilterButton filter={filter} onClick={() => setDrawer('filter')} />
                  <Tooltip content={t('toolbar.menu')} relationship="label">
                    <Button icon={<MoreHorizontalRegular />} onClick={() => setDrawer('menu')} data-testid="project-menu-button" />
                  </Tooltip>
                </div>
              )}
            </div>
            <KanbanBoard createIn={can?.createTask ? projectId : null} />
          </>
        )}
      </div>
      <FilterPanel open={drawer === 'filter'} onClose={close} withProject={false} />
      {project && drawer === 'users' && <UsersDrawer project={project} onClose={close} />}
      {drawer === 'archive' && <ArchiveDrawer scope={{ kind: 'project', projectId }} onClose={close} />}
      {project && drawer === 'menu' && (
        <ProjectMenuDrawer
          projectId={projectId}
          projectName={project.name}
          can={project.can}
          balance={{ amount: project.balance, currency: project.currency }}
          transferTargets={project.closureTargets}
          onChoose={(choice) => setDrawer(choice === 'settings' ? 'users' : choice)}
          onDelete={deleteProject}
          onClose={close}
        />
      )}
      {project && drawer === 'import' && <ImportDialog open onClose={close} project={{ id: project.id, name: project.name }} />}
    </div>
  );
});
