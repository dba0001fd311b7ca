/** What the drawer shows while the task loads (spec 2, 9): the detail's outline and five fake chat messages. */
import { Skeleton, SkeletonItem, makeStyles, tokens } from '@negayno/shared/fluent';
import { useTranslation } from '@negayno/shared/i18n';

export const SKELETON_DESCRIPTION_HEIGHT = 306;
export const SKELETON_MESSAGES = 5;

const useStyles = makeStyles({
  message: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', marginBottom: tokens.spacingVerticalL },
  mine: { flexDirection: 'row-reverse' },
  bubble: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '70%' },
});

export function DetailSkeleton() {
  const { t } = useTranslation('task');
  return (
    <Skeleton aria-label={t('loading')} data-testid="task-skeleton">
      <SkeletonItem size={16} style={{ width: '40%', marginBottom: 16 }} />
      <SkeletonItem size={32} style={{ width: '70%', marginBottom: 16 }} />
      <SkeletonItem size={16} style={{ width: '30%', marginBottom: 24 }} />
      <SkeletonItem style={{ height: SKELETON_DESCRIPTION_HEIGHT }} />
    </Skeleton>
  );
}

export function ChatSkeleton() {
  const { t } = useTranslation('task');
  const styles = useStyles();
  return (
    <Skeleton aria-label={t('loading')} data-testid="chat-skeleton">
      {Array.from({ length: SKELETON_MESSAGES }, (_, index) => (
        <div key={index} className={index % 2 ? `${styles.message} ${styles.mine}` : styles.message}>
          <SkeletonItem shape="circle" size={32} />
          <div className={styles.bubble}>
            <SkeletonItem size={12} style={{ width: '40%' }} />
            <SkeletonItem size={40} />
          </div>
        </div>
      ))}
    </Skeleton>
  );
}
