import { Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { LENGTH, ROUTES } from '@negayno/shared/contract';
import { navigate } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { AppLink, CenteredCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';

const useStyles = makeStyles({
  heading: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, textAlign: 'center' },
  title: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground2, textAlign: 'center' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  code: { fontFamily: tokens.fontFamilyMonospace, letterSpacing: '0.08em', textTransform: 'uppercase' },
  footer: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
});

/**
 * Login by code (`/login-as`, spec 2): a one-time code an operator issued signs its user in. Open to a
 * signed-in user too: the code's user replaces the current one.
 */
export const LoginAsPage = observer(function LoginAsPage() {
  const { session } = useStores();
  const { t } = useTranslation(['auth', 'errors']);
  const styles = useStyles();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const typed = code.trim();
    if (!typed) return setError(t('validation.required'));
    if (typed.length > LENGTH.code) return setError(t('validation.maxSymbols', { length: LENGTH.code }));
    setSubmitting(true);
    try {
      await session.loginAs(typed);
      navigate(ROUTES.home);
    } catch (failure) {
      setError(messageText(messageOfError(failure, 'code')));
      setSubmitting(false);
    }
  };

  return (
    <CenteredCard testId="login-as-card">
      <div className={styles.heading}>
        <Text as="h1" size={700} weight="semibold" className={styles.title}>
          {t('loginAs.title')}
        </Text>
        <Text className={styles.hint}>{t('loginAs.subtitle')}</Text>
      </div>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label={t('loginAs.code')} required validationMessage={error}>
          <Input
            name="code"
            autoComplete="one-time-code"
            autoFocus
            spellCheck={false}
            placeholder={t('loginAs.codePlaceholder')}
            input={{ className: styles.code }}
            value={code}
            onChange={(_event, data) => {
              setCode(data.value.trimStart());
              setError(undefined);
            }}
            data-testid="login-as-code"
          />
        </Field>
        <Button
          appearance="primary"
          type="submit"
          disabledFocusable={submitting}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
          data-testid="login-as-submit"
        >
          {t('loginAs.submit')}
        </Button>
      </form>
      <div className={styles.footer}>
        <AppLink href={ROUTES.login}>{t('loginAs.backToLogin')}</AppLink>
      </div>
    </CenteredCard>
  );
});
