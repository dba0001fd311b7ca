/**
 * Route rules around the session: signed-out visitors of a private route go to login (and come back
 * after it); signed-in users on a sign-in or registration screen go home.
 */
import { redirectFor } from '@negayno/shared/contract';
import { navigate } from '@negayno/shared/lib';
import type { RootStore } from '@negayno/shared/stores';
import { reaction } from 'mobx';
import type { LocationStore } from './location-store';

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
