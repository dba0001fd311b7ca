import { Avatar, Card, Field, Radio, RadioGroup, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { LANGUAGES, THEMES, type Language, type Theme } from '@negayno/shared/contract';
import { fullName } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  page: {
    width: '100%',
    maxWidth: '760px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, overflowWrap: 'anywhere', '& > div': { minWidth: 0 } },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-word' },
});

/** The user's profile: who they are, and the interface language and theme. */
export const ProfilePage = observer(function ProfilePage() {
  const { session, ui } = useStores();
  const { t } = useTranslation(['profile', 'common']);
  const styles = useStyles();
  const user = session.user;
  if (!user) return null;

  return (
    <div className={styles.page} data-testid="profile-page">
      <div className={styles.identity}>
        <Avatar name={fullName(user)} size={64} color="colorful" image={user.avatarUrl ? { src: user.avatarUrl } : undefined} />
        <div>
          <Text as="h1" size={700} weight="semibold" block data-testid="profile-name">
            {fullName(user)}
          </Text>
          <Text>{t(`common:roles.${user.role === 'user' ? 'client' : user.role}`)}</Text>
        </div>
      </div>
      <Card className={styles.card}>
        <Text as="h2" size={500} weight="semibold">
          {t('personal')}
        </Text>
        <dl className={styles.facts}>
          <dt className={styles.term}>{t('name')}</dt>
          <dd className={styles.value}>{fullName(user)}</dd>
          <dt className={styles.term}>{t('email')}</dt>
          <dd className={styles.value} data-testid="profile-email">
            {user.email}
          </dd>
          <dt className={styles.term}>{t('role')}</dt>
          <dd className={styles.value} data-testid="profile-role">
            {t(`common:roles.${user.role === 'user' ? 'client' : user.role}`)}
          </dd>
          {user.nickname && (
            <>
              <dt className={styles.term}>{t('nickname')}</dt>
              <dd className={styles.value}>{user.nickname}</dd>
            </>
          )}
        </dl>
      </Card>
      <Card className={styles.card}>
        <Text as="h2" size={500} weight="semibold">
          {t('settings')}
        </Text>
        <Field label={t('languageHint')}>
          <RadioGroup
            layout="horizontal"
            value={ui.language}
            onChange={(_event, data) => void ui.setLanguage(data.value as Language)}
            data-testid="profile-language"
          >
            {LANGUAGES.map((language) => (
              <Radio key={language} value={language} label={t(`common:language.${language}`)} />
            ))}
          </RadioGroup>
        </Field>
        <Field label={t('themeHint')}>
          <RadioGroup layout="horizontal" value={ui.theme} onChange={(_event, data) => ui.setTheme(data.value as Theme)} data-testid="profile-theme">
            {THEMES.map((theme) => (
              <Radio key={theme} value={theme} label={t(`common:theme.${theme}`)} />
            ))}
          </RadioGroup>
        </Field>
      </Card>
    </div>
  );
});
