/**
 * Route rules around the session: signed-out visitors of a private route go to login (and come back
 * after it); signed-in users on a sign-in or registration screen go home.
 */
import { ROUTES, isPublicRoute } from '@negayno/shared/contract';
import { navigate } from '@negayno/shared/lib';
import type { RootStore } from '@negayno/shared/stores';
import { reaction } from 'mobx';
import type { LocationStore } from './location-store';

/** Screens a signed-in user has no business on. /login-as stays open: it signs in as someone else. */
const SIGNED_OUT_ONLY = [ROUTES.login, ROUTES.register, ROUTES.wregister, ROUTES.restorePassword];

/**
 * Where to send the user, or null to stay. `rememberPath` is false after a deliberate sign-out:
 * coming back to the page one just left by signing out would surprise.
 */
export function redirectFor(pathname: string, search: string, signedIn: boolean, rememberPath = true): string | null {
  if (!signedIn && !isPublicRoute(pathname)) {
    const back = pathname === ROUTES.home || !rememberPath ? '' : `?next=${encodeURIComponent(pathname + search)}`;
    return `${ROUTES.login}${back}`;
  }
  if (signedIn && SIGNED_OUT_ONLY.includes(pathname as (typeof SIGNED_OUT_ONLY)[number])) {
    const next = new URLSearchParams(search).get('next');
    // Only same-site paths: an open redirect would let a link send a user anywhere after login.
    return next && next.startsWith('/') && !next.startsWith('//') ? next : ROUTES.home;
  }
  return null;
}

export function guardRoutes(root: RootStore, location: LocationStore): () => void {
  return reaction(
    () => ({
      ready: root.session.status === 'ready',
      signedIn: root.session.isAuthenticated,
      signedOut: root.session.endedBySignOut,
      pathname: location.pathname,
      search: location.search,
    }),
    ({ ready, signedIn, signedOut, pathname, search }) => {
      if (!ready) return;
      const target = redirectFor(pathname, search, signedIn, !signedOut);
      if (target) navigate(target, { replace: true });
    },
    { fireImmediately: true },
  );
}
