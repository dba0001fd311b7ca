import { ROUTES } from '@negayno/shared/contract';
import { whenIdle } from '@negayno/shared/lib';
import { getMountedApps } from 'single-spa';

const FIRST_SCREEN_MARK = 'negayno:after-first-screen';

/**
 * Runs `task` once the first screen is up (an application has mounted, or the one `isUp` waits for)
 * and the page is idle, so work that can wait never competes with that screen's own chunks: an idle
 * callback alone fires while those chunks are still on the way (the main thread idles while it waits
 * for the network).
 */
export function afterFirstScreen(task: () => void, isUp: (mounted: string[]) => boolean = (mounted) => mounted.length > 0): void {
  const run = () => {
    // The size benchmark and the login budget spec count what comes after this mark as deferred work.
    if (performance.getEntriesByName(FIRST_SCREEN_MARK).length === 0) performance.mark(FIRST_SCREEN_MARK);
    task();
  };
  const idle = () => whenIdle(run);
  if (isUp(getMountedApps())) return idle();
  const onChange = () => {
    if (!isUp(getMountedApps())) return;
    window.removeEventListener('single-spa:app-change', onChange);
    idle();
  };
  window.addEventListener('single-spa:app-change', onChange);
}

/** A board that never paints (it failed, the person left) still lets the deferred work run. */
const BOARD_PAINT_PATIENCE_MS = 15_000;

/**
 * Runs `task` after the first screen (as `afterFirstScreen`) and, on a page that shows a board, once its
 * cards are painted (the board's `board:render` measure): work no first paint needs (the header's
 * search) never competes with the cards' chunks and answer, which an idle moment alone does not promise.
 */
export function afterFirstContent(task: () => void): void {
  afterFirstScreen(() => {
    const started = Date.now();
    const { pathname } = window.location;
    const board = pathname === ROUTES.home || pathname.startsWith(`${ROUTES.project}/`) || pathname.startsWith(`${ROUTES.task}/`);
    const check = () => {
      if (!board || performance.getEntriesByName('board:render').length > 0 || Date.now() - started > BOARD_PAINT_PATIENCE_MS) task();
      else setTimeout(check, 200);
    };
    check();
  });
}
