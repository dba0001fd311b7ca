import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Switch } from '@negayno/shared/fluent-panels';
import { EMAIL_GROUPS, type UserProfile } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import { SectionCard } from './SectionCard';

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground3 },
  groups: { display: 'flex', flexDirection: 'column', paddingLeft: tokens.spacingHorizontalL },
});

/**
 * Email notifications: all of them on or off (the unsubscribe link in every mail turns them off too),
 * and which groups of events come by email. Saved as they change; the groups keep their choice while
 * email is off, so turning it on again brings back what the person had.
 */
export const EmailCard = observer(function EmailCard({ user }: { user: UserProfile }) {
  const { profile } = useStores();
  const { t } = useTranslation('profile');
  const styles = useStyles();
  const email = user.channels.email;

  // A refusal is shown by the host's alert (the call is not quiet); the switch stays as the server has it.
  const save = (change: Partial<typeof email>) => void profile.updateSettings({ email: change }).catch(() => undefined);

  return (
    <SectionCard title={t('emailNotifications.title')} testId="profile-email-settings">
      <Switch
        checked={email.enabled}
        onChange={(_event, data) => save({ enabled: data.checked })}
        label={t('emailNotifications.enabled', { email: user.email })}
        data-testid="email-enabled"
      />
      <div className={styles.groups} role="group" aria-label={t('emailNotifications.title')}>
        {EMAIL_GROUPS.map((group) => (
          <Switch
            key={group}
            checked={email[group]}
            disabled={!email.enabled}
            onChange={(_event, data) => save({ [group]: data.checked })}
            label={t(`emailNotifications.groups.${group}`)}
            data-testid={`email-group-${group}`}
          />
        ))}
      </div>
      <Text size={200} className={styles.hint}>
        {t('emailNotifications.hint')}
      </Text>
    </SectionCard>
  );
});
