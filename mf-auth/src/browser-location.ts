/**
 * The page's address as mf-auth's screens read it, current after every navigation of any app. Five
 * fixed paths need no router: react-router cost the login page about 10 kB gzip (docs/perf.md, issue 17).
 */
import { onNavigation } from '@negayno/shared/lib';
import { useMemo, useSyncExternalStore } from 'react';

const pathnameNow = () => window.location.pathname;
const searchNow = () => window.location.search;

/** The current path, re-rendering on every navigation. */
export function usePathname(): string {
  return useSyncExternalStore(onNavigation, pathnameNow);
}

/** The current query, re-rendering on every navigation. */
export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(onNavigation, searchNow);
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Whether a path is a route's, as a router matches a static route: any case, a trailing slash allowed. */
export function isRoute(pathname: string, route: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return path.toLowerCase() === route.toLowerCase();
}
