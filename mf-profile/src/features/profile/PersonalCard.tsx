import { Button, Field, Input, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import type { UserProfile } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { SectionCard } from './SectionCard';
import { useSubmit } from './useSubmit';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  saved: { color: tokens.colorPaletteGreenForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
  email: { wordBreak: 'break-all' },
});

function Saved({ shown }: { shown: boolean }) {
  const { t } = useTranslation('profile');
  const styles = useStyles();
  return shown ? (
    <Text className={styles.saved} role="status">
      {t('saved')}
    </Text>
  ) : null;
}

/** Name, phone and email: each form saves on its own. */
export const PersonalCard = observer(function PersonalCard({ user }: { user: UserProfile }) {
  const { profile } = useStores();
  const { t } = useTranslation('profile');
  const styles = useStyles();
  const [firstname, setFirstname] = useState(user.firstname);
  const [lastname, setLastname] = useState(user.lastname);
  const [phone, setPhone] = useState(user.phone ?? '');
  const name = useSubmit(['firstname', 'lastname']);
  const phoneSubmit = useSubmit(['phone']);

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    void name.run(() => profile.updateFullname(firstname, lastname));
  };
  const savePhone = (event: FormEvent) => {
    event.preventDefault();
    void phoneSubmit.run(async () => setPhone((await profile.updatePhone(phone)).phone ?? ''));
  };

  return (
    <SectionCard title={t('personal')} testId="profile-personal">
      <form className={styles.form} onSubmit={saveName} noValidate>
        <div className={styles.row}>
          <Field label={t('firstname')} validationMessage={name.errorOf('firstname')} required>
            <Input
              value={firstname}
              onChange={(_event, data) => setFirstname(data.value.trimStart())}
              autoComplete="given-name"
              data-testid="profile-firstname"
            />
          </Field>
          <Field label={t('lastname')} validationMessage={name.errorOf('lastname')} required>
            <Input
              value={lastname}
              onChange={(_event, data) => setLastname(data.value.trimStart())}
              autoComplete="family-name"
              data-testid="profile-lastname"
            />
          </Field>
        </div>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={name.busy} data-testid="profile-name-save">
            {t('save')}
          </Button>
          <Saved shown={name.done} />
          {name.errorOf() && <Text className={styles.error}>{name.errorOf()}</Text>}
        </div>
      </form>
      <form className={styles.form} onSubmit={savePhone} noValidate>
        <Field label={t('phone')} validationMessage={phoneSubmit.errorOf('phone')} required>
          <Input
            type="tel"
            value={phone}
            placeholder={t('phonePlaceholder')}
            onChange={(_event, data) => setPhone(data.value.trimStart())}
            autoComplete="tel"
            data-testid="profile-phone"
          />
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={phoneSubmit.busy} data-testid="profile-phone-save">
            {t('save')}
          </Button>
          <Saved shown={phoneSubmit.done} />
          {phoneSubmit.errorOf() && <Text className={styles.error}>{phoneSubmit.errorOf()}</Text>}
        </div>
      </form>
      <Field label={t('email')}>
        <Text className={styles.email} data-testid="profile-email">
          {user.email}
        </Text>
      </Field>
      {user.nickname && (
        <Field label={t('nickname')}>
          <Text>{user.nickname}</Text>
        </Field>
      )}
    </SectionCard>
  );
});
