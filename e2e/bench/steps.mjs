// Issue 32 figures: a life-cycle step, click → result painted. The sm sends an offer from an open task
// (the acting tab paints the offer card from the step's answer) while the client has the same task open
// (the offer card and the chat's system line arrive live); then the client accepts it (the acting tab
// paints the contract card) while the sm's tab is open. Each task is brought to "estimated" through the
// API first. On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, else PGlite.
/* global window, document, MutationObserver, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { launchChromium } from './lib/browser.mjs';
import { contextApi } from './lib/api.mjs';
import { summary } from './lib/stats.mjs';
import { UNLIMITED } from './lib/unlimited.mjs';
import { newPostgresDatabase, startServer } from '../support/server.mjs';

const SAMPLES = Number(process.env.BENCH_STEP_SAMPLES ?? 20);
const POSTGRES = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function signedIn(browser, url, email) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: url });
  const response = await context.request.post('/api/login', { data: { email, password: 'negayno-demo' } });
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()}`);
  return context;
}

/** A task of the demo shop, estimated by taras.dev and waiting for the sm's offer. */
async function estimatedTask(people, projectId, index) {
  const act = (who, taskId, action, body = {}) => contextApi(people[who].request, 'post', `/api/task/${taskId}/action/${action}`, body);
  const task = await contextApi(people.admin.request, 'post', `/api/project/${projectId}/new-task`, { name: `Крок ${index}` });
  await act('admin', task.id, 'publish', { negayno: false });
  await act('am', task.id, 'to-discussion');
  const { performers } = await contextApi(people.pm.request, 'get', `/api/task/${task.id}/actions`);
  await act('pm', task.id, 'to-estimation', { performerIds: [performers.find((p) => p.nickname === 'taras.dev').id] });
  await act('performer', task.id, 'finish-evaluation', {
    estimate: 'Оцінка для вимірювання',
    executionTime: 6,
    executionTimeBase: 5,
    delayStart: 4,
    dateAutoSendForCheck: null,
    jobItem: ['Перша частина', 'Друга частина'],
  });
  return task.id;
}

/**
 * Arms a probe in the page: `window.__painted[name]` resolves with the time of the first frame after an
 * element matching `selector` appears that is not among those present now (by `data-message-id` when the
 * elements have one), or NaN after 15 s.
 */
async function arm(page, name, selector) {
  await page.evaluate(
    ([probe, css]) => {
      const key = (element) => element.getAttribute('data-message-id') ?? element.getAttribute('data-number') ?? 'present';
      const before = new Set([...document.querySelectorAll(css)].map(key));
      window.__painted ??= {};
      window.__painted[probe] = new Promise((resolve) => {
        const found = () => [...document.querySelectorAll(css)].some((element) => !before.has(key(element)));
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        setTimeout(() => resolve(Number.NaN), 15_000);
      });
    },
    [name, selector],
  );
}

/**
 * The click as the page received it, on the machine's clock: measured from there, not from Playwright's
 * `click()`, whose checks that the button is visible and still (about 250 ms here) come before it.
 */
async function armClick(page) {
  await page.evaluate(() => {
    // The browser keeps 250 resource timings: room for the step's (answerOf).
    performance.clearResourceTimings();
    window.__clicked = new Promise((resolve) =>
      document.addEventListener('click', (event) => resolve(performance.timeOrigin + event.timeStamp), { capture: true, once: true }),
    );
  });
}

const clickedAt = (page) => page.evaluate(() => window.__clicked);

/** When the page had the answer of its last call whose address ends with `path`, on the machine's clock. */
function answerOf(page, path) {
  return page.evaluate((ending) => {
    const entry = performance
      .getEntriesByType('resource')
      .filter((resource) => resource.name.endsWith(ending))
      .pop();
    return entry ? performance.timeOrigin + entry.responseEnd : Number.NaN;
  }, path);
}

async function paintedAt(page, name) {
  const at = await page.evaluate((probe) => window.__painted[probe], name);
  if (Number.isNaN(at)) throw new Error(`${name} was not painted within 15 s`);
  return at;
}

