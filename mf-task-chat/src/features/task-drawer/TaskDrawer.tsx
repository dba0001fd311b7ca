import { DrawerBody, Skeleton, SkeletonItem, Text, Tooltip, makeStyles, tokens } from '@negayno/shared/fluent';
import { ArchiveRegular, CalendarAddRegular, CalendarCheckmarkRegular } from '@fluentui/react-icons';
import { ROUTES, TASK_PANEL_WIDTH, projectPath } from '@negayno/shared/contract';
import { formatDateTime, fullName, isEmptyHtml, sanitizeHtml } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { EmptyState, SideDrawer } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { taskDrawerStore } from './task-drawer-store';

const useStyles = makeStyles({
  drawer: { width: `min(${TASK_PANEL_WIDTH.default}px, 100vw)` },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground3,
    overflowWrap: 'anywhere',
  },
  icon: { fontSize: '18px', color: tokens.colorNeutralForeground3 },
  name: { margin: `${tokens.spacingVerticalS} 0`, wordBreak: 'break-word' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalL },
  description: {
    lineHeight: tokens.lineHeightBase400,
    wordBreak: 'break-word',
    '& a': { color: tokens.colorBrandForegroundLink },
    '& img': { maxWidth: '100%' },
  },
});

/** Reads the task id from the route and keeps the store in step with it. */
export function TaskDrawerRoute() {
  const { taskId } = useParams();
  return <TaskDrawer taskId={Number(taskId)} />;
}

export const TaskDrawer = observer(function TaskDrawer(props: { taskId: number }) {
  const { t, i18n } = useTranslation('task');
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { board } = useStores();
  const store = taskDrawerStore;
  const task = store.task?.id === props.taskId ? store.task : null;

  useEffect(() => {
    void store.load(props.taskId).then((status) => {
      // A task that is gone or forbidden sends the user home; its card leaves the board.
      if (status === 'gone') {
        board.remove(props.taskId);
        navigate(ROUTES.home, { replace: true });
      }
    });
  }, [props.taskId, store, board, navigate]);

  const projectId = task?.project.id ?? (Number(params.get('projectId')) || null);
  const close = () => navigate(projectId ? projectPath(projectId) : ROUTES.home);
  const description = useMemo(() => (task && !isEmptyHtml(task.description) ? sanitizeHtml(task.description) : ''), [task]);
  const language = i18n.language === 'en' ? 'en' : 'uk';

  return (
    <SideDrawer
      className={styles.drawer}
      onClose={close}
      ariaLabel={task?.name ?? t('loading')}
      testId="task-drawer"
      closeTestId="task-close"
      closeLabel={t('close')}
      title={
        task ? (
          <span className={styles.meta}>
            <Text weight="semibold" data-testid="task-number">
              {t('number', { number: task.number })}
            </Text>
            <Text data-testid="task-project">{t('project', { name: task.project.name })}</Text>
          </span>
        ) : (
          <Skeleton aria-label={t('loading')}>
            <SkeletonItem style={{ width: 180 }} />
          </Skeleton>
        )
      }
    >
      <DrawerBody>
        {!task ? (
          <Skeleton aria-label={t('loading')} data-testid="task-skeleton">
            <SkeletonItem size={32} style={{ width: '60%', marginBottom: 16 }} />
            <SkeletonItem size={16} style={{ width: '30%', marginBottom: 24 }} />
            <SkeletonItem style={{ height: 306 }} />
          </Skeleton>
        ) : (
          <article>
            <div className={styles.meta}>
              <Text>
                {t('author')}: <Text weight="semibold">{fullName(task.author)}</Text>
              </Text>
              <Tooltip content={t('created', { date: formatDateTime(task.dateCreate, language) })} relationship="label">
                <CalendarAddRegular className={styles.icon} tabIndex={0} />
              </Tooltip>
              <Tooltip
                content={task.datePublish ? t('published', { date: formatDateTime(task.datePublish, language) }) : t('notPublished')}
                relationship="label"
              >
                <CalendarCheckmarkRegular className={styles.icon} tabIndex={0} />
              </Tooltip>
              <Text>{t(`status.${task.status}`)}</Text>
            </div>
            <Text as="h2" size={600} weight="semibold" className={styles.name} data-testid="task-name">
              {task.dateArchived && <ArchiveRegular aria-label={t('archived')} />} {task.name}
            </Text>
            <section className={styles.section}>
              <Text weight="semibold">{t('description')}</Text>
              {description ? (
                <div className={styles.description} data-testid="task-description" dangerouslySetInnerHTML={{ __html: description }} />
              ) : (
                <EmptyState title={t('emptyDescription')} text={t('contactTaskAuthor')} testId="task-description-empty" />
              )}
            </section>
          </article>
        )}
      </DrawerBody>
    </SideDrawer>
  );
});
