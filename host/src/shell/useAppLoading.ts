import { useEffect, useState } from 'react';
import { MOUNTED, checkActivityFunctions, getAppStatus } from 'single-spa';

/**
 * Whether the page is waiting for its application: the route has apps to show and none of them is
 * mounted yet (its remote is still downloading). The shell shows a spinner meanwhile, so a screen
 * is never blank while its module loads.
 */
export function useAppLoading(pathname: string): boolean {
  const [, setSettled] = useState(0);
  useEffect(() => {
    // single-spa fires this once every app of a route change is mounted or unmounted.
    const onRouted = () => setSettled((count) => count + 1);
    window.addEventListener('single-spa:routing-event', onRouted);
    return () => window.removeEventListener('single-spa:routing-event', onRouted);
  }, []);
  // The apps' activity rules read the pathname only; a URL stands in for the Location they expect.
  const active = checkActivityFunctions(new URL(pathname, window.location.href) as unknown as Location);
  return active.length > 0 && !active.some((app) => getAppStatus(app) === MOUNTED);
}
