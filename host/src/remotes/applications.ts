/** Registers the suite's single-spa applications (contract PAGE_APPS) on their routes. */
import { PAGE_APPS, type PageApp } from '@negayno/shared/contract';
import { getAppStatus, registerApplication, unregisterApplication, type LifeCycles } from 'single-spa';
import { onRemoteRetry } from './fallback';
import type { RemoteRegistry } from './registry';

export function containerId(app: string): string {
  return `app-${app}`;
}

/** A path no application serves: the host shows its not-found page. */
export function isKnownRoute(pathname: string): boolean {
  return PAGE_APPS.some((definition) => definition.matches(pathname));
}

export function registerApplications(registry: RemoteRegistry, isSignedIn: () => boolean): void {
  for (const definition of PAGE_APPS) {
    register(definition, registry, isSignedIn);
    onRemoteRetry(definition.remote, () => void retry(definition, registry, isSignedIn));
  }
}

function register(definition: PageApp, registry: RemoteRegistry, isSignedIn: () => boolean): void {
  registerApplication({
    name: definition.app,
    app: () => registry.load<LifeCycles>(definition.remote, 'app'),
    activeWhen: (location) => definition.matches(location.pathname) && (definition.public || isSignedIn()),
    customProps: { domElementGetter: () => document.getElementById(containerId(definition.app)) as HTMLElement },
  });
}

/** Unloads the fallback and registers the app again; single-spa mounts it if its route is active. */
async function retry(definition: PageApp, registry: RemoteRegistry, isSignedIn: () => boolean): Promise<void> {
  if (getAppStatus(definition.app) !== null) await unregisterApplication(definition.app);
  registry.forget(definition.remote);
  register(definition, registry, isSignedIn);
}
