/**
 * The task name as an inline field (spec 2): saved on blur when non-empty and changed, Enter saves,
 * Escape puts the stored name back. Read-only, with the archive prefix, when the task is archived or
 * the viewer may not edit it.
 */
import { makeStyles, mergeClasses, Text, tokens } from '@negayno/shared/fluent';
import { ArchiveRegular } from '@fluentui/react-icons';
import { LENGTH, type Task } from '@negayno/shared/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  heading: { margin: `${tokens.spacingVerticalS} 0`, display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, wordBreak: 'break-word' },
  archived: { flexShrink: 0, marginTop: '4px', color: tokens.colorNeutralForeground3 },
  input: {
    boxSizing: 'border-box',
    width: '100%',
    minWidth: 0,
    margin: `${tokens.spacingVerticalS} 0`,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})`,
    border: `1px solid transparent`,
    borderRadius: tokens.borderRadiusMedium,
    background: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase600,
    ':hover': { border: `1px solid ${tokens.colorNeutralStroke1}` },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, border: '1px solid transparent' },
  },
});

export function TaskName(props: { task: Task; onRename: (name: string) => void }) {
  const { t } = useTranslation('task');
  const styles = useStyles();
  const [value, setValue] = useState(props.task.name);
  useEffect(() => setValue(props.task.name), [props.task.name]);

  const readOnly = !props.task.can.edit || props.task.dateArchived !== null;
  if (readOnly) {
    return (
      <Text as="h2" size={600} weight="semibold" className={styles.heading} data-testid="task-name">
        {props.task.dateArchived !== null && <ArchiveRegular className={styles.archived} aria-label={t('archived')} role="img" />}
        <span>{props.task.name}</span>
      </Text>
    );
  }
  return (
    <div data-testid="task-name">
      <input
        className={mergeClasses(styles.input)}
        value={value}
        maxLength={LENGTH.name}
        aria-label={t('name')}
        data-testid="task-name-input"
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => {
          if (value.trim()) props.onRename(value);
          else setValue(props.task.name);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            // Escape undoes the edit; it must not also close the drawer.
            event.stopPropagation();
            setValue(props.task.name);
          }
        }}
      />
    </div>
  );
}
