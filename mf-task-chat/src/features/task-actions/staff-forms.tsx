/**
 * The action fields of staff and performers (role-forms.ts): the performers a pm assigns, the
 * performer's estimate, the sm's offer editor and the pm's progress.
 */
import { URGENCY_LEVELS, type ErrorCode, type TaskActionName } from '@negayno/shared/contract';
import { makeStyles, tokens } from '@negayno/shared/fluent';
import { useTranslation } from '@negayno/shared/i18n';
import { isFutureDateTime, parseLocalDateTime } from './dates';
import { offerDraftOf } from './offer-draft';
import { PerformerChoice } from './PerformerChoice';
import { lines, type ActionFieldsProps, type FormContext, type Values } from './role-forms';

const useStyles = makeStyles({
  // A deadline's hint (the date in the viewer's words) makes its field taller: the price keeps its height.
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' },
});

export function Fields(props: ActionFieldsProps) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const { action, text } = props;
  switch (action) {
    case 'to-estimation':
      return (
        <PerformerChoice
          label={t('field.performers')}
          empty={t('noPerformers')}
          performers={props.performers}
          chosen={props.chosen}
          setChosen={props.setChosen}
          fieldError={props.fieldError}
        />
      );
    case 'finish-evaluation':
      return (
        <>
          {text('estimate', t('field.estimate'), { multiline: true, required: true })}
          <div className={styles.row}>
            {text('executionTime', t('field.executionTime'), { type: 'number', required: true })}
            {text('executionTimeBase', t('field.executionTimeBase'), { type: 'number', required: true })}
            {text('delayStart', t('field.delayStart'), { type: 'number', required: true })}
          </div>
          {text('jobItems', t('field.jobItems'), { multiline: true, required: true, field: 'jobItem' })}
          {text('dateAutoSendForCheck', t('field.dateAutoSendForCheck'), { type: 'datetime' })}
        </>
      );
    case 'send-offer':
      return (
        <>
          {text('name', t('field.name'), { required: true })}
          {text('description', t('field.description'), { multiline: true })}
          {text('workList', t('field.workList'), { multiline: true, required: true })}
          {URGENCY_LEVELS.map((level) => (
            <div className={styles.row} key={level}>
              {text(`price${level}`, `${t(`urgency.${level}`)} · ${t('field.price', { currency: props.currency })}`, { type: 'number', field: 'urgencies' })}
              {/* The server names a deadline by its place among the priced urgencies sent. */}
              {text(`deadline${level}`, t('field.deadline'), { type: 'datetime', field: `urgencies.${priced(props.values).indexOf(level)}.dateDeadline` })}
            </div>
          ))}
        </>
      );
    default:
      return text('progress', t('field.progress'), { type: 'number', required: true });
  }
}

/** The urgencies the sm priced: the ones the offer carries. */
function priced(values: Values) {
  return URGENCY_LEVELS.filter((level) => values[`price${level}`]?.trim());
}

/** The offer editor starts from the last estimate (offer-draft.ts). */
export function initialValues(action: TaskActionName, context: FormContext): Values {
  return action === 'send-offer' ? offerDraftOf(context.estimates[0], context.now) : {};
}

/** Dates in the past are refused before sending (the server refuses them too, with the same codes). */
export function check(action: TaskActionName, values: Values, now: number): Record<string, ErrorCode> {
  const refused: Record<string, ErrorCode> = {};
  if (action === 'send-offer')
    for (const level of priced(values)) if (!isFutureDateTime(values[`deadline${level}`] ?? '', now)) refused[`deadline${level}`] = 'dateDeadline_is_invalid';
  const autoSend = values.dateAutoSendForCheck?.trim();
  if (action === 'finish-evaluation' && autoSend && !isFutureDateTime(autoSend, now)) refused.dateAutoSendForCheck = 'dateAutoSendForCheck_is_invalid';
  return refused;
}

/** The body the server expects; a date the form cannot read goes as text so the server names it. */
export function bodyOf(action: TaskActionName, values: Values, chosen: number[]): Record<string, unknown> {
  const number = (key: string) => (values[key]?.trim() ? Number(values[key]) : undefined);
  switch (action) {
    case 'to-estimation':
      return { performerIds: chosen };
    case 'finish-evaluation': {
      const date = values.dateAutoSendForCheck?.trim();
      return {
        estimate: values.estimate ?? '',
        executionTime: number('executionTime'),
        executionTimeBase: number('executionTimeBase'),
        delayStart: number('delayStart'),
        jobItem: lines(values.jobItems),
        dateAutoSendForCheck: date ? (parseLocalDateTime(date) ?? date) : null,
      };
    }
    case 'send-offer':
      return {
        name: values.name ?? '',
        description: values.description ?? '',
        workList: lines(values.workList),
        urgencies: priced(values).map((level) => ({
          urgency: level,
          // Whole currency units on the form, minor units on the wire.
          price: Math.round(Number(values[`price${level}`]) * 100),
          dateDeadline: parseLocalDateTime(values[`deadline${level}`] ?? '') ?? values[`deadline${level}`],
        })),
      };
    default:
      return { progress: number('progress') };
  }
}
