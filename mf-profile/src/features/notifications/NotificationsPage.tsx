import { Button, Skeleton, SkeletonItem, Text, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { AlertRegular, CheckmarkCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { projectPath, taskPath, type Notification } from '@negayno/shared/contract';
import { notificationText } from '@negayno/shared/contract/notification-texts';
import { formatDateTime, navigate } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { EmptyState } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  page: {
    width: '100%',
    maxWidth: '760px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: tokens.colorStrokeFocus2, outlineOffset: '2px' },
  },
  unread: { backgroundColor: tokens.colorBrandBackground2, border: `1px solid ${tokens.colorBrandStroke2}` },
  dot: { flexShrink: 0, width: '8px', height: '8px', marginTop: '7px', borderRadius: '50%', backgroundColor: tokens.colorBrandBackground },
  read: { flexShrink: 0, width: '8px' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, wordBreak: 'break-word' },
  date: { color: tokens.colorNeutralForeground3 },
  more: { alignSelf: 'center' },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

function targetOf(notification: Notification): string | null {
  if (notification.taskId !== null) return taskPath(notification.taskId, { projectId: notification.projectId ?? undefined });
  return notification.projectId !== null ? projectPath(notification.projectId) : null;
}

/** The notifications list (spec 2 "Notifications list"): 30 a page, unread first marked; opening one leads to its task. */
export const NotificationsPage = observer(function NotificationsPage() {
  const { notifications, ui, session } = useStores();
  const { t } = useTranslation('profile');
  const styles = useStyles();

  useEffect(() => {
    void notifications.load();
  }, [notifications]);

  const open = (notification: Notification) => (event: MouseEvent) => {
    event.preventDefault();
    void notifications.markViewed(notification.id).catch(() => undefined);
    const target = targetOf(notification);
    if (target) navigate(target);
  };

  let content;
  if (notifications.status === 'error' || notifications.status === 'gone') {
    content = (
      <EmptyState
        icon={<ErrorCircleRegular />}
        title={t('notifications.failed')}
        text={t('notifications.failedText')}
        testId="notifications-failed"
        action={
          <Button appearance="primary" onClick={() => void notifications.load()}>
            {t('common:retry')}
          </Button>
        }
      />
    );
  } else if (notifications.status !== 'ready' && notifications.list.length === 0) {
    content = (
      <Skeleton className={styles.skeleton} aria-label={t('notifications.title')} data-testid="notifications-loading">
        {Array.from({ length: 5 }, (_value, index) => (
          <SkeletonItem key={index} size={64} />
        ))}
      </Skeleton>
    );
  } else if (notifications.list.length === 0) {
    content = <EmptyState icon={<AlertRegular />} title={t('notifications.empty')} text={t('notifications.emptyText')} testId="notifications-empty" />;
  } else {
    content = (
      <>
        <ul className={styles.list} data-testid="notifications-list">
          {notifications.list.map((notification) => {
            const unread = notification.dateViewed === null;
            return (
              <li key={notification.id}>
                <a
                  href={targetOf(notification) ?? '#'}
                  onClick={open(notification)}
                  className={mergeClasses(styles.item, unread && styles.unread)}
                  data-testid="notification-item"
                  data-unread={unread}
                >
                  <span
                    className={unread ? styles.dot : styles.read}
                    aria-label={unread ? t('notifications.unread') : undefined}
                    role={unread ? 'img' : undefined}
                  />
                  <span className={styles.body}>
                    <Text weight={unread ? 'semibold' : 'regular'}>{notificationText(notification.kind, notification.payload, ui.language)}</Text>
                    <Text size={200} className={styles.date}>
                      {formatDateTime(notification.dateCreate, ui.language)}
                    </Text>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
        {notifications.hasMore && (
          <Button
            className={styles.more}
            disabled={notifications.moreStatus === 'loading'}
            onClick={() => void notifications.loadMore()}
            data-testid="notifications-more"
          >
            {t('notifications.more')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className={styles.page} data-testid="notifications-page">
      <div className={styles.head}>
        <Text as="h1" size={700} weight="semibold">
          {t('notifications.title')}
        </Text>
        {(session.user?.notificationCount ?? 0) > 0 && (
          <Button icon={<CheckmarkCircleRegular />} onClick={() => void notifications.markAllViewed()} data-testid="notifications-mark-all">
            {t('notifications.markAll')}
          </Button>
        )}
      </div>
      {content}
    </div>
  );
});
