import { Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { EditRegular } from '@fluentui/react-icons';
import { ROUTES } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { AppLink, CenteredCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { messageText, type Message, useTranslation } from '@negayno/shared/i18n';
import { LoginFormStore } from './login-form-store';

const useStyles = makeStyles({
  heading: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, textAlign: 'center' },
  title: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  chosenEmail: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  email: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  row: { display: 'flex', justifyContent: 'flex-end' },
  footer: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, textAlign: 'center' },
});

/** Login in two steps (spec 2): email, then password. */
export const LoginPage = observer(function LoginPage() {
  const { session } = useStores();
  const [form] = useState(() => new LoginFormStore(session));
  const { t } = useTranslation(['auth', 'errors']);
  const styles = useStyles();
  const errorText = (error: Message | null) => (error ? messageText(error) : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.step === 'email') form.continueToPassword();
    else void form.submit();
  };

  return (
    <CenteredCard testId="login-card">
      <div className={styles.heading}>
        <Text as="h1" size={700} weight="semibold" className={styles.title}>
          {t('login.title')}
        </Text>
        <Text>{t('login.subtitle')}</Text>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {form.step === 'email' ? (
          <>
            <Field label={t('login.email')} required validationMessage={errorText(form.emailError)}>
              <Input
                type="email"
                name="email"
                autoComplete="username"
                autoFocus
                placeholder={t('login.emailPlaceholder')}
                value={form.email}
                onChange={(_event, data) => form.setEmail(data.value)}
                data-testid="login-email"
              />
            </Field>
            <Button appearance="primary" type="submit" data-testid="login-continue">
              {t('login.continue')}
            </Button>
          </>
        ) : (
          <>
            <div className={styles.chosenEmail}>
              <Text className={styles.email} data-testid="login-chosen-email">
                {form.email}
              </Text>
              <Button
                appearance="subtle"
                size="small"
                icon={<EditRegular />}
                onClick={() => form.editEmail()}
                aria-label={t('login.editEmail')}
                data-testid="login-edit-email"
              />
            </div>
            <Field label={t('login.password')} required validationMessage={errorText(form.passwordError)}>
              <Input
                type="password"
                name="password"
                autoComplete="current-password"
                autoFocus
                value={form.password}
                onChange={(_event, data) => form.setPassword(data.value)}
                data-testid="login-password"
              />
            </Field>
            <div className={styles.row}>
              <AppLink
                href={form.email.trim() ? `${ROUTES.restorePassword}?email=${encodeURIComponent(form.email.trim())}` : ROUTES.restorePassword}
                data-testid="login-remind"
              >
                {t('login.remindPassword')}
              </AppLink>
            </div>
            <Button
              appearance="primary"
              type="submit"
              disabledFocusable={form.submitting}
              icon={form.submitting ? <Spinner size="tiny" /> : undefined}
              data-testid="login-submit"
            >
              {t('login.submit')}
            </Button>
          </>
        )}
      </form>
      <div className={styles.footer}>
        <Text align="center">
          {t('login.noAccount')} <AppLink href={ROUTES.register}>{t('login.register')}</AppLink>
        </Text>
        <AppLink href={ROUTES.loginAs} data-testid="login-with-code">
          {t('login.withCode')}
        </AppLink>
      </div>
    </CenteredCard>
  );
});
