import { Button, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    margin: `${tokens.spacingVerticalXXL} auto`,
    padding: tokens.spacingHorizontalXXL,
    maxWidth: '420px',
    // On a phone the card keeps a gap to the screen edges.
    width: `calc(100% - 2 * ${tokens.spacingHorizontalL})`,
    boxSizing: 'border-box',
    textAlign: 'center',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  icon: { fontSize: '40px', color: tokens.colorPaletteRedForeground1 },
});

/** A contained failure card with a retry button: a remote that did not load or crashed. */
export function StatusCard(props: { title: string; text: string; onRetry?: () => void; icon?: ReactNode; testId?: string }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <section className={styles.card} role="alert" data-testid={props.testId}>
      <span className={styles.icon} aria-hidden>
        {props.icon ?? <ErrorCircleRegular />}
      </span>
      <Text as="h2" size={500} weight="semibold">
        {props.title}
      </Text>
      <Text>{props.text}</Text>
      {props.onRetry && (
        <Button appearance="primary" onClick={props.onRetry}>
          {t('retry')}
        </Button>
      )}
    </section>
  );
}
