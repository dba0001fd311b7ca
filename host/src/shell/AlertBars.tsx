/** The alert bars, in a chunk of their own: most pages never show one (Alerts.tsx loads it). */
import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@negayno/shared/fluent';
import { DismissRegular } from '@fluentui/react-icons';
import { messageText, useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';

const useStyles = makeStyles({ bar: { boxShadow: tokens.shadow16 } });

/** The alert stack, in words of the one message mapping (`messageText`). */
export const AlertBars = observer(function AlertBars() {
  const { alerts } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <>
      {alerts.alerts.map((alert) => (
        <MessageBar key={alert.id} intent={alert.intent} className={styles.bar} layout="multiline">
          <MessageBarBody>{messageText({ key: alert.textKey, fallback: alert.fallback })}</MessageBarBody>
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label={t('close')} icon={<DismissRegular />} onClick={() => alerts.dismiss(alert.id)} />}
          />
        </MessageBar>
      ))}
    </>
  );
});
