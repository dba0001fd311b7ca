import { Button, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Switch } from '@negayno/shared/fluent-panels';
import { LinkDismissRegular, OpenRegular, SendRegular } from '@fluentui/react-icons';
import type { UserProfile } from '@negayno/shared/contract';
import { formatDateTime } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { CopyField } from './CopyField';
import { SectionCard } from './SectionCard';
import { useSubmit } from './useSubmit';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The Telegram channel: link the bot with a one-time deep link (`/start TOKEN`), then switch the
 * messages on or off, or unlink. Linking happens in Telegram, so the card asks the server again when
 * the user says they are done.
 */
export const TelegramCard = observer(function TelegramCard({ user }: { user: UserProfile }) {
  const { profile, ui } = useStores();
  const { t } = useTranslation('profile');
  const styles = useStyles();
  const telegram = user.channels.telegram;
  const link = profile.telegramLink;
  const action = useSubmit([]);
  const [checked, setChecked] = useState(false);

  const check = () =>
    void action.run(async () => {
      await profile.refresh();
      setChecked(true);
    });

  let body;
  if (!telegram.available) {
    body = <Text data-testid="telegram-unavailable">{t('telegram.unavailable')}</Text>;
  } else if (telegram.linked) {
    body = (
      <>
        <Text weight="semibold" data-testid="telegram-linked">
          {telegram.name ? t('telegram.linked', { name: `@${telegram.name}` }) : t('telegram.linkedNoName')}
        </Text>
        {telegram.blocked && (
          <MessageBar intent="warning" data-testid="telegram-blocked">
            <MessageBarBody>{t('telegram.blocked')}</MessageBarBody>
          </MessageBar>
        )}
        <Switch
          checked={telegram.enabled}
          onChange={(_event, data) => void action.run(() => profile.setChannelEnabled('telegram', data.checked))}
          label={t('telegram.enabled')}
          data-testid="telegram-enabled"
        />
        <div className={styles.actions}>
          <Button icon={<LinkDismissRegular />} onClick={() => void action.run(() => profile.unlinkChannel('telegram'))} data-testid="telegram-unlink">
            {t('telegram.unlink')}
          </Button>
        </div>
      </>
    );
  } else if (link) {
    body = (
      <>
        <div className={styles.actions}>
          <Button as="a" href={link.url} target="_blank" rel="noopener noreferrer" appearance="primary" icon={<OpenRegular />} data-testid="telegram-open">
            {t('telegram.open')}
          </Button>
        </div>
        <CopyField label={t('telegram.manual')} value={`/start ${link.token}`} testId="telegram-command" />
        <Text size={200} className={styles.hint}>
          {t('telegram.expires', { time: formatDateTime(link.dateExpires, ui.language) })}
        </Text>
        <div className={styles.actions}>
          <Button disabled={action.busy} onClick={check} data-testid="telegram-check">
            {t('telegram.check')}
          </Button>
        </div>
        {checked && !action.busy && <Text className={styles.hint}>{t('telegram.notYet')}</Text>}
      </>
    );
  } else {
    body = (
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={<SendRegular />}
          disabled={action.busy}
          onClick={() => void action.run(() => profile.linkTelegram())}
          data-testid="telegram-link"
        >
          {t('telegram.link')}
        </Button>
      </div>
    );
  }

  return (
    <SectionCard title={t('telegram.title')} testId="profile-telegram">
      <Text>{t('telegram.text')}</Text>
      {body}
      {action.errorOf() && (
        <Text className={styles.error} role="alert">
          {action.errorOf()}
        </Text>
      )}
    </SectionCard>
  );
});
