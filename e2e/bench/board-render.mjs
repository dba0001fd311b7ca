// Issue 4 browser figures on projects of 2,000, 5,000 and 10,000 tasks (negayno-admin bench-project):
// board render from the tasks answer to painted columns (the board's own `board:render` measure), from
// navigation to the first cards painted, the longest main-thread task of that first paint, a scroll of
// the biggest board's longest column to its end (frames over 50 ms, long tasks), and the latency of a
// `task.update` from a create call to the card painted in a second browser's board.
import { launchChromium } from './lib/browser.mjs';
/* global window, document, MutationObserver, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { newDataDir, runAdmin, startServer } from '../support/server.mjs';
import { firstPaintFigures, recordLongTasks, scrollLongestColumn } from './lib/board-probes.mjs';
import { summary } from './lib/stats.mjs';

const SIZES = (process.env.BENCH_BOARD_TASKS ?? '2000,5000,10000').split(',').map(Number);
const RENDER_RUNS = Number(process.env.BENCH_RUNS ?? 9);
const LIVE_SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES ?? 30);

export async function signedInPage(browser, url, email = 'admin@demo.test') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const response = await context.request.post(`${url}/api/login`, { data: { email, password: 'negayno-demo' } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()}`);
  const page = await context.newPage();
  await page.addInitScript(recordLongTasks);
  return { context, page };
}

/** Loads the board and answers the first paint's figures of that load (see firstPaintFigures). */
export async function renderOnce(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('board:render', 'measure').length > 0, undefined, { timeout: 60_000 });
  return page.evaluate(firstPaintFigures);
}

export function benchProject(dataDir, tasks) {
  return Number(
    runAdmin(dataDir, ['bench-project', '--tasks', String(tasks)])
      .trim()
      .split('\n')
      .pop(),
  );
}

/** The first paint figures of one board, loaded RENDER_RUNS times after a warm-up load. */
export async function renderFigures(page, boardUrl) {
  await renderOnce(page, boardUrl);
  const counters = await page.getByTestId('column-count').allInnerTexts();
  const cards = counters.reduce((sum, text) => sum + Number(text), 0);
  const painted = await page.getByTestId('task-card').count();
  const runs = [];
  for (let index = 0; index < RENDER_RUNS; index += 1) runs.push(await renderOnce(page, boardUrl));
  const of = (key) => runs.map((figures) => figures[key]);
  return [
    `${cards} cards (${painted} in the DOM at first): tasks answer → painted columns ${summary(of('render'))} (goal ≤ 200 ms at 5,000)`,
    `  navigation → first cards painted: ${summary(of('navigation'))}`,
    `  longest main-thread task overlapping answer → paint: ${summary(of('longestTask'))}`,
  ];
}

export async function run() {
  const lines = [];
  const dataDir = newDataDir();
  const projects = SIZES.map((tasks) => ({ tasks, id: benchProject(dataDir, tasks) }));
  const server = await startServer({}, { dataDir });
  const browser = await launchChromium();
  try {
    const viewer = await signedInPage(browser, server.url);
    for (const project of projects) lines.push(...(await renderFigures(viewer.page, `${server.url}/project/${project.id}`)));

    const biggest = projects.at(-1);
    await renderOnce(viewer.page, `${server.url}/project/${biggest.id}`);
    const scroll = await viewer.page.evaluate(scrollLongestColumn);
    lines.push(
      `scrolling the longest column of the ${biggest.tasks}-task board to its end${scroll.reachedEnd ? '' : ' (END NOT REACHED)'}: ` +
        `${scroll.slowFrames} frames over 50 ms of ${scroll.frames}, ${scroll.longTasks} long tasks (longest ${scroll.longestTask.toFixed(0)} ms), ` +
        `${scroll.seconds.toFixed(1)} s, ${scroll.cardsInDom} cards of the column in the DOM at the end`,
    );

    const projectId = projects[0].id;
    const boardUrl = `${server.url}/project/${projectId}`;
    // Browser A creates through the API; browser B shows the board and waits for the card to paint.
    // B's board is filtered to the created cards: long columns render their first cards only (windowing),
    // so an unfiltered board would count a new card that sorts below the fold as "never painted".
    const author = await signedInPage(browser, server.url);
    await author.context.request.post(`${server.url}/api/project/${projectId}/new-task`, { data: { name: 'live-warm-up' } });
    await viewer.page.goto(`${boardUrl}?taskName=live-`);
    await viewer.page.getByTestId('task-card').first().waitFor();
    const latencies = [];
    const creates = [];
    for (let index = 0; index < LIVE_SAMPLES; index += 1) {
      const name = `live-${index}-${Date.now()}`;
      await viewer.page.evaluate((wanted) => {
        window.__benchCard = new Promise((resolve) => {
          const seen = () => [...document.querySelectorAll('[data-testid="task-card"]')].some((card) => card.textContent.includes(wanted));
          const observer = new MutationObserver(() => {
            if (!seen()) return;
            observer.disconnect();
            // The card is in the DOM; the next frame is when it is painted.
            requestAnimationFrame(() => resolve(Date.now()));
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          setTimeout(() => resolve(Number.NaN), 10_000);
        });
      }, name);
      const started = Date.now();
      const response = await author.context.request.post(`${server.url}/api/project/${projectId}/new-task`, { data: { name } });
      creates.push(Date.now() - started);
      if (!response.ok()) throw new Error(`new-task failed: ${response.status()}`);
      const shown = await viewer.page.evaluate(() => window.__benchCard);
      if (Number.isNaN(shown)) throw new Error(`the card ${name} did not appear in the second browser within 10 s`);
      latencies.push(shown - started);
    }
    lines.push(
      `task.update to a second browser (its board filtered to the new cards), create call sent → card painted: ${summary(latencies)} (goal p95 < 100 ms)`,
    );
    lines.push(`  of which the create call itself (HTTP round trip): ${summary(creates)}`);
    await author.context.close();
    await viewer.context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  return lines;
}
