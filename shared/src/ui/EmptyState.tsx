import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  icon: { fontSize: '48px', color: tokens.colorBrandForeground2, lineHeight: 1 },
  text: { maxWidth: '420px' },
  action: { marginTop: tokens.spacingVerticalM },
});

/** What a list shows when it has nothing (every list has one). */
export function EmptyState(props: { icon?: ReactNode; title: string; text?: string; action?: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid={props.testId}>
      {props.icon && (
        <span className={styles.icon} aria-hidden>
          {props.icon}
        </span>
      )}
      <Text as="h2" size={500} weight="semibold">
        {props.title}
      </Text>
      {props.text && <Text className={styles.text}>{props.text}</Text>}
      {props.action && <div className={styles.action}>{props.action}</div>}
    </div>
  );
}
