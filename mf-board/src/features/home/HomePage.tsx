import { Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { BoardRegular } from '@fluentui/react-icons';
import { projectPath } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { EmptyState } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

const useStyles = makeStyles({ page: { padding: tokens.spacingHorizontalL }, spinner: { marginTop: '20vh' } });

/** Home: go to the first project, or say there is none yet. */
export const HomePage = observer(function HomePage() {
  const { projects, session } = useStores();
  const navigate = useNavigate();
  const { t } = useTranslation('board');
  const styles = useStyles();

  useEffect(() => {
    void projects.load().catch(() => undefined);
  }, [projects]);

  const first = projects.list[0];
  useEffect(() => {
    if (first) navigate(projectPath(first.id), { replace: true });
  }, [first, navigate]);

  if (projects.listStatus !== 'ready' || first) return <Spinner className={styles.spinner} label={t('common:loading')} />;
  return (
    <div className={styles.page}>
      <EmptyState
        icon={<BoardRegular />}
        title={t('noProjectsTitle')}
        text={session.isStaff ? t('staffNoProjectsText') : t('noProjectsText')}
        testId="no-projects"
      />
    </div>
  );
});
