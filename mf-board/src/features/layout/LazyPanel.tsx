import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { useTranslation } from '@negayno/shared/i18n';
import { Suspense, createContext, lazy, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

const useStyles = makeStyles({
  // Where a drawer is about to open: the end side, just below the header, on a surface of its own so
  // it reads above the toolbar it covers.
  notice: {
    position: 'fixed',
    top: '64px',
    insetInlineEnd: tokens.spacingHorizontalL,
    zIndex: 1000,
    maxWidth: `calc(100vw - 2 * ${tokens.spacingHorizontalL})`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  loading: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
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
  const loading = open ? (
    <Spinner size="small" label={t('loading')} className={mergeClasses(styles.notice, styles.loading)} data-testid="panel-loading" />
  ) : null;
  return <Suspense fallback={loading}>{props.children}</Suspense>;
}

/** What a panel's props hold that its failure notice uses: whether it is open, and how to close it. */
interface PanelControls {
  open?: boolean;
  onClose?: () => void;
}

const RetryContext = createContext<() => void>(() => undefined);

/**
 * Drawn in a panel's place when its code could not be fetched (offline, a release swapped the files):
 * says so where the panel would have opened, with a retry and a close, instead of taking the whole
 * board down to the remote's error card.
 */
function PanelLoadFailed(props: PanelControls) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const retry = useContext(RetryContext);
  const retryButton = useRef<HTMLButtonElement>(null);
  const shown = props.open !== false;
  // Focus goes where the panel would have taken it, so a keyboard user can retry or close at once.
  useEffect(() => {
    if (shown) retryButton.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <MessageBar intent="error" layout="multiline" className={styles.notice} data-testid="panel-failed">
      <MessageBarBody>
        <Text block weight="semibold">
          {t('loadFailed.title')}
        </Text>
        {t('loadFailed.text')}
      </MessageBarBody>
      <MessageBarActions>
        <Button ref={retryButton} onClick={retry} data-testid="panel-retry">
          {t('retry')}
        </Button>
        {props.onClose && <Button onClick={props.onClose}>{t('close')}</Button>}
      </MessageBarActions>
    </MessageBar>
  );
}

/**
 * The component `load` resolves to, drawn inside a LazyPanel: fetched when first opened (by its own
 * `open` prop when it has one, else as it mounts). A failed fetch shows PanelLoadFailed; its retry
 * fetches again (webpack forgets a chunk that failed).
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const fetchOnce = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        () => ({ default: PanelLoadFailed as unknown as ComponentType<P> }),
      ),
    );
  // One lazy component for every mount, so a panel opened again renders at once; a new one per retry.
  let Lazy = fetchOnce();
  return function Panel(props: P) {
    const [, setAttempts] = useState(0);
    const retry = () => {
      Lazy = fetchOnce();
      setAttempts((attempts) => attempts + 1);
    };
    return (
      <LazyPanel open={(props as PanelControls).open}>
        <RetryContext.Provider value={retry}>
          <Lazy {...props} />
        </RetryContext.Provider>
      </LazyPanel>
    );
  };
}
