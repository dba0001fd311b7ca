// Issue 39: a board opened cold (a new browser context: no cache, no service state), as a person who
// follows a link to their project does. Figures per board size: navigation → the first card in the DOM
// and painted, and when the board's answer arrived (its resource timing's responseEnd), both from the
// navigation's start. Also the answer's raw size. On the default install's engine (PGlite).
import { launchChromium } from './lib/browser.mjs';
/* global window, document, requestAnimationFrame, MutationObserver -- the page.evaluate callbacks run in the browser */
import { newDataDir, startServer } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';
import { benchProject } from './board-render.mjs';

const SIZES = (process.env.BENCH_BOARD_TASKS ?? '2000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

/** Resolves, in the page, with the time (from navigation start) of the frame that first shows a card. */
function firstCardPainted() {
  return new Promise((resolve) => {
    const painted = () => requestAnimationFrame(() => resolve(performance.now()));
    if (document.querySelector('[data-testid="task-card"]')) return painted();
    new MutationObserver((_changes, observer) => {
      if (!document.querySelector('[data-testid="task-card"]')) return;
      observer.disconnect();
      painted();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Slow 4G as the issue names it (1.6 Mbit/s down, 150 ms), and a phone's CPU (×4). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const SLOW_RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 3);

async function coldLoad(browser, url, projectId, { slow = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const login = await context.request.post(`${url}/api/login`, { data: { email: 'admin@demo.test', password: 'negayno-demo' } });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    const page = await context.newPage();
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    // Registered before the page's own scripts: it sees the first card whenever it comes.
    await page.addInitScript(`window.__firstCard = (${firstCardPainted.toString()})();`);
    await page.goto(`${url}/project/${projectId}`, { waitUntil: 'commit' });
    const firstCard = await page.evaluate(() => window.__firstCard);
    const answer = await page.evaluate((id) => {
      const entry = performance.getEntriesByType('resource').find((resource) => new URL(resource.name).pathname === `/api/project/${id}/tasks`);
      return entry ? { at: entry.responseEnd, bytes: entry.decodedBodySize } : null;
    }, projectId);
    return { firstCard, answerAt: answer?.at ?? NaN, bytes: answer?.bytes ?? NaN };
  } finally {
    await context.close();
  }
}

export async function run() {
  const dataDir = newDataDir();
  const projects = SIZES.map((tasks) => ({ tasks, id: benchProject(dataDir, tasks) }));
  const server = await startServer({}, { dataDir });
  const browser = await launchChromium();
  const lines = [`PGlite, ${RUNS} cold loads per board after a warm-up`];
  try {
    for (const project of projects) {
      await coldLoad(browser, server.url, project.id);
      const runs = [];
      for (let index = 0; index < RUNS; index += 1) runs.push(await coldLoad(browser, server.url, project.id));
      lines.push(
        `${project.tasks} cards: navigation → first card painted ${summary(runs.map((figures) => figures.firstCard))} (goal median ≤ 1,000 ms)`,
        `  navigation → the board's answer received ${summary(runs.map((figures) => figures.answerAt))}; answer ${(runs[0].bytes / 1024).toFixed(0)} kB raw (goal ≤ 100 kB)`,
      );
    }
    const smallest = projects[0];
    const slow = [];
    for (let index = 0; index < SLOW_RUNS; index += 1) slow.push(await coldLoad(browser, server.url, smallest.id, { slow: true }));
    lines.push(
      `${smallest.tasks} cards on slow 4G (1.6 Mbit/s, 150 ms) with CPU ×4: navigation → first card painted ${summary(slow.map((figures) => figures.firstCard))} (goal ≤ 3 s)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
  return lines;
}
