/**
 * The host: the single-spa root config. It renders the frame, restores the session, registers the
 * remotes of remotes.json and the applications on their routes, then starts single-spa.
 */
import { namespacesOfPage, SESSION_HINT_COOKIE } from '@negayno/shared/contract';
import { initI18n, loadNamespaces } from '@negayno/shared/i18n';
import { readCookie } from '@negayno/shared/lib';
import { rootStore } from '@negayno/shared/stores';
import { RemoteRoot, themes } from '@negayno/shared/ui';
import { autorun, reaction } from 'mobx';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { start, triggerAppChange } from 'single-spa';
import { registerApplications } from './remotes/applications';
import { fallbackLifecycles } from './remotes/fallback';
import { fetchManifest, type RemotesManifest } from './remotes/manifest';
import { RemoteRegistry } from './remotes/registry';
import { RemoteUpdates } from './remotes/updates';
import { Shell } from './shell/Shell';
import { listenToApiFailures } from './system/api-failures';
import { guardRoutes } from './system/auth-guard';
import { listenToConnectivity } from './system/connectivity';
import { openWalletOnCheckoutReturn } from './system/checkout-return';
import { listenToOtherTabs } from './system/cross-tab';
import { LocationStore } from './system/location-store';
import { prefetchForSignIn } from './system/sign-in-prefetch';
import { startVersionChecks } from './system/version-check';

export async function boot(): Promise<void> {
  const wordsLoaded = initI18n();
  const location = new LocationStore();
  // The words of the apps this page ends up showing (the login form, signed out), the ones the server
  // preloaded for it: both read the contract's table with the same session hint.
  const signedInHint = readCookie(SESSION_HINT_COOKIE) !== null;
  void loadNamespaces(namespacesOfPage(location.pathname, location.search, signedInHint));
  listenToApiFailures(rootStore);
  listenToConnectivity(rootStore);
  listenToOtherTabs(rootStore);
  paintDocumentWithTheme();

  const registry = new RemoteRegistry((remote) => fallbackLifecycles(remote));
  const updates = new RemoteUpdates(registry, () => rootStore.session.user?.id ?? null);
  const startup = Promise.all([fetchManifest().catch((): RemotesManifest => ({})), rootStore.session.bootstrap().catch(() => undefined)]);
  // The frame's words come in their own small chunk, asked for in parallel with the session; so do
  // the words of the apps on this route, which would otherwise wait for their code.
  await wordsLoaded;
  renderShell(registry, location, updates);

  const [manifest] = await startup;
  registry.register(manifest, rootStore.session.user?.id ?? null);
  registerApplications(registry, () => rootStore.session.isAuthenticated);
  openWalletOnCheckoutReturn(rootStore);
  guardRoutes(rootStore, location);
  prefetchForSignIn(rootStore, registry);
  // Applications that need a session become active (or inactive) when it starts or ends.
  reaction(
    () => rootStore.session.isAuthenticated,
    () => {
      registry.adoptUser(rootStore.session.user?.id ?? null);
      void triggerAppChange();
    },
  );
  start({ urlRerouteOnly: true });
  // Decisions 5: an install running the test provider says on every page that payments are not real.
  startVersionChecks(
    () => updates.check(),
    (info) => info.testPayments && rootStore.alerts.push({ intent: 'warning', textKey: 'common:testPayments', persistent: true }),
  );
}

function renderShell(registry: RemoteRegistry, location: LocationStore, updates: RemoteUpdates): void {
  const container = document.getElementById('root') as HTMLElement;
  const root = createRoot(container);
  // Synchronously: the app containers must exist before single-spa mounts anything into them.
  flushSync(() =>
    root.render(
      <RemoteRoot name="host">
        <Shell registry={registry} location={location} updates={updates} />
      </RemoteRoot>,
    ),
  );
  document.getElementById('boot-splash')?.remove();
}

/** The page background and the browser's colour scheme follow the theme in use. */
function paintDocumentWithTheme(): void {
  autorun(() => {
    const name = rootStore.ui.effectiveTheme;
    document.body.style.backgroundColor = themes[name].colorNeutralBackground2;
    document.documentElement.style.colorScheme = name;
    document.documentElement.dataset.theme = name;
  });
}
