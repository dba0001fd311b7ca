/**
 * The performers a pm assigns (to-estimation): one group of checkboxes under one label. The group,
 * not each person, is required (issue 33: inside a required Field every checkbox took the field's
 * asterisk and its control id, "Тарас Олійник (@taras.dev)*"), so the checkboxes sit in a fieldset of
 * their own, the asterisk on its legend, the error said once under it.
 */
import { Label, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Checkbox } from '@negayno/shared/fluent-drawers';
import { useId } from 'react';
import type { ActionFieldsProps } from './role-forms';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, border: 'none', minWidth: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export function PerformerChoice(props: Pick<ActionFieldsProps, 'performers' | 'chosen' | 'setChosen' | 'fieldError'> & { label: string; empty: string }) {
  const styles = useStyles();
  const errorId = useId();
  const error = props.fieldError('performerIds');
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined} data-testid="performer-choice">
      <legend className={styles.legend}>
        <Label required weight="semibold">
          {props.label}
        </Label>
      </legend>
      {props.performers.length === 0 && <Text>{props.empty}</Text>}
      {props.performers.map((performer) => (
        <Checkbox
          key={performer.id}
          label={`${performer.firstname} ${performer.lastname}${performer.nickname ? ` (@${performer.nickname})` : ''}`}
          checked={props.chosen.includes(performer.id)}
          onChange={(_event, data) => props.setChosen((list) => (data.checked ? [...list, performer.id] : list.filter((id) => id !== performer.id)))}
          data-testid={`performer-${performer.id}`}
        />
      ))}
      {error && (
        <Text id={errorId} role="alert" size={200} className={styles.error}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
