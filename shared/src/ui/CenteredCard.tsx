import { makeStyles, tokens } from '@negayno/shared/fluent';
import type { ReactNode } from 'react';
import { Logo } from './Logo.js';

const useStyles = makeStyles({
  page: {
    minHeight: 'calc(100vh - 64px)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
  },
  card: {
    width: '100%',
    maxWidth: '420px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  logo: { display: 'flex', justifyContent: 'center' },
});

/** The centred card with the logo that every authorization screen uses (spec 2). */
export function CenteredCard(props: { children: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <section className={styles.card} data-testid={props.testId}>
        <div className={styles.logo}>
          <Logo size={40} />
        </div>
        {props.children}
      </section>
    </div>
  );
}
