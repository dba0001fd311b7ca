import { WATCHED_EXPIRATIONS } from '@negayno/shared/contract/ops';
import { Badge, Button, Field, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card, Select } from '@negayno/shared/fluent-panels';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { projectPath, taskPath } from '@negayno/shared/contract';
import { formatDateTime, fullName } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { EmptyState, LoadFailed } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListSkeleton, SearchBox, useOpsStyles } from '../parts';
import { DeadlinesStore, type WatchedStatus } from './deadlines-store';

const ROLE_KEYS: readonly string[] = ['am', 'pm', 'sm', 'performer', 'client'];
type RoleKey = 'am' | 'pm' | 'sm' | 'performer' | 'client';

const useStyles = makeStyles({
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 1023px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  tasks: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  task: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
});

/** Deadlines: tasks past their status's expiration by responsible person (links to the task), and projects past the staffing SLA. */
export const DeadlinesSection = observer(function DeadlinesSection(props: { store?: DeadlinesStore }) {
  const { t } = useTranslation('ops');
  const { ui } = useStores();
  const styles = useOpsStyles();
  const own = useStyles();
  const [store] = useState(() => props.store ?? new DeadlinesStore());

  useEffect(() => void store.load(), [store]);

  if (store.status === 'idle' || store.status === 'loading') return <ListSkeleton />;
  if (store.status !== 'ready') return <LoadFailed onRetry={() => void store.load()} testId="deadlines-failed" />;

  return (
    <section className={styles.section} data-testid="ops-deadlines">
      <div className={styles.toolbar}>
        <Field label={t('staff.status')}>
          <Select
            value={store.statusFilter}
            onChange={(_event, data) => store.setStatusFilter(data.value as WatchedStatus | '')}
            data-testid="deadlines-status-filter"
          >
            <option value="">{t('deadlines.anyStatus')}</option>
            {WATCHED_EXPIRATIONS.map((status) => (
              <option key={status} value={status}>
                {t(`deadlines.status.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <SearchBox value={store.query} onSearch={(q) => store.setQuery(q)} testId="deadlines-search" />
      </div>
      <div className={own.columns}>
        <div className={own.column}>
          <Text as="h2" size={500} weight="semibold">
            {t('deadlines.tasksTitle')}
          </Text>
          {store.groups.length === 0 ? (
            <EmptyState icon={<CheckmarkCircleRegular />} title={t('deadlines.tasksEmpty')} testId="deadlines-tasks-empty" />
          ) : (
            <>
              {store.visibleGroups.map((group) => (
                <Card key={group.id} data-testid="deadline-group">
                  <Text weight="semibold">
                    {group.person
                      ? `${fullName(group.person)} (${ROLE_KEYS.includes(group.person.role) ? t(`role.${group.person.role as RoleKey}`) : group.person.role})`
                      : t('deadlines.nobody')}{' '}
                    <Badge appearance="tint" color="danger">
                      {t('deadlines.count', { n: group.tasks.length })}
                    </Badge>
                  </Text>
                  <ul className={own.tasks}>
                    {group.tasks.map((task) => (
                      <li key={task.id} className={own.task} data-testid="deadline-task">
                        <Link className={styles.link} to={taskPath(task.id, { projectId: task.project.id })}>
                          #{task.number} {task.name}
                        </Link>
                        <Text size={200} className={styles.muted}>
                          {task.project.name} · {t(`deadlines.status.${task.status}`)} ·{' '}
                          {t('deadlines.expired', { date: formatDateTime(task.dateExpired, ui.language) })}
                        </Text>
                      </li>
                    ))}
                  </ul>
                </Card>
              ))}
              {store.hasMore && (
                <Button className={styles.more} onClick={() => store.more()} data-testid="deadlines-more">
                  {t('more')}
                </Button>
              )}
            </>
          )}
        </div>
        <div className={own.column}>
          <Text as="h2" size={500} weight="semibold">
            {t('deadlines.projectsTitle')}
          </Text>
          {store.data.projects.length === 0 ? (
            <EmptyState icon={<CheckmarkCircleRegular />} title={t('deadlines.projectsEmpty')} testId="deadlines-projects-empty" />
          ) : (
            store.data.projects.map((project) => (
              <Card key={project.id} data-testid="deadline-project">
                <Link className={styles.link} to={projectPath(project.id)}>
                  {project.name}
                </Link>
                <Text size={200} className={styles.muted}>
                  {fullName(project.client)} · {project.client.email}
                </Text>
                <Text size={200}>
                  {t('deadlines.missing', { roles: project.missing.map((role) => t(`roleShort.${role}`)).join(', ') })} ·{' '}
                  {t('deadlines.due', { date: formatDateTime(project.dueAt, ui.language) })} · {t('deadlines.published', { n: project.publishedTasks })}
                </Text>
              </Card>
            ))
          )}
        </div>
      </div>
    </section>
  );
});
