import { Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { useTranslation } from '@negayno/shared/i18n';
import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';

const useStyles = makeStyles({
  // Where a drawer is about to open: the end side, just below the header, on a surface of its own so
  // it reads above the toolbar it covers.
  loading: {
    position: 'fixed',
    top: '64px',
    insetInlineEnd: tokens.spacingHorizontalL,
    zIndex: 1000,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

/**
 * A drawer or dialog whose code is a chunk of its own (React `lazy`): nothing is rendered, so nothing
 * is fetched, until it is first opened; from then on it stays mounted, so it can animate shut. While
 * its code is on the way a spinner says so.
 */
export function LazyPanel(props: { open?: boolean; children: ReactNode }) {
  const open = props.open ?? true;
  const [opened, setOpened] = useState(open);
  const styles = useStyles();
  const { t } = useTranslation('common');
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  const loading = open ? <Spinner size="small" label={t('loading')} className={styles.loading} data-testid="panel-loading" /> : null;
  return <Suspense fallback={loading}>{props.children}</Suspense>;
}

/**
 * The component `load` resolves to, drawn inside a LazyPanel: fetched when first opened (by its own
 * `open` prop when it has one, else as it mounts).
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function Panel(props: P) {
    return (
      <LazyPanel open={(props as { open?: boolean }).open}>
        <Lazy {...props} />
      </LazyPanel>
    );
  };
}
