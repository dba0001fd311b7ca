/**
 * Runs `task` when the main thread next idles (within `timeout` ms at the latest), for work a screen
 * can do later than its first paint: fetching code the next click will need. Browsers without
 * `requestIdleCallback` (Safari) run it a second later.
 */
export function whenIdle(task: () => void, timeout = 3000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, 1000);
}
