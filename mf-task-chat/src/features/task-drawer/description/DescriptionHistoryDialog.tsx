/**
 * The description history (spec 2 header icon, spec 6: only for those who may edit): the saved
 * versions, newest first, each with its date, as read-only HTML.
 */
import { Button, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@negayno/shared/fluent-panels';
import { HistoryRegular } from '@fluentui/react-icons';
import { formatDateTime, sanitizeHtml } from '@negayno/shared/lib';
import { EmptyState, StatusCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import type { DescriptionStore } from './description-store';
import { useDescriptionStyles } from './description-styles';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  entry: { borderLeft: `3px solid ${tokens.colorBrandStroke1}`, paddingLeft: tokens.spacingHorizontalM },
  date: { color: tokens.colorNeutralForeground3, display: 'block', marginBottom: tokens.spacingVerticalXS },
  empty: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
});

export const DescriptionHistoryDialog = observer(function DescriptionHistoryDialog(props: {
  store: DescriptionStore;
  open: boolean;
  onClose: () => void;
  language: 'uk' | 'en';
}) {
  const { t } = useTranslation('task');
  const styles = useStyles();
  const descriptionStyles = useDescriptionStyles();
  const { store } = props;
  return (
    <Dialog open={props.open} onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface className={styles.surface} data-testid="description-history">
        <DialogBody>
          <DialogTitle>{t('history.title')}</DialogTitle>
          <DialogContent>
            {store.historyStatus === 'loading' || store.historyStatus === 'idle' ? (
              <Spinner label={t('history.loading')} />
            ) : store.historyStatus === 'error' ? (
              <StatusCard
                title={t('history.failed')}
                text={t('history.failedHint')}
                onRetry={() => void store.loadHistory()}
                testId="description-history-failed"
              />
            ) : store.history.length === 0 ? (
              <EmptyState
                icon={<HistoryRegular />}
                title={t('taskDescriptionHistoryEmptyTitle')}
                text={t('taskDescriptionHistoryEmptyDescription')}
                testId="description-history-empty"
              />
            ) : (
              <ol className={styles.list}>
                {store.history.map((entry, index) => (
                  <li key={`${entry.date}-${index}`} className={styles.entry} data-testid="description-history-entry">
                    <Text size={200} className={styles.date}>
                      {formatDateTime(entry.date, props.language)}
                    </Text>
                    {entry.description ? (
                      <div className={descriptionStyles.html} dangerouslySetInnerHTML={{ __html: sanitizeHtml(entry.description) }} />
                    ) : (
                      <Text className={styles.empty}>{t('history.emptyVersion')}</Text>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onClose}>
              {t('history.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
