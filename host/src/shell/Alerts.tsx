import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@negayno/shared/fluent';
import { DismissRegular } from '@fluentui/react-icons';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  region: {
    position: 'fixed',
    insetInlineEnd: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    width: 'min(420px, calc(100vw - 32px))',
  },
  bar: { boxShadow: tokens.shadow16 },
});

/** The alert stack: error codes translated through the `errors` namespace, keys through their own. */
export const Alerts = observer(function Alerts() {
  const { alerts } = useStores();
  const { t } = useTranslation(['errors', 'common']);
  const styles = useStyles();
  return (
    <div className={styles.region} aria-live="polite" data-testid="alerts">
      {alerts.alerts.map((alert) => (
        <MessageBar key={alert.id} intent={alert.intent} className={styles.bar} layout="multiline">
          <MessageBarBody>{t(alert.textKey, { defaultValue: alert.fallback ?? t('errors:invalid_value') })}</MessageBarBody>
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label={t('common:close')} icon={<DismissRegular />} onClick={() => alerts.dismiss(alert.id)} />}
          />
        </MessageBar>
      ))}
    </div>
  );
});
