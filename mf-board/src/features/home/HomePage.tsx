import { Button, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { AddRegular, BoardRegular } from '@fluentui/react-icons';
import { BREAKPOINTS, projectPath } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { useWorkStores } from '@negayno/shared/work-stores';
import { EmptyState, LoadFailed } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useNavigate } from 'react-router-dom';
import { CreateProjectDialog, StaffBoard } from '../role-chunks';
import { PendingInvitations } from '../projects/PendingInvitations';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  invitations: { width: '100%', maxWidth: `${BREAKPOINTS.sm}px` },
  spinner: { marginTop: '20vh' },
});

/** Home (spec 2): staff see one board across their projects; a client goes to their first project. */
export const HomePage = observer(function HomePage() {
  const { session } = useStores();
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();

  useEffect(() => {
    void projects.load().catch(() => undefined);
  }, [projects]);

  return session.user?.board.home === 'allProjects' ? (
    <Suspense fallback={<Spinner className={styles.spinner} label={t('common:loading')} />}>
      <StaffBoard />
    </Suspense>
  ) : (
    <ClientHome />
  );
});

const ClientHome = observer(function ClientHome() {
  const { session } = useStores();
  const { projects } = useWorkStores();
  const navigate = useNavigate();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const [creating, setCreating] = useState(false);

  const first = projects.member[0];
  useEffect(() => {
    if (first) navigate(projectPath(first.id), { replace: true });
  }, [first, navigate]);

  if (projects.listStatus === 'error' && !first) return <LoadFailed onRetry={() => void projects.load().catch(() => undefined)} testId="projects-failed" />;
  if (projects.listStatus !== 'ready' || first) return <Spinner className={styles.spinner} label={t('common:loading')} />;
  return (
    <div className={styles.page}>
      <div className={styles.invitations}>
        <PendingInvitations />
      </div>
      <EmptyState
        icon={<BoardRegular />}
        title={t('noProjectsTitle')}
        text={t('noProjectsText')}
        action={
          session.user?.can.createProject ? (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid="create-project">
              {t('createProject')}
            </Button>
          ) : undefined
        }
        testId="no-projects"
      />
      {session.user?.can.createProject && <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />}
    </div>
  );
});
