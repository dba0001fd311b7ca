import { makeStyles, tokens } from '@negayno/shared/fluent';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { lazyChunk } from './lazy-chunk';

// The bars (Fluent's MessageBar and its motion) come when the first alert does.
const AlertBars = lazyChunk(() => import('./AlertBars').then((module) => ({ default: module.AlertBars })));

const useStyles = makeStyles({
  region: {
    position: 'fixed',
    insetInlineEnd: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    width: 'min(420px, calc(100vw - 32px))',
  },
});

/** The alert region: always in the page, so that a screen reader announces what enters it. */
export const Alerts = observer(function Alerts() {
  const { alerts } = useStores();
  const styles = useStyles();
  return (
    <div className={styles.region} aria-live="polite" data-testid="alerts">
      {alerts.alerts.length > 0 && (
        <Suspense fallback={null}>
          <AlertBars />
        </Suspense>
      )}
    </div>
  );
});
