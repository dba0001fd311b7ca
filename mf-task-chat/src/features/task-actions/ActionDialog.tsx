/**
 * The form of one action (decisions 3 "Action calls"): a plain confirmation, a reason, the performers
 * to assign, the performer's estimate, the sm's offer editor, the progress or the rating. It sends
 * through the workflow store and shows the server's codes under the fields they name.
 */
import { ApiError } from '@negayno/shared/api';
import { URGENCY_LEVELS, type TaskActionName, type TaskActions, type Currency } from '@negayno/shared/contract';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Rating,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
} from '@negayno/shared/fluent';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import type { TaskWorkflowStore } from '@negayno/shared/stores';
import { useState, type FormEvent } from 'react';
import { parseDayMonthYear } from './dates';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: tokens.spacingHorizontalM },
});

/** Stars of the rating (decisions 3: 1–5). */
const RATING_MAX = 5;

/** Actions whose only input is a reason. */
const REASONED: readonly TaskActionName[] = ['re-estimate', 'return-offer', 'reject-test', 'reject-prod', 'reject', 'delete'];

type Values = Record<string, string>;

function lines(text: string | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The body the server expects, from the form's texts; a date the form cannot read goes as text so the server names it. */
function bodyOf(action: TaskActionName, values: Values, performers: number[]): Record<string, unknown> {
  const number = (key: string) => (values[key]?.trim() ? Number(values[key]) : undefined);
  switch (action) {
    case 'to-estimation':
      return { performerIds: performers };
    case 'finish-evaluation': {
      const date = values.dateAutoSendForCheck?.trim();
      return {
        estimate: values.estimate ?? '',
        executionTime: number('executionTime'),
        executionTimeBase: number('executionTimeBase'),
        delayStart: number('delayStart'),
        jobItem: lines(values.jobItems),
        dateAutoSendForCheck: date ? (parseDayMonthYear(date) ?? date) : null,
      };
    }
    case 'send-offer':
      return {
        name: values.name ?? '',
        description: values.description ?? '',
        workList: lines(values.workList),
        urgencies: URGENCY_LEVELS.filter((level) => values[`price${level}`]?.trim()).map((level) => ({
          urgency: level,
          // Whole currency units on the form, minor units on the wire.
          price: Math.round(Number(values[`price${level}`]) * 100),
          dateDeadline: parseDayMonthYear(values[`deadline${level}`] ?? '') ?? values[`deadline${level}`],
        })),
      };
    case 'progress':
      return { progress: number('progress') };
    case 'add-rating':
      return { rating: number('rating'), review: values.review ?? '' };
    case 'publish':
      return { negayno: values.negayno === 'true' };
    default:
      return REASONED.includes(action) ? { message: values.message ?? '' } : {};
  }
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
  const [performers, setPerformers] = useState<number[]>([]);
  const [error, setError] = useState<unknown>(null);
  const busy = props.store.pending === props.action;
  const { action } = props;

  const set = (key: string) => (_event: unknown, data: { value: string }) => setValues((current) => ({ ...current, [key]: data.value }));
  /** The server's code for this very field, if it named one. */
  const fieldError = (field: string) => {
    const detail = error instanceof ApiError ? error.fieldError(field) : undefined;
    return detail ? messageText({ key: detail.code, fallback: detail.message }) : undefined;
  };
  const text = (key: string, label: string, options: { multiline?: boolean; required?: boolean; type?: 'number' | 'text'; field?: string } = {}) => (
    <Field label={label} required={options.required} validationMessage={fieldError(options.field ?? key)}>
      {options.multiline ? (
        <Textarea value={values[key] ?? ''} onChange={set(key)} resize="vertical" data-testid={`action-field-${key}`} />
      ) : (
        <Input value={values[key] ?? ''} onChange={set(key)} type={options.type ?? 'text'} data-testid={`action-field-${key}`} />
      )}
    </Field>
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const result = await props.store.act(action, bodyOf(action, values, performers));
    if (result.ok) {
      props.onDone?.();
      props.onClose();
    } else setError(result.error);
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid={`action-dialog-${action}`}>
        <form onSubmit={(event) => void submit(event)}>
          <DialogBody>
            <DialogTitle>{t(`action.${action}`)}</DialogTitle>
            <DialogContent className={styles.form}>
              {error !== null && (
                <MessageBar intent="error" data-testid="action-error">
                  <MessageBarBody>{messageText(messageOfError(error))}</MessageBarBody>
                </MessageBar>
              )}
              {REASONED.includes(action) && text('message', t('field.message'), { multiline: true, required: true })}
              {action === 'publish' && (
                <Checkbox
                  label={t('field.negayno')}
                  checked={values.negayno === 'true'}
                  onChange={(_e, data) => setValues({ negayno: String(Boolean(data.checked)) })}
                />
              )}
              {action === 'to-estimation' && (
                <Field label={t('field.performers')} required validationMessage={fieldError('performerIds')}>
                  {props.performers.length === 0 && t('noPerformers')}
                  {props.performers.map((performer) => (
                    <Checkbox
                      key={performer.id}
                      label={`${performer.firstname} ${performer.lastname}${performer.nickname ? ` (@${performer.nickname})` : ''}`}
                      checked={performers.includes(performer.id)}
                      onChange={(_e, data) => setPerformers((list) => (data.checked ? [...list, performer.id] : list.filter((id) => id !== performer.id)))}
                      data-testid={`performer-${performer.id}`}
                    />
                  ))}
                </Field>
              )}
              {action === 'finish-evaluation' && (
                <>
                  {text('estimate', t('field.estimate'), { multiline: true, required: true })}
                  <div className={styles.row}>
                    {text('executionTime', t('field.executionTime'), { type: 'number', required: true })}
                    {text('executionTimeBase', t('field.executionTimeBase'), { type: 'number', required: true })}
                    {text('delayStart', t('field.delayStart'), { type: 'number', required: true })}
                  </div>
                  {text('jobItems', t('field.jobItems'), { multiline: true, required: true, field: 'jobItem' })}
                  {text('dateAutoSendForCheck', t('field.dateAutoSendForCheck'))}
                </>
              )}
              {action === 'send-offer' && (
                <>
                  {text('name', t('field.name'), { required: true })}
                  {text('description', t('field.description'), { multiline: true })}
                  {text('workList', t('field.workList'), { multiline: true, required: true })}
                  {URGENCY_LEVELS.map((level) => (
                    <div className={styles.row} key={level}>
                      {text(`price${level}`, `${t(`urgency.${level}`)} · ${t('field.price', { currency: props.currency })}`, {
                        type: 'number',
                        field: 'urgencies',
                      })}
                      {text(`deadline${level}`, t('field.deadline'))}
                    </div>
                  ))}
                </>
              )}
              {action === 'progress' && text('progress', t('field.progress'), { type: 'number', required: true })}
              {action === 'add-rating' && (
                <>
                  <Field label={t('field.rating')} required validationMessage={fieldError('rating')}>
                    <Rating
                      max={RATING_MAX}
                      value={Number(values.rating ?? 0)}
                      onChange={(_event, data) => setValues((current) => ({ ...current, rating: String(data.value) }))}
                      aria-label={t('field.rating')}
                      data-testid="action-field-rating"
                    />
                  </Field>
                  {text('review', t('field.review'), { multiline: true })}
                </>
              )}
              {!REASONED.includes(action) &&
                !['publish', 'to-estimation', 'finish-evaluation', 'send-offer', 'progress', 'add-rating'].includes(action) &&
                t('confirmText', { action: t(`action.${action}`) })}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} data-testid="action-submit">
                {t('confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
