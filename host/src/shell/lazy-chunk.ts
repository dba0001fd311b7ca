import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for the shell's deferred parts, but a chunk that could not be fetched because the browser
 * is offline is fetched again once it is back online. Until then the part shows its Suspense fallback:
 * with plain React.lazy the failed import would throw through the shell and take the whole page down,
 * the offline banner with it (the resilience spec saw it when the page went offline before the header's
 * deferred menus had arrived). Webpack forgets a chunk whose load failed, so the second import fetches
 * it again. A failure while online (a chunk gone after a deploy) still throws, as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own: any component
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => load().catch((error: unknown): Promise<{ default: T }> => (navigator.onLine ? Promise.reject(error) : onceOnline().then(load))));
}

function onceOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
