import { makeStyles, tokens } from '@negayno/shared/fluent';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { CloseAccountCard } from './CloseAccountCard';
import { EmailCard } from './EmailCard';
import { IdentityCard } from './IdentityCard';
import { PartnerCard } from './PartnerCard';
import { PasswordCard } from './PasswordCard';
import { PersonalCard } from './PersonalCard';
import { SettingsCard } from './SettingsCard';
import { TelegramCard } from './TelegramCard';

const useStyles = makeStyles({
  page: {
    width: '100%',
    maxWidth: '1040px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  // Two columns on a desktop, one on a phone.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: tokens.spacingVerticalL, alignItems: 'start' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/** The user's profile and settings (spec 2 "Other screens"): who they are, how to reach them, what they get. */
export const ProfilePage = observer(function ProfilePage() {
  const { session } = useStores();
  const styles = useStyles();
  const user = session.user;
  if (!user) return null;

  return (
    <div className={styles.page} data-testid="profile-page">
      <IdentityCard user={user} />
      <div className={styles.grid}>
        <div className={styles.column}>
          <PersonalCard user={user} />
          <PasswordCard />
        </div>
        <div className={styles.column}>
          <SettingsCard user={user} />
          <EmailCard user={user} />
          <TelegramCard user={user} />
          <PartnerCard user={user} />
          {user.can.closeAccount && <CloseAccountCard />}
        </div>
      </div>
    </div>
  );
});
