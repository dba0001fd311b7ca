import { makeStyles } from '@negayno/shared/fluent';

const useStyles = makeStyles({
  // Fluent's `1fr` content column grows with its text; `minmax(0, 1fr)` lets the text be cut instead.
  button: { gridTemplateColumns: 'minmax(0, 1fr) auto' },
  text: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * The `button` slot of a Dropdown showing a name: a long one ends in an ellipsis instead of pushing the
 * Dropdown wider than a phone.
 */
export function useClippedDropdownButton(value: string) {
  const styles = useStyles();
  return { className: styles.button, children: <span className={styles.text}>{value}</span> };
}
