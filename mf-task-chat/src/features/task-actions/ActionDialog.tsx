/**
 * The form of one action (decisions 3 "Action calls"): a plain confirmation or a reason here, and the
 * fields of the actions only one side takes (the performers to assign, the estimate, the sm's offer
 * editor, the progress, publishing, the rating) from that side's chunk (role-forms.ts). It sends
 * through the workflow store and shows the server's codes under the fields they name.
 */
import { ApiError } from '@negayno/shared/api';
import { errorText, type Currency, type ErrorCode, type TaskActionName, type TaskActions } from '@negayno/shared/contract';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@negayno/shared/fluent-panels';
import { Textarea } from '@negayno/shared/fluent-drawers';
import { currentLanguage, messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { formatDateTime } from '@negayno/shared/lib';
import { useEffect, useState, type FormEvent } from 'react';
import { type TaskWorkflowStore } from '@negayno/shared/work-stores';
import { parseLocalDateTime, toLocalDateTime } from './dates';
import { hasRoleForms, loadRoleForms, type RoleForms, type TextFieldOptions, type Values } from './role-forms';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Fluent's Input keeps a min-width of its own: two in a row (a price and its deadline) ran past a phone's edge.
  input: { minWidth: 0 },
});

/** Actions whose only input is a reason. */
const REASONED: readonly TaskActionName[] = ['re-estimate', 'return-offer', 'reject-test', 'reject-prod', 'reject', 'delete'];

/** The side's forms an action needs: `none` for a reason or a confirmation, else loading, loaded or failed. */
type RoleFormsState = { state: 'none' } | { state: 'loading' } | { state: 'ready'; forms: RoleForms } | { state: 'failed' };

function useRoleForms(action: TaskActionName): RoleFormsState {
  const [loaded, setLoaded] = useState<RoleFormsState>(() => (hasRoleForms(action) ? { state: 'loading' } : { state: 'none' }));
  useEffect(() => {
    let current = true;
    loadRoleForms(action)?.then(
      (forms) => current && setLoaded({ state: 'ready', forms }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [action]);
  return loaded;
}

export function ActionDialog(props: {
  action: TaskActionName;
  store: TaskWorkflowStore;
  currency: Currency;
  performers: TaskActions['performers'];
  /** Called after the server took the action, before the dialog closes (the rating's tips offer follows). */
  onDone?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const [values, setValues] = useState<Values>({});
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<unknown>(null);
  /** The fields refused before sending (a date in the past), by key. */
  const [refused, setRefused] = useState<Record<string, ErrorCode>>({});
  const roleForms = useRoleForms(props.action);
  const busy = props.store.pending === props.action;
  const { action, store } = props;
  const language = currentLanguage();

  // The side's forms may start filled in (the offer editor from the last estimate): once, as they load.
  const forms = roleForms.state === 'ready' ? roleForms.forms : null;
  useEffect(() => {
    const initial = forms?.initialValues?.(action, { estimates: store.estimates, now: Date.now() / 1000 });
    if (initial) setValues((current) => ({ ...initial, ...current }));
  }, [forms, action, store]);

  const set = (key: string) => (_event: unknown, data: { value: string }) => setValues((current) => ({ ...current, [key]: data.value }));
  /** The server's code for this very field, if it named one. */
  const fieldError = (field: string) => {
    const detail = error instanceof ApiError ? error.fieldError(field) : undefined;
    return detail ? messageText({ key: detail.code, fallback: detail.message }) : undefined;
  };
  const text = (key: string, label: string, options: TextFieldOptions = {}) => {
    const local = refused[key];
    const picked = options.type === 'datetime' && values[key] ? parseLocalDateTime(values[key]) : null;
    return (
      <Field
        label={label}
        required={options.required}
        validationMessage={local ? errorText(local, language) : fieldError(options.field ?? key)}
        // The picker shows the browser's own format: the chosen moment is said again in the viewer's language.
        hint={picked !== null ? formatDateTime(picked, language) : undefined}
      >
        {options.multiline ? (
          <Textarea value={values[key] ?? ''} onChange={set(key)} resize="vertical" data-testid={`action-field-${key}`} />
        ) : options.type === 'datetime' ? (
          <Input
            className={styles.input}
            type="datetime-local"
            lang={language}
            min={toLocalDateTime(Date.now() / 1000)}
            value={values[key] ?? ''}
            onChange={set(key)}
            data-testid={`action-field-${key}`}
          />
        ) : (
          <Input className={styles.input} value={values[key] ?? ''} onChange={set(key)} type={options.type ?? 'text'} data-testid={`action-field-${key}`} />
        )}
      </Field>
    );
  };

  function bodyOf(): Record<string, unknown> {
    if (roleForms.state === 'ready') return roleForms.forms.bodyOf(action, values, chosen);
    return REASONED.includes(action) ? { message: values.message ?? '' } : {};
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (roleForms.state === 'loading' || roleForms.state === 'failed') return;
    setError(null);
    const refusing = forms?.check?.(action, values, Date.now() / 1000) ?? {};
    setRefused(refusing);
    if (Object.keys(refusing).length > 0) return;
    const result = await props.store.act(action, bodyOf());
    if (result.ok) {
      props.onDone?.();
      props.onClose();
    } else setError(result.error);
  }

  const waiting = busy || roleForms.state === 'loading' || roleForms.state === 'failed';
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid={`action-dialog-${action}`}>
        {/* The form checks its dates itself and says so in the viewer's language, not the browser's. */}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{t(`action.${action}`)}</DialogTitle>
            <DialogContent className={styles.form}>
              {error !== null && (
                <MessageBar intent="error" data-testid="action-error">
                  <MessageBarBody>{messageText(messageOfError(error))}</MessageBarBody>
                </MessageBar>
              )}
              {roleForms.state === 'loading' && <Spinner size="small" label={t('common:loading')} data-testid="action-form-loading" />}
              {roleForms.state === 'failed' && (
                <MessageBar intent="error" data-testid="action-form-failed">
                  <MessageBarBody>{t('formFailed')}</MessageBarBody>
                </MessageBar>
              )}
              {roleForms.state === 'ready' && (
                <roleForms.forms.Fields
                  action={action}
                  values={values}
                  setValues={setValues}
                  text={text}
                  fieldError={fieldError}
                  performers={props.performers}
                  chosen={chosen}
                  setChosen={setChosen}
                  currency={props.currency}
                />
              )}
              {REASONED.includes(action) && text('message', t('field.message'), { multiline: true, required: true })}
              {roleForms.state === 'none' && !REASONED.includes(action) && t('confirmText', { action: t(`action.${action}`) })}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={waiting} icon={busy ? <Spinner size="tiny" /> : undefined} data-testid="action-submit">
                {t('confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
