/**
 * The page's address as mf-auth's screens read it. Five fixed paths need no router: react-router cost
 * the login page about 10 kB gzip (docs/perf.md, issue 17). single-spa fires popstate for every
 * pushState and replaceState of any app, then its own routing event, so both keep this current.
 */
import { useMemo, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener('single-spa:routing-event', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('single-spa:routing-event', onChange);
  };
}

const pathnameNow = () => window.location.pathname;
const searchNow = () => window.location.search;

/** The current path, re-rendering on every navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, pathnameNow);
}

/** The current query, re-rendering on every navigation. */
export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, searchNow);
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Whether a path is a route's, as a router matches a static route: any case, a trailing slash allowed. */
export function isRoute(pathname: string, route: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return path.toLowerCase() === route.toLowerCase();
}
