import { makeStyles, tokens } from '@negayno/shared/fluent';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground1, textDecoration: 'none' },
  word: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold, letterSpacing: '-0.02em' },
});

/** The Negayno mark: a bolt ("immediately") in a rounded square, and the word. */
export function Logo(props: { size?: number; withWord?: boolean }) {
  const styles = useStyles();
  const size = props.size ?? 32;
  return (
    <span className={styles.root}>
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Negayno">
        <rect width="32" height="32" rx="9" fill={tokens.colorBrandBackground} />
        <path d="M18.5 5 9 18h6l-1.5 9L23 14h-6l1.5-9Z" fill="#fff" />
      </svg>
      {props.withWord !== false && <span className={styles.word}>Negayno</span>}
    </span>
  );
}
