/**
 * Shortens the way from the sign-in click to a painted board (issue 16: login → board module →
 * projects → project → tasks ran one after another). What does not depend on an earlier answer starts
 * at once: the board's module downloads while a signed-out visitor is on the login screen, and the
 * projects list is asked for the moment a session starts, while the board module mounts (home asking
 * for it too joins the same request: the API client shares a named request in flight).
 */
import type { RootStore } from '@negayno/shared/stores';
import { reaction } from 'mobx';
import type { RemoteRegistry } from '../remotes/registry';
import { afterFirstScreen } from './idle';

export function prefetchForSignIn(root: RootStore, registry: RemoteRegistry): () => void {
  // With a canary of the board running, which version to load is known only once the user has signed in.
  if (!root.session.isAuthenticated && !registry.hasCanary('mf_board')) {
    afterFirstScreen(() => void registry.load('mf_board', 'app').catch(() => undefined));
  }
  return reaction(
    () => root.session.isAuthenticated,
    (signedIn) => {
      if (signedIn) void root.projects.load().catch(() => undefined);
    },
  );
}
