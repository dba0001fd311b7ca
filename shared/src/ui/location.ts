/**
 * The page's address as an app with one or a few fixed routes reads it (mf-auth, the task drawer, the
 * profile), current after every navigation of any app. Such an app needs no router of its own:
 * react-router cost each of them about 13 kB gzip (docs/perf.md, issue 17). The board, with its
 * parameterised routes, links and query-driven filter, keeps react-router.
 */
import { decodedOrAsIs, onNavigation } from '@negayno/shared/lib';
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

/** A path as a router matches it: a trailing slash allowed. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Whether a path is a static route's, in any letter case. */
export function isRoute(pathname: string, route: string): boolean {
  return withoutTrailingSlash(pathname).toLowerCase() === withoutTrailingSlash(route).toLowerCase();
}

/**
 * The parameters of a path matched against a pattern with `:name` segments (`/task/:taskId`), or null
 * when it does not match. Parameter values keep their letter case and are decoded; one that is not a
 * well-formed escape is given as it is, as a router does, for its screen to refuse as an unknown id.
 */
export function matchRoute(pathname: string, pattern: string): Record<string, string> | null {
  const segments = withoutTrailingSlash(pathname).split('/');
  const expected = pattern.split('/');
  if (segments.length !== expected.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const segment = segments[index];
    if (part.startsWith(':')) {
      if (segment === '') return null;
      params[part.slice(1)] = decodedOrAsIs(segment);
    } else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
}
