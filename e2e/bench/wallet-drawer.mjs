// Issue 10 figure: the wallet drawer's open time, a click on the project's balance → the monthly chart
// and the first 20 statement rows painted, for a project with 30 completed card top-ups.
import { launchChromium } from './lib/browser.mjs';
/* global document, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { startServer } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';
import { contextApi } from './lib/api.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TOP_UPS = 30;
const FIRST_PAGE = 20;

/** One open: click the balance in the project's header, then wait for the frame with the chart's bars and 20 rows. */
async function openOnce(page, projectUrl) {
  await page.goto(projectUrl);
  const button = page.getByTestId('project-wallet');
  await button.waitFor();
  await page.evaluate(() => {
    document.addEventListener('click', () => performance.mark('wallet:click'), { capture: true, once: true });
  });
  await button.click();
  return page.evaluate(
    (rows) =>
      new Promise((resolve) => {
        const painted = () =>
          document.querySelector('[data-testid="wallet-chart"] svg') && document.querySelectorAll('[data-testid="transaction-row"]').length >= rows;
        const check = () => {
          if (painted()) requestAnimationFrame(() => resolve(performance.now() - performance.getEntriesByName('wallet:click')[0].startTime));
          else requestAnimationFrame(check);
        };
        check();
      }),
    FIRST_PAGE,
  );
}

export async function run() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url });
    await contextApi(context.request, 'post', '/api/login', { email: 'admin@demo.test', password: 'negayno-demo' });
    const project = await contextApi(context.request, 'post', '/api/project/new', { name: 'Bench wallet' });
    for (let index = 0; index < TOP_UPS; index += 1) {
      const checkout = await contextApi(context.request, 'post', `/api/project/${project.id}/balance/payment`, { amount: 100_000 + index });
      await contextApi(context.request, 'post', `/api/payment/test/${checkout.orderId}`, { result: 'success' });
    }
    const page = await context.newPage();
    const projectUrl = `${server.url}/project/${project.id}`;
    await openOnce(page, projectUrl);
    const opens = [];
    for (let run = 0; run < RUNS; run += 1) opens.push(await openOnce(page, projectUrl));
    return [`wallet drawer open, ${TOP_UPS} top-ups, click → chart and first ${FIRST_PAGE} rows painted: ${summary(opens)}`];
  } finally {
    await browser.close();
    await server.stop();
  }
}
