/**
 * The header line under the title (spec 2): the author, tooltip icons for the created and published
 * dates, and the history icon opening the description-history dialog for those who may edit.
 */
import { Button, Text, Tooltip, makeStyles, tokens } from '@negayno/shared/fluent';
import { CalendarAddRegular, CalendarCheckmarkRegular, HistoryRegular } from '@fluentui/react-icons';
import type { Task } from '@negayno/shared/contract';
import { formatDateTime, fullName } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  // A long unbroken name wraps inside the line instead of widening the drawer past a phone's screen.
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground3,
    overflowWrap: 'anywhere',
    minWidth: 0,
  },
  icon: { fontSize: '18px', color: tokens.colorNeutralForeground3, borderRadius: tokens.borderRadiusSmall },
});

export function TaskMeta(props: { task: Task; language: 'uk' | 'en'; onHistory: (() => void) | null }) {
  const { t } = useTranslation('task');
  const styles = useStyles();
  const { task, language } = props;
  const created = t('created', { date: formatDateTime(task.dateCreate, language) });
  const published = task.datePublish ? t('published', { date: formatDateTime(task.datePublish, language) }) : t('notPublished');
  return (
    <div className={styles.meta}>
      <Text>
        {t('author')}:{' '}
        <Text weight="semibold" data-testid="task-author">
          {fullName(task.author)}
        </Text>
      </Text>
      <Tooltip content={created} relationship="label">
        <CalendarAddRegular className={styles.icon} tabIndex={0} role="img" data-testid="task-created" />
      </Tooltip>
      <Tooltip content={published} relationship="label">
        <CalendarCheckmarkRegular className={styles.icon} tabIndex={0} role="img" data-testid="task-published" />
      </Tooltip>
      <Text>{t(`status.${task.status}`)}</Text>
      {props.onHistory && (
        <Tooltip content={t('history.title')} relationship="label">
          <Button appearance="subtle" size="small" icon={<HistoryRegular />} onClick={props.onHistory} data-testid="description-history-open" />
        </Tooltip>
      )}
    </div>
  );
}
