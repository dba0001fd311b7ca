import { BRAND } from '@negayno/shared/contract';
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
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={BRAND.name}>
        <rect width="32" height="32" rx="9" fill={tokens.colorBrandBackground} />
        <path d={BRAND.bolt} fill="#fff" />
      </svg>
      {props.withWord !== false && <span className={styles.word}>{BRAND.name}</span>}
    </span>
  );
}