export async function run() {
  const database = POSTGRES ? await newPostgresDatabase(POSTGRES, 'negayno_bench_steps') : undefined;
  const server = await startServer({ ...UNLIMITED, ...(database ? { DATABASE_URL: database.url } : {}) });
  const browser = await launchChromium();
  const figures = { sendOfferAnswer: [], sendOffer: [], offerLive: [], lineLive: [], acceptOffer: [], contractLive: [], postingLive: [] };
  try {
    const people = {};
    for (const who of ['admin', 'am', 'pm', 'sm', 'performer']) people[who] = await signedIn(browser, server.url, `${who}@demo.test`);
    const projects = await contextApi(people.admin.request, 'get', '/api/projects');
    const projectId = projects.find((project) => project.name === 'Інтернет-магазин').id;
    const tasks = [];
    for (let index = 0; index <= SAMPLES; index += 1) tasks.push(await estimatedTask(people, projectId, index));
    const sm = await people.sm.newPage();
    const client = await people.admin.newPage();
    // The client's other tab: the project's wallet open on its transactions, over a board filtered to no
    // card (a board drawing every step's card would share the two cores with the tabs being measured).
    // A window of its own, as the sm's: a second page of the client's window would be a background tab,
    // whose frames the browser holds back.
    const wallet = await (await signedIn(browser, server.url, 'admin@demo.test')).newPage();
    await wallet.goto(`/project/${projectId}?taskName=no-such-card`);
    await wallet.getByTestId('project-wallet').click();
    await wallet.getByTestId('transaction-row').first().waitFor();

    for (const [index, taskId] of tasks.entries()) {
      const url = `/task/${taskId}?projectId=${projectId}`;
      await Promise.all([sm.goto(url), client.goto(url)]);
      await sm.getByTestId('estimate-card').waitFor();
      await client.getByTestId('system-message').first().waitFor();

      await sm.getByTestId('action-send-offer').click();
      const dialog = sm.getByTestId('action-dialog-send-offer');
      await dialog.getByTestId('action-field-name').fill(`Пропозиція ${index}`);
      // A small price: twenty accepted offers must fit the demo project's balance.
      await dialog.getByTestId('action-field-price2').fill('100');
      await arm(sm, 'offer', '[data-testid="offer-card"]');
      await arm(client, 'offer', '[data-testid="offer-card"]');
      await arm(client, 'line', '[data-testid="system-message"]');
      await armClick(sm);
      await dialog.getByTestId('action-submit').click();
      const sent = await clickedAt(sm);
      const offer = { acting: await paintedAt(sm, 'offer'), live: await paintedAt(client, 'offer'), line: await paintedAt(client, 'line') };
      // Read once the card is painted: it is drawn from the answer, so the answer's timing is there by then.
      const sendOfferAnswered = await answerOf(sm, '/action/send-offer');

      await arm(client, 'contract', '[data-testid="contract-card"]');
      await arm(sm, 'contract', '[data-testid="contract-card"]');
      await arm(wallet, 'posting', '[data-testid="transaction-row"]');
      await armClick(client);
      await client.getByTestId('offer-accept').click();
      const accepted = await clickedAt(client);
      const contract = { acting: await paintedAt(client, 'contract'), live: await paintedAt(sm, 'contract'), posting: await paintedAt(wallet, 'posting') };

      // The first of each is a warm-up (the pages' first step, the server's first offer).
      if (index === 0) continue;
      figures.sendOfferAnswer.push(sendOfferAnswered - sent);
      figures.sendOffer.push(offer.acting - sent);
      figures.offerLive.push(offer.live - sent);
      figures.lineLive.push(offer.line - sent);
      figures.acceptOffer.push(contract.acting - accepted);
      figures.contractLive.push(contract.live - accepted);
      figures.postingLive.push(contract.posting - accepted);
    }
    return [
      `engine: ${database ? 'PostgreSQL' : 'PGlite'}`,
      `send-offer (sm), click → the step's answer received: ${summary(figures.sendOfferAnswer)}`,
      `send-offer (sm), click → offer card painted in the acting tab: ${summary(figures.sendOffer)} (goal p95 ≤ 300 ms)`,
      `accept-offer (client), click → contract card painted in the acting tab: ${summary(figures.acceptOffer)} (goal p95 ≤ 300 ms)`,
      `send-offer → the client's open task paints the offer card: ${summary(figures.offerLive)}`,
      `send-offer → the client's open chat paints the step's system line: ${summary(figures.lineLive)} (goal p95 ≤ 200 ms)`,
      `accept-offer → the sm's open task paints the contract card: ${summary(figures.contractLive)}`,
      `accept-offer → the client's other tab paints the escrow posting in the open wallet: ${summary(figures.postingLive)} (goal p95 ≤ 200 ms)`,
    ];
  } finally {
    await browser.close();
    await server.stop();
    await database?.drop();
  }
}
