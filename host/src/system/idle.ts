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
