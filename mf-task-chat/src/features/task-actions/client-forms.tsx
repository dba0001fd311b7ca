/** The client's action fields (role-forms.ts): publishing, with the negayno flag, and the rating. */
import type { TaskActionName } from '@negayno/shared/contract';
import { Field } from '@negayno/shared/fluent';
import { Checkbox, Rating } from '@negayno/shared/fluent-drawers';
import { useTranslation } from '@negayno/shared/i18n';
import type { ActionFieldsProps, Values } from './role-forms';

/** Stars of the rating (decisions 3: 1–5). */
const RATING_MAX = 5;

export function Fields(props: ActionFieldsProps) {
  const { t } = useTranslation('workflow');
  const { action, values, setValues } = props;
  if (action === 'publish') {
    return (
      <Checkbox label={t('field.negayno')} checked={values.negayno === 'true'} onChange={(_e, data) => setValues({ negayno: String(Boolean(data.checked)) })} />
    );
  }
  return (
    <>
      <Field label={t('field.rating')} required validationMessage={props.fieldError('rating')}>
        <Rating
          max={RATING_MAX}
          value={Number(values.rating ?? 0)}
          onChange={(_event, data) => setValues((current) => ({ ...current, rating: String(data.value) }))}
          aria-label={t('field.rating')}
          data-testid="action-field-rating"
        />
      </Field>
      {props.text('review', t('field.review'), { multiline: true })}
    </>
  );
}

export function bodyOf(action: TaskActionName, values: Values): Record<string, unknown> {
  if (action === 'publish') return { negayno: values.negayno === 'true' };
  return { rating: values.rating?.trim() ? Number(values.rating) : undefined, review: values.review ?? '' };
}
