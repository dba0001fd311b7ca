import {
  Badge,
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@negayno/shared/fluent';
import { Radio, RadioGroup } from '@negayno/shared/fluent-panels';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { COUNTRIES } from '@negayno/shared/contract';
import { CenteredCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { CodeInput } from '../code-input/CodeInput';
import type { Field as FlowField, FlowStore } from './flow-store';
import { messageText, type Message, useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  heading: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, textAlign: 'center' },
  title: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground2, textAlign: 'center' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  submit: { flexGrow: 1 },
  codeRow: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  // Flush with the boxes above; while it counts down it stays readable, not the faint disabled grey.
  resend: { minWidth: 0, paddingLeft: 0, paddingRight: 0, '&[aria-disabled=true]': { color: tokens.colorNeutralForeground3 } },
  footer: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, textAlign: 'center' },
  names: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  nicknames: { display: 'flex', flexDirection: 'column' },
});

export interface FlowTexts {
  /** i18n key of the title above the step's own title (registration, performer registration). */
  title: string;
  /** Hints that differ by flow: `screen` → i18n key. */
  hints?: Partial<Record<string, string>>;
  submitLabel?: string;
}

/** The card of a registration or recovery: heading with the step, the current screen, its errors, links below. */
export const FlowView = observer(function FlowView(props: { store: FlowStore; texts: FlowTexts; testId: string; footer: ReactNode; above?: ReactNode }) {
  const { store, texts } = props;
  const { t } = useTranslation(['auth', 'errors']);
  const styles = useStyles();
  useEffect(() => () => store.dispose(), [store]);

  const message = (error: Message | null | undefined) => (error ? messageText(error) : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void store.submit();
  };
  const screen = store.screen;
  const heading = screenTitle(screen, store.definition.name);
  const hint = texts.hints?.[screen] ?? screenHint(screen, store.definition.name);

  return (
    <CenteredCard testId={props.testId}>
      <div className={styles.heading}>
        {store.definition.numbered && (
          <Badge
            appearance="tint"
            shape="rounded"
            size="large"
            data-testid="flow-step"
            aria-label={t('flow.step', { current: store.stepNumber, total: store.stepCount })}
          >
            {`${store.stepNumber}/${store.stepCount}`}
          </Badge>
        )}
        {/* The flow's name above the step's, unless they are the same words (recovery's first screen). */}
        {t(texts.title) !== t(heading) && (
          <Text size={300} weight="semibold" className={styles.hint}>
            {t(texts.title)}
          </Text>
        )}
        <Text as="h1" size={700} weight="semibold" className={styles.title} data-testid="flow-title">
          {t(heading)}
        </Text>
        <Text className={styles.hint}>{t(hint, { email: store.codeSentTo ?? store.values.email })}</Text>
      </div>
      {props.above}
      {store.formError && (
        <MessageBar intent={store.expired ? 'warning' : 'error'} data-testid="flow-error">
          <MessageBarBody>{message(store.formError)}</MessageBarBody>
          {store.expired && (
            <MessageBarActions>
              <Button size="small" onClick={() => store.startOver()} data-testid="flow-start-over">
                {t('flow.startOver')}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid={`flow-screen-${screen}`}>
        <ScreenFields store={store} message={message} />
        <div className={styles.actions}>
          {store.canGoBack && (
            <Button appearance="secondary" icon={<ArrowLeftRegular />} onClick={() => store.back()} disabled={store.submitting} data-testid="flow-back">
              {t('flow.back')}
            </Button>
          )}
          <Button
            appearance="primary"
            type="submit"
            className={styles.submit}
            disabledFocusable={store.submitting || store.finished}
            icon={store.submitting || store.finished ? <Spinner size="tiny" /> : undefined}
            data-testid="flow-submit"
          >
            {store.finished ? t('flow.signingIn') : t(submitLabel(store, texts))}
          </Button>
        </div>
      </form>
      <div className={styles.footer}>{props.footer}</div>
    </CenteredCard>
  );
});

function submitLabel(store: FlowStore, texts: FlowTexts): string {
  if (store.screen === 'password') return texts.submitLabel ?? 'register.password.submit';
  if (store.screen === 'email' || (store.screen === 'emailCode' && store.codeSentTo !== store.values.email.trim())) return 'register.email.sendCode';
  return 'flow.continue';
}

function screenTitle(screen: FlowStore['screen'], flow: FlowStore['definition']['name']): string {
  if (flow === 'restore') return screen === 'password' ? 'restore.password.title' : screen === 'code' ? 'register.code.title' : 'restore.email.title';
  const titles: Record<FlowStore['screen'], string> = {
    invitation: 'register.invitation.title',
    email: 'register.email.title',
    code: 'register.code.title',
    emailCode: 'register.email.title',
    country: 'register.country.title',
    name: 'register.name.title',
    about: 'register.about.title',
    nickname: 'register.nickname.title',
    password: 'register.password.title',
  };
  return titles[screen];
}

function screenHint(screen: FlowStore['screen'], flow: FlowStore['definition']['name']): string {
  if (flow === 'restore') return screen === 'password' ? 'restore.password.hint' : screen === 'code' ? 'restore.code.hint' : 'restore.email.hint';
  const hints: Record<FlowStore['screen'], string> = {
    invitation: flow === 'performer' ? 'register.invitation.performerHint' : 'register.invitation.hint',
    email: 'register.email.hint',
    code: 'register.code.hint',
    emailCode: 'register.email.invitedHint',
    country: 'register.country.hint',
    name: 'register.name.hint',
    about: 'register.about.hint',
    nickname: 'register.nickname.hint',
    password: 'register.password.hint',
  };
  return hints[screen];
}

type MessageText = (error: Message | null | undefined) => string | undefined;

const ScreenFields = observer(function ScreenFields({ store, message }: { store: FlowStore; message: MessageText }) {
  const { t } = useTranslation(['auth', 'errors']);
  const styles = useStyles();
  const disabled = store.submitting || store.finished;
  const text = (
    field: FlowField,
    label: string,
    options: { type?: 'text' | 'email' | 'password'; autoComplete?: string; autoFocus?: boolean; placeholder?: string } = {},
  ) => (
    <Field label={t(label)} required validationMessage={message(store.errors[field])}>
      <Input
        type={options.type ?? 'text'}
        name={field}
        autoComplete={options.autoComplete}
        autoFocus={options.autoFocus}
        placeholder={options.placeholder}
        value={store.values[field]}
        onChange={(_event, data) => store.set(field, data.value)}
        disabled={disabled}
        data-testid={`field-${field}`}
      />
    </Field>
  );
  const code = (autoFocus: boolean) => (
    <>
      <CodeInput
        label={t('register.code.label')}
        value={store.values.code}
        onChange={(value) => store.set('code', value)}
        error={message(store.errors.code)}
        disabled={disabled}
        autoFocus={autoFocus}
        testId="field-code"
      />
      <div className={styles.codeRow}>
        <Button
          appearance="transparent"
          size="small"
          className={styles.resend}
          onClick={() => void store.resend()}
          disabledFocusable={store.resendSeconds > 0 || disabled}
          data-testid="flow-resend"
        >
          {store.resendSeconds > 0 ? t('register.code.sendAgainIn', { seconds: store.resendSeconds }) : t('register.code.sendAgain')}
        </Button>
        {store.resent && (
          <Text size={200} role="status" data-testid="flow-resent">
            {t('register.code.sent')}
          </Text>
        )}
      </div>
    </>
  );
  const country = (
    <Field label={t('register.country.label')} required validationMessage={message(store.errors.country)}>
      <Dropdown
        placeholder={t('register.country.placeholder')}
        value={store.values.country ? t(`register.country.${store.values.country}`) : ''}
        selectedOptions={store.values.country ? [store.values.country] : []}
        onOptionSelect={(_event, data) => store.set('country', data.optionValue ?? '')}
        disabled={disabled}
        data-testid="field-country"
      >
        {COUNTRIES.map((code) => (
          <Option key={code} value={code}>
            {t(`register.country.${code}`)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
  const names = (autoFocus: boolean) => (
    <div className={styles.names}>
      {text('firstname', 'register.name.firstname', { autoComplete: 'given-name', autoFocus })}
      {text('lastname', 'register.name.lastname', { autoComplete: 'family-name' })}
    </div>
  );
  const restore = store.definition.name === 'restore';

  switch (store.screen) {
    case 'invitation':
      return text('invitationCode', 'register.invitation.label', { autoFocus: true, autoComplete: 'off', placeholder: t('register.invitation.placeholder') });
    case 'email':
      return text('email', 'login.email', { type: 'email', autoComplete: 'email', autoFocus: true, placeholder: t('login.emailPlaceholder') });
    case 'code':
      return code(true);
    case 'emailCode': {
      const sent = store.codeSentTo !== null && store.codeSentTo === store.values.email.trim();
      return (
        <>
          {text('email', 'login.email', { type: 'email', autoComplete: 'email', autoFocus: !sent, placeholder: t('login.emailPlaceholder') })}
          {sent && (
            <>
              <Text size={200}>{t('register.code.hint', { email: store.codeSentTo })}</Text>
              {code(true)}
            </>
          )}
        </>
      );
    }
    case 'country':
      return country;
    case 'name':
      return names(true);
    case 'about':
      return (
        <>
          {country}
          {names(true)}
        </>
      );
    case 'nickname':
      return (
        <Field label={t('register.nickname.label')} required validationMessage={message(store.errors.nickname)}>
          <RadioGroup
            value={store.values.nickname}
            onChange={(_event, data) => store.set('nickname', data.value)}
            className={styles.nicknames}
            data-testid="field-nickname"
          >
            {store.nicknames.map((nickname, index) => (
              <Radio
                key={nickname}
                value={nickname}
                label={`@${nickname}`}
                disabled={disabled}
                // Like every screen, this one starts in its field: the chosen nickname, else the first.
                autoFocus={store.values.nickname ? nickname === store.values.nickname : index === 0}
                data-testid={`nickname-${nickname}`}
              />
            ))}
          </RadioGroup>
        </Field>
      );
    case 'password':
      return (
        <>
          {text('password', restore ? 'restore.password.password' : 'register.password.password', {
            type: 'password',
            autoComplete: 'new-password',
            autoFocus: true,
          })}
          {text('passwordRepeat', restore ? 'restore.password.repeat' : 'register.password.repeat', { type: 'password', autoComplete: 'new-password' })}
        </>
      );
  }
});
