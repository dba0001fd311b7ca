import { Button, Field, Input, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { SectionCard } from './SectionCard';
import { useSubmit } from './useSubmit';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  saved: { color: tokens.colorPaletteGreenForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The current password proves it is the owner; the others sessions end on the server. */
export const PasswordCard = observer(function PasswordCard() {
  const { profile } = useStores();
  const { t } = useTranslation('profile');
  const styles = useStyles();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = useSubmit(['currentPassword', 'password']);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(next !== repeat);
    if (next !== repeat) return;
    void submit.run(async () => {
      await profile.changePassword({ currentPassword: current, password: next });
      setCurrent('');
      setNext('');
      setRepeat('');
    });
  };

  return (
    <SectionCard title={t('password.title')} testId="profile-password">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label={t('password.current')} validationMessage={submit.errorOf('currentPassword')} required>
          <Input
            type="password"
            value={current}
            onChange={(_event, data) => setCurrent(data.value)}
            autoComplete="current-password"
            data-testid="password-current"
          />
        </Field>
        <Field label={t('password.new')} validationMessage={submit.errorOf('password')} required>
          <Input type="password" value={next} onChange={(_event, data) => setNext(data.value)} autoComplete="new-password" data-testid="password-new" />
        </Field>
        <Field label={t('password.repeat')} validationMessage={mismatch ? t('password.mismatch') : undefined} required>
          <Input type="password" value={repeat} onChange={(_event, data) => setRepeat(data.value)} autoComplete="new-password" data-testid="password-repeat" />
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={submit.busy} data-testid="password-submit">
            {t('password.submit')}
          </Button>
          {submit.done && (
            <Text className={styles.saved} role="status" data-testid="password-changed">
              {t('password.changed')}
            </Text>
          )}
          {submit.errorOf() && <Text className={styles.error}>{submit.errorOf()}</Text>}
        </div>
      </form>
    </SectionCard>
  );
});
