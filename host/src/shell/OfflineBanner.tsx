import { makeStyles, tokens } from '@negayno/shared/fluent';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';

// A plain bar in the warning palette rather than Fluent's MessageBar: it ships in the shell's first
// chunk, because a banner fetched lazily could never arrive once the network is gone.
const useStyles = makeStyles({
  bar: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    borderBottom: `1px solid ${tokens.colorPaletteYellowBorder1}`,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
  },
});

/** Shown while the browser is offline; it never hides by itself (spec 9). */
export const OfflineBanner = observer(function OfflineBanner() {
  const { ui } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  if (!ui.offline) return null;
  return (
    <div role="status" className={styles.bar} data-testid="offline-banner">
      {t('offline')}
    </div>
  );
});
