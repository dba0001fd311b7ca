import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card } from '@negayno/shared/fluent-panels';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

/** One titled card of the profile page. */
export function SectionCard(props: { title: string; children: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid={props.testId}>
      <Text as="h2" size={500} weight="semibold">
        {props.title}
      </Text>
      {props.children}
    </Card>
  );
}
