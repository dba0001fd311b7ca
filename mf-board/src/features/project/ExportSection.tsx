import { Link, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { messageText, useTranslation } from '@negayno/shared/i18n';
import { formatDateTime, formatFileSize } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import type { ExportStore } from './export-store';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Where the project menu shows the export under way, its download link, or why it failed. */
export const ExportSection = observer(function ExportSection({ store }: { store: ExportStore }) {
  const { t } = useTranslation('board');
  const { ui } = useStores();
  const styles = useStyles();
  const latest = store.latest;
  if (!latest && !store.error) return null;
  return (
    <div className={styles.section} data-testid="export-section" aria-live="polite">
      {latest?.status === 'running' && (
        <div className={styles.row} data-testid="export-running">
          <Spinner size="tiny" />
          <span>{t('menu.exportRunning', { progress: latest.progress })}</span>
        </div>
      )}
      {latest?.status === 'ready' && latest.url && (
        <>
          <Link href={latest.url} download data-testid="export-download">
            {t('menu.exportDownload', { size: formatFileSize(latest.size ?? 0) })}
          </Link>
          {latest.dateExpires !== null && (
            <span className={styles.note}>{t('menu.exportExpires', { date: formatDateTime(latest.dateExpires, ui.language) })}</span>
          )}
        </>
      )}
      {latest?.status === 'ready' && !latest.url && <span className={styles.note}>{t('menu.exportExpired')}</span>}
      {latest?.status === 'failed' && <span className={styles.error}>{t('menu.exportFailed')}</span>}
      {store.error && <span className={styles.error}>{messageText(store.error)}</span>}
    </div>
  );
});
