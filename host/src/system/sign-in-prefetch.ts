/**
 * Shortens the way from the sign-in click to a painted board (issue 16: login → board module →
 * projects → project → tasks ran one after another). What does not depend on an earlier answer starts
 * at once: the board's module downloads while a signed-out visitor is on the login screen, and the
 * moment a session starts the work stores (`@negayno/shared/work-stores`, which a signed-out page never
 * loads) come and ask for the projects list, while the board module mounts (home asking for it too
 * joins the same request: the API client shares a named request in flight). Signed in, the task
 * drawer's module follows once the board has painted its cards.
 */
import type { RootStore } from '@negayno/shared/stores';
import { reaction, when } from 'mobx';
import type { RemoteRegistry } from '../remotes/registry';
import { afterFirstScreen } from './idle';

export function prefetchForSignIn(root: RootStore, registry: RemoteRegistry): () => void {
  // With a canary of the board running, which version to load is known only once the user has signed in.
  if (!root.session.isAuthenticated && !registry.hasCanary('mf_board')) {
    afterFirstScreen(() => void registry.load('mf_board', 'app').catch(() => undefined));
  }
  const stopProjects = reaction(
    () => root.session.isAuthenticated,
    (signedIn) => {
      if (signedIn) void import('@negayno/shared/work-stores').then(({ workStores }) => workStores.projects.load()).catch(() => undefined);
    },
  );
  // The task drawer is what a signed-in person opens from every board: its code is fetched and run
  // once the board has painted its cards and the page idles, so a click on a card waits for no script
  // (measured: 25–40 ms of a click → chat ready). Not sooner: on a slow network its 75 kB would share
  // the line with the board's own tasks answer (docs/perf.md, issue 17). By then the user is known,
  // and with it their side of a canary.
  const stopDrawer = reaction(
    () => root.session.isAuthenticated,
    (signedIn) => {
      if (!signedIn) return;
      void import('@negayno/shared/work-stores')
        .then(({ workStores }) => when(() => workStores.board.status !== 'idle' && workStores.board.status !== 'loading'))
        .then(() =>
          afterFirstScreen(
            () => void registry.load('mf_task_chat', 'app').catch(() => undefined),
            (mounted) => mounted.includes('mf-board'),
          ),
        )
        .catch(() => undefined);
    },
    { fireImmediately: true },
  );
  return () => {
    stopProjects();
    stopDrawer();
  };
}
