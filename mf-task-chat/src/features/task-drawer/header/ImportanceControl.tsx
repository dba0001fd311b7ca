/** The task's importance, 0 to 4 (`update-importance`); plain text for viewers who may not edit. */
import { Field, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Select } from '@negayno/shared/fluent-panels';
import { IMPORTANCE_LEVELS, type Importance, type Task } from '@negayno/shared/contract';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  field: { minWidth: '180px' },
  text: { color: tokens.colorNeutralForeground2 },
});

export function ImportanceControl(props: { task: Task; onChange: (importance: Importance) => void }) {
  const { t } = useTranslation('task');
  const styles = useStyles();
  if (!props.task.can.edit) {
    return (
      <Text className={styles.text} data-testid="task-importance">
        {t('importance.label')}: {t(`importance.level${props.task.importance}`)}
      </Text>
    );
  }
  return (
    <Field label={t('importance.label')} className={styles.field}>
      <Select
        value={String(props.task.importance)}
        data-testid="task-importance-select"
        onChange={(_event, data) => props.onChange(Number(data.value) as Importance)}
      >
        {IMPORTANCE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(`importance.level${level}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
