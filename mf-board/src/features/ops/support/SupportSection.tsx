import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card } from '@negayno/shared/fluent-panels';
import { KeyRegular } from '@fluentui/react-icons';
import { LENGTH } from '@negayno/shared/contract';
import { formatDateTime, fullName } from '@negayno/shared/lib';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { CopyButton, useOpsStyles } from '../parts';
import { SupportStore } from './support-store';

const useStyles = makeStyles({
  card: { maxWidth: '560px' },
  form: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', flexWrap: 'wrap' },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.05em',
    wordBreak: 'break-all',
  },
  codeRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  submit: { marginTop: '26px' },
});

/** Support: a login-as code for a user's email, shown once with a copy button; the user is told when it is used. */
export const SupportSection = observer(function SupportSection(props: { store?: SupportStore }) {
  const { t } = useTranslation('ops');
  const { ui } = useStores();
  const styles = useOpsStyles();
  const own = useStyles();
  const [store] = useState(() => props.store ?? new SupportStore());
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  // The code is not kept once the operator leaves the section.
  useEffect(() => () => store.forget(), [store]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (store.busy) return;
    const value = email.trim();
    if (!value) return setError(messageText({ key: 'email_is_empty' }));
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return setError(messageText({ key: 'email_is_invalid' }));
    setError(null);
    try {
      await store.issue(value);
    } catch (failure) {
      setError(messageText(messageOfError(failure, 'email')));
    }
  };

  return (
    <section className={styles.section} data-testid="ops-support">
      <Card className={own.card}>
        <Text as="h2" size={500} weight="semibold">
          <KeyRegular aria-hidden /> {t('support.title')}
        </Text>
        <Text>{t('support.text')}</Text>
        <form className={own.form} onSubmit={(event) => void submit(event)} noValidate>
          <Field label={t('support.email')} required validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'} className={styles.grow}>
            <Input type="email" value={email} maxLength={LENGTH.email} onChange={(_event, data) => setEmail(data.value)} data-testid="support-email" />
          </Field>
          <Button
            className={own.submit}
            appearance="primary"
            type="submit"
            disabled={store.busy}
            icon={store.busy ? <Spinner size="tiny" /> : undefined}
            data-testid="support-issue"
          >
            {t('support.issue')}
          </Button>
        </form>
        {store.issued && (
          <MessageBar intent="warning" data-testid="support-code-box">
            <MessageBarBody>
              <Text block>{t('support.code', { name: fullName(store.issued.user), email: store.issued.user.email })}</Text>
              <span className={own.codeRow}>
                <span className={own.code} data-testid="support-code">
                  {store.issued.code}
                </span>
                <CopyButton text={store.issued.code} testId="support-copy" />
              </span>
              <Text block size={200}>
                {t('support.once', { date: formatDateTime(store.issued.dateExpires, ui.language) })} {t('support.notified')}
              </Text>
            </MessageBarBody>
          </MessageBar>
        )}
      </Card>
    </section>
  );
});
