import {
  Badge,
  Button,
  CounterBadge,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@negayno/shared/fluent';
import { BREAKPOINTS, type UnstaffedProject } from '@negayno/shared/contract';
import { messageText, useTranslation } from '@negayno/shared/i18n';
import { formatDateTime, fullName } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { useWorkStores } from '@negayno/shared/work-stores';
import { ChevronDownRegular, ChevronRightRegular, DismissRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { QueueStore } from './queue-store';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  toggle: {
    flexGrow: 1,
    justifyContent: 'flex-start',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    minHeight: '44px',
  },
  title: { margin: 0, display: 'flex' },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
  },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    [`@media (max-width: ${BREAKPOINTS.sm - 1}px)`]: { flexDirection: 'column', alignItems: 'stretch' },
  },
  overdue: { boxShadow: `inset 4px 0 0 ${tokens.colorPaletteRedBorder2}` },
  about: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1, overflowWrap: 'anywhere' },
  facts: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  late: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  empty: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
    padding: `${tokens.spacingVerticalS} 0`,
  },
});

/**
 * "New clients" on an am's home (issue 31): the projects waiting for a team, oldest first, with the
 * client, the roles still open, the tasks already published and when the agency promised a team (past
 * due stands out); "Take" makes the viewer the project's am. Collapsible, with the count beside its title.
 */
export const NewClients = observer(function NewClients(props: { onTaken?: () => void }) {
  const { projects } = useWorkStores();
  const [queue] = useState(() => new QueueStore(projects));
  const { t } = useTranslation('board');
  const styles = useStyles();
  const [expanded, setExpanded] = useState(true);
  const bodyId = useId();

  useEffect(() => {
    void queue.load();
    return queue.follow();
  }, [queue]);

  const take = async (project: UnstaffedProject) => {
    if (await queue.take(project)) props.onTaken?.();
  };

  return (
    <section className={styles.panel} aria-labelledby={`${bodyId}-title`} data-testid="new-clients">
      {/* The accordion pattern: a heading holding the button that shows and hides the list. */}
      <Text as="h2" id={`${bodyId}-title`} size={400} weight="semibold" className={styles.title}>
        <Button
          appearance="transparent"
          className={styles.toggle}
          icon={expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded(!expanded)}
          data-testid="new-clients-toggle"
        >
          {t('newClients.title')}
          {queue.status === 'loading' ? (
            <Spinner size="extra-tiny" aria-label={t('common:loading')} />
          ) : (
            <CounterBadge
              count={queue.count}
              showZero
              color={queue.count ? 'danger' : 'informative'}
              aria-label={t('newClients.count', { count: queue.count })}
              data-testid="new-clients-count"
            />
          )}
        </Button>
      </Text>
      {expanded && (
        <div id={bodyId} className={styles.body}>
          {queue.outcome && (
            <MessageBar intent={queue.outcome.kind === 'taken' ? 'success' : 'warning'} layout="multiline" data-testid="new-clients-outcome">
              <MessageBarBody>
                {queue.outcome.kind === 'taken' ? t('newClients.taken', { name: queue.outcome.name }) : messageText(queue.outcome.message)}
              </MessageBarBody>
              <MessageBarActions
                containerAction={
                  <Button appearance="transparent" icon={<DismissRegular />} aria-label={t('common:close')} onClick={() => queue.dismissOutcome()} />
                }
              />
            </MessageBar>
          )}
          <QueueList queue={queue} onTake={(project) => void take(project)} />
        </div>
      )}
    </section>
  );
});

const QueueList = observer(function QueueList(props: { queue: QueueStore; onTake: (project: UnstaffedProject) => void }) {
  const { ui } = useStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const { queue } = props;
  if (queue.status === 'idle' || (queue.status === 'loading' && !queue.count))
    return <Spinner size="small" label={t('common:loading')} data-testid="new-clients-loading" />;
  if (queue.status !== 'ready' && !queue.count)
    return (
      <MessageBar intent="error" layout="multiline" data-testid="new-clients-failed">
        <MessageBarBody>{t('newClients.loadFailed')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void queue.load()}>{t('common:retry')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  if (!queue.count)
    return (
      <div className={styles.empty} data-testid="new-clients-empty">
        <PeopleTeamRegular fontSize={20} aria-hidden />
        <span>
          <Text weight="semibold">{t('newClients.empty')}</Text>
          <Text block size={200}>
            {t('newClients.emptyText')}
          </Text>
        </span>
      </div>
    );
  const now = Date.now() / 1000;
  return (
    <ul className={styles.list} aria-label={t('newClients.title')}>
      {queue.projects.map((project) => {
        const late = project.dueAt < now;
        const time = formatDateTime(project.dueAt, ui.language);
        return (
          <li
            key={project.id}
            className={mergeClasses(styles.item, late && styles.overdue)}
            data-testid="new-client"
            data-project-id={project.id}
            data-overdue={late ? 'true' : 'false'}
          >
            <span className={styles.about}>
              <Text weight="semibold">{project.name}</Text>
              <Text size={200}>{t('newClients.client', { name: fullName(project.client), email: project.client.email })}</Text>
              <span className={styles.facts}>
                {project.missing.map((role) => (
                  <Badge key={role} appearance="tint" color="informative" size="small">
                    {t(`common:roles.${role}`)}
                  </Badge>
                ))}
                <Text size={200}>{t('newClients.published', { count: project.publishedTasks })}</Text>
                <Text size={200} className={late ? styles.late : undefined} data-testid="new-client-due">
                  {t(late ? 'newClients.overdue' : 'newClients.due', { time })}
                </Text>
              </span>
            </span>
            <Button
              appearance="primary"
              disabled={queue.taking !== null}
              icon={queue.taking === project.id ? <Spinner size="tiny" /> : undefined}
              aria-label={t('newClients.takeLabel', { name: project.name })}
              onClick={() => props.onTake(project)}
              data-testid="new-client-take"
            >
              {t('newClients.take')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
});
