import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles } from '@negayno/shared/fluent';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import { remotePackageOf } from '@negayno/shared/contract';
import type { RemoteUpdates } from '../remotes/updates';

const useStyles = makeStyles({ bar: { borderRadius: 0 } });

/** A remote in use has a new stable version: the user reloads when it suits them, nothing is swapped under them. */
export const RemoteUpdateBanner = observer(function RemoteUpdateBanner(props: { updates: RemoteUpdates }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  if (props.updates.available.length === 0) return null;
  const names = props.updates.available.map((name) => t(`remotes.${remotePackageOf(name)}`)).join(', ');
  return (
    <MessageBar intent="info" className={styles.bar} data-testid="remote-update">
      <MessageBarBody>{t('remoteUpdate.text', { names })}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" onClick={() => window.location.reload()}>
          {t('remoteUpdate.reload')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
});
