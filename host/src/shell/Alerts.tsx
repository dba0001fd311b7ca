import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@negayno/shared/fluent';
import { DismissRegular } from '@fluentui/react-icons';
import { messageText } from '@negayno/shared/i18n';
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

/** The alert stack, in words of the one message mapping (`messageText`). */
export const Alerts = observer(function Alerts() {
  const { alerts } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <div className={styles.region} aria-live="polite" data-testid="alerts">
      {alerts.alerts.map((alert) => (
        <MessageBar key={alert.id} intent={alert.intent} className={styles.bar} layout="multiline">
          <MessageBarBody>{messageText({ key: alert.textKey, fallback: alert.fallback })}</MessageBarBody>
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label={t('close')} icon={<DismissRegular />} onClick={() => alerts.dismiss(alert.id)} />}
          />
        </MessageBar>
      ))}
    </div>
  );
});
