// The JavaScript a page fetches while an action runs: every script's URL, the bytes that crossed the
// wire (as the server sent them: brotli or gzip) and its gzip size at level 9 (the unit of the
// budgets in docs/perf.md). Shared by the size benchmark and the login budget spec.
import { gzipSync } from 'node:zlib';

/** `mf-auth` for `/remotes/mf-auth/…`, `host` for everything else. */
export function appOfScript(url) {
  const match = /\/remotes\/([^/]+)\//.exec(new URL(url).pathname);
  return match ? match[1] : 'host';
}

/**
 * Runs `action` and answers the scripts fetched meanwhile, in the order they arrived:
 * `{ url, app, file, startedAt, transfer, encoding, gzip, raw }` (startedAt: epoch ms of the request).
 */
export async function scriptsFetchedDuring(page, action) {
  const scripts = [];
  const pending = [];
  const onResponse = (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        try {
          const body = await response.body();
          const sizes = await response.request().sizes();
          const url = response.url();
          scripts.push({
            url,
            app: appOfScript(url),
            file: new URL(url).pathname.split('/').pop(),
            startedAt: response.request().timing().startTime,
            transfer: sizes.responseBodySize,
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
            gzip: gzipSync(body, { level: 9 }).length,
            raw: body.length,
          });
        } catch {
          // A script whose body is gone (the page navigated away) is not counted.
        }
      })(),
    );
  };
  page.on('response', onResponse);
  try {
    await action();
    await Promise.all(pending);
  } finally {
    page.off('response', onResponse);
  }
  return scripts;
}

export const sum = (scripts, key) => scripts.reduce((total, script) => total + script[key], 0);

/** The host marks when the first screen is up and deferred work begins (host/src/system/idle.ts). */
export const FIRST_SCREEN_MARK = 'negayno:after-first-screen';

/**
 * Resolves once the task drawer's module chunk has come: the host fetches it once a board's cards are
 * painted and the page idles (host/src/system/sign-in-prefetch.ts).
 */
export async function drawerCodeFetched(page, timeout = 30_000) {
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/remotes/mf-task-chat/__federation_expose_app')),
    undefined,
    { timeout },
  );
}

/** The board measures from its tasks answer to the columns painted (mf-board KanbanBoard.tsx). */
export const BOARD_PAINTED_MEASURE = 'board:render';

/**
 * Splits the scripts into those asked for before a page's performance entry ended and those asked
 * for after it: by default the host's first-screen mark (what came later is the board prefetched for
 * after sign-in, the language menu); with BOARD_PAINTED_MEASURE, what came once the board's cards were
 * painted (the task drawer's prefetch).
 */
export async function splitAtFirstScreen(page, scripts, entryName = FIRST_SCREEN_MARK) {
  const startedAt = await page.evaluate((name) => {
    const entries = performance.getEntriesByName(name);
    const entry = entries[entries.length - 1];
    return entry ? performance.timeOrigin + entry.startTime + entry.duration : null;
  }, entryName);
  if (startedAt === null) return { own: scripts, later: [] };
  return { own: scripts.filter((script) => script.startedAt < startedAt), later: scripts.filter((script) => script.startedAt >= startedAt) };
}
