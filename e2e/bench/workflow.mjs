// Issue 11 figures: a life-cycle action's server time (the HTTP round trip of `to-discussion`, one
// database transaction with the status, dates, chats, system line and notifications) and the time from
// that call in the manager's browser context to the moved card painted in the client's board (column 1
// "new" → column 2 "discussion").
import { launchChromium } from './lib/browser.mjs';
/* global window, document, MutationObserver, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { startServer } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';
import { contextApi } from './lib/api.mjs';

const SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES ?? 30);

async function signedIn(browser, url, email) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: url });
  const response = await context.request.post('/api/login', { data: { email, password: 'negayno-demo' } });
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()}`);
  return context;
}

export async function run() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const client = await signedIn(browser, server.url, 'admin@demo.test');
    const manager = await signedIn(browser, server.url, 'am@demo.test');
    const projects = await contextApi(client.request, 'get', '/api/projects');
    const projectId = projects.find((project) => project.name === 'Інтернет-магазин').id;
    const tasks = [];
    for (let index = 0; index <= SAMPLES; index += 1) {
      const task = await contextApi(client.request, 'post', `/api/project/${projectId}/new-task`, { name: `wf-${index}` });
      await contextApi(client.request, 'post', `/api/task/${task.id}/action/publish`, { negayno: false });
      tasks.push(task);
    }
    // The client's board filtered to these cards, so every moved card is within the painted window.
    const page = await client.newPage();
    await page.goto(`/project/${projectId}?taskName=wf-`);
    await page.getByTestId('column-1').getByTestId('task-card').first().waitFor();

    const calls = [];
    const moves = [];
    for (const [index, task] of tasks.entries()) {
      await page.evaluate((taskId) => {
        window.__benchMove = new Promise((resolve) => {
          const moved = () => document.querySelector(`[data-testid="column-2"] [data-testid="task-card"][data-task-id="${taskId}"]`);
          const observer = new MutationObserver(() => {
            if (!moved()) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(Date.now()));
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          setTimeout(() => resolve(Number.NaN), 10_000);
        });
      }, task.id);
      const started = Date.now();
      await contextApi(manager.request, 'post', `/api/task/${task.id}/action/to-discussion`, {});
      const answered = Date.now() - started;
      const shown = await page.evaluate(() => window.__benchMove);
      if (Number.isNaN(shown)) throw new Error(`task ${task.id} did not move in the client's board within 10 s`);
      // The first move is a warm-up (the server's first action, the page's first live move).
      if (index === 0) continue;
      calls.push(answered);
      moves.push(shown - started);
    }
    return [
      `action to-discussion, server round trip: ${summary(calls)}`,
      `action call sent → card painted in column 2 of the client's board: ${summary(moves)} (goal p95 ≤ 100 ms)`,
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
