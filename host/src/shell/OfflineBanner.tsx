import { MessageBar, MessageBarBody, makeStyles } from '@negayno/shared/fluent';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({ bar: { borderRadius: 0 } });

/** Shown while the browser is offline; it never hides by itself (spec 9). */
export const OfflineBanner = observer(function OfflineBanner() {
  const { ui } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  if (!ui.offline) return null;
  return (
    <MessageBar intent="warning" className={styles.bar} data-testid="offline-banner">
      <MessageBarBody>{t('offline')}</MessageBarBody>
    </MessageBar>
  );
});
