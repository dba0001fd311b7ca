import { PAGE_APPS } from '@negayno/shared/contract';
import { Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { lazyChunk } from './lazy-chunk';
import { useTranslation } from '@negayno/shared/i18n';
import { containerId, isKnownRoute } from '../remotes/applications';
import type { RemoteRegistry } from '../remotes/registry';
import type { RemoteUpdates } from '../remotes/updates';
import type { LocationStore } from '../system/location-store';
import { Alerts } from './Alerts';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { WalletParcelHost } from './WalletParcelHost';
import { useAppLoading } from './useAppLoading';

// Pages and banners few visits show come in chunks of their own.
const MaintenancePage = lazyChunk(() => import('./MaintenancePage').then((module) => ({ default: module.MaintenancePage })));
// Shown only once a remote has a new version: Fluent's MessageBar stays out of the first chunk.
const RemoteUpdateBanner = lazyChunk(() => import('./RemoteUpdateBanner').then((module) => ({ default: module.RemoteUpdateBanner })));
const NotFoundPage = lazyChunk(() => import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

const useStyles = makeStyles({
  shell: { minHeight: '100vh', display: 'flex', flexDirection: 'column', color: tokens.colorNeutralForeground1 },
  main: { flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0, outlineStyle: 'none' },
  skip: {
    position: 'absolute',
    left: '-9999px',
    top: tokens.spacingVerticalS,
    zIndex: 200,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus': { left: tokens.spacingHorizontalS },
  },
  booting: { margin: 'auto', paddingTop: '20vh' },
  // Not the `hidden` attribute: a class's display wins over it.
  hidden: { display: 'none' },
});

/**
 * The page frame. The app containers are always rendered (hidden, never removed) because single-spa
 * mounts React roots inside them that this tree must not tear down.
 */
export const Shell = observer(function Shell(props: { registry: RemoteRegistry; location: LocationStore; updates: RemoteUpdates }) {
  const { ui, session } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  const ready = session.status === 'ready';
  const appLoading = useAppLoading(props.location.pathname);
  return (
    <div className={styles.shell}>
      {ui.maintenance && (
        <Suspense fallback={null}>
          <MaintenancePage />
        </Suspense>
      )}
      <div className={ui.maintenance ? styles.hidden : styles.shell}>
        <a href="#content" className={styles.skip}>
          {t('nav.skipToContent')}
        </a>
        <Header />
        <OfflineBanner />
        {props.updates.available.length > 0 && (
          <Suspense fallback={null}>
            <RemoteUpdateBanner updates={props.updates} />
          </Suspense>
        )}
        <main id="content" tabIndex={-1} className={styles.main}>
          {(!ready || appLoading) && <Spinner className={styles.booting} label={t('loading')} data-testid="app-loading" />}
          {PAGE_APPS.map((definition) => (
            <div key={definition.app} id={containerId(definition.app)} data-app={definition.app} />
          ))}
          {ready && !isKnownRoute(props.location.pathname) && (
            <Suspense fallback={null}>
              <NotFoundPage />
            </Suspense>
          )}
        </main>
      </div>
      <WalletParcelHost registry={props.registry} />
      <Alerts />
    </div>
  );
});
