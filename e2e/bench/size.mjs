// Issue 17 figures: the JavaScript each page makes a first-time visitor download (login, board after
// sign-in, the task drawer, the wallet, the profile), each in a fresh browser context (cold cache):
// every script with the bytes sent (brotli or gzip, as served), its gzip-9 size (the budgets' unit) and
// the packages it holds, by bytes of minified code (from the build's .stats/chunks.json, written from the
// source maps by shared/webpack/chunk-report-plugin.cjs);
// then navigation → interactive login form, plain and under a slow mobile network.
// `npm run bench -- size`; BENCH_SIZE_JSON=<file> also writes everything measured as JSON.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './lib/browser.mjs';
import { repoRoot, startServer } from '../support/server.mjs';
import { BOARD_PAINTED_MEASURE, drawerCodeFetched, scriptsFetchedDuring, splitAtFirstScreen, sum } from '../support/scripts-fetched.mjs';
import { summary } from './lib/stats.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const SLOW_RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 5);
const PASSWORD = 'negayno-demo';
/** Chromium's emulation of a slow mobile network, as the issue gives it. */
const SLOW_MOBILE = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** file name → packages of the chunk, per app, from the builds' chunk reports. */
function chunkContents() {
  const contents = new Map();
  for (const app of ['host', ...JSON.parse(readFileSync(join(repoRoot, 'shared/src/contract/remotes.json'), 'utf8'))]) {
    const report = join(repoRoot, app, '.stats', 'chunks.json');
    if (!existsSync(report)) continue;
    for (const chunk of JSON.parse(readFileSync(report, 'utf8')).chunks) {
      for (const file of chunk.files) contents.set(`${app}/${file}`, chunk.packages);
    }
  }
  return contents;
}

/** `react-dom 64%, scheduler 1%`: the packages making up most of a chunk's minified code. */
function describe(packages) {
  if (!packages) return '?';
  const total = Object.values(packages).reduce((a, b) => a + b, 0) || 1;
  const named = Object.entries(packages).filter(([name]) => !name.startsWith('('));
  const shown = named.slice(0, 5).map(([name, bytes]) => `${name} ${Math.round((bytes / total) * 100)}%`);
  if (named.length > 5) shown.push(`+${named.length - 5} more`);
  return shown.join(', ') || 'federation runtime modules';
}

async function signInByForm(page, email = 'admin@demo.test') {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-email').press('Enter');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

async function signedInContext(browser, url, email = 'admin@demo.test') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const response = await context.request.post(`${url}/api/login`, { data: { email, password: PASSWORD } });
  if (!response.ok()) throw new Error(`login of ${email}: ${response.status()}`);
  return context;
}

/**
 * Waits for the board's first card, then for the task drawer's code the host fetches once the cards
 * are painted and the page idles, so that it is not counted in the step after.
 */
async function boardWithItsPrefetch(page) {
  await page.getByTestId('task-card').first().waitFor();
  await drawerCodeFetched(page);
  await networkQuiet(page);
}

/**
 * Resolves once no request has been in flight for `quietMs`. Playwright's `networkidle` is reached
 * once per page: after the first step it no longer waits for what a later step fetches.
 */
async function networkQuiet(page, quietMs = 800) {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    while (inFlight > 0 || Date.now() - lastChange < quietMs) await page.waitForTimeout(100);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** The pages measured: each answers its scripts in steps (`first screen`, then what follows). */
function pages(browser, url) {
  return [
    {
      name: 'login',
      async measure() {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        const scripts = await scriptsFetchedDuring(page, async () => {
          await page.goto(`${url}/login`);
          await page.getByTestId('login-email').waitFor();
          // Once the form is up and the page idle, the host fetches the board for after sign-in.
          await page.waitForTimeout(4000);
          await page.waitForLoadState('networkidle');
        });
        const { own, later } = await splitAtFirstScreen(page, scripts);
        await context.close();
        return { steps: [['login form interactive', own]], after: [['once the form is up, while idle (language menu, the board for after sign-in)', later]] };
      },
    },
    {
      name: 'board after sign-in',
      async measure() {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        const login = await scriptsFetchedDuring(page, async () => {
          await page.goto(`${url}/login`);
          await page.getByTestId('login-email').waitFor();
        });
        const board = await scriptsFetchedDuring(page, async () => {
          await signInByForm(page);
          await boardWithItsPrefetch(page);
        });
        const { own, later } = await splitAtFirstScreen(page, board, BOARD_PAINTED_MEASURE);
        await context.close();
        return {
          steps: [
            ['login form', login],
            ['sign in → first card', own],
          ],
          after: [['once the cards are painted, while idle (the task drawer)', later]],
        };
      },
    },
    {
      name: 'task drawer',
      async measure() {
        const context = await signedInContext(browser, url);
        const page = await context.newPage();
        const board = await scriptsFetchedDuring(page, async () => {
          await page.goto(`${url}/`);
          await boardWithItsPrefetch(page);
        });
        const drawer = await scriptsFetchedDuring(page, async () => {
          await page.getByTestId('task-card').first().click();
          await page.getByTestId('task-description').waitFor();
          await networkQuiet(page);
        });
        const { own, later } = await splitAtFirstScreen(page, board, BOARD_PAINTED_MEASURE);
        await context.close();
        return {
          steps: [
            ['board (signed in) until its cards are painted', own],
            ['then, while idle, the drawer prefetched', later],
            ['click a card → drawer', drawer],
          ],
        };
      },
    },
    {
      name: 'wallet',
      async measure() {
        const context = await signedInContext(browser, url);
        const page = await context.newPage();
        const board = await scriptsFetchedDuring(page, async () => {
          await page.goto(`${url}/`);
          await boardWithItsPrefetch(page);
        });
        const wallet = await scriptsFetchedDuring(page, async () => {
          await page.getByTestId('header-wallet').click();
          await page.getByTestId('wallet-balance').waitFor();
          await networkQuiet(page);
        });
        const { own, later } = await splitAtFirstScreen(page, board, BOARD_PAINTED_MEASURE);
        await context.close();
        return {
          steps: [
            ['board (signed in) until its cards are painted', own],
            ['then, while idle, the drawer prefetched', later],
            ['wallet drawer', wallet],
          ],
        };
      },
    },
    {
      name: 'profile',
      async measure() {
        const context = await signedInContext(browser, url);
        const page = await context.newPage();
        const profile = await scriptsFetchedDuring(page, async () => {
          await page.goto(`${url}/profile`);
          await page.getByTestId('profile-page').waitFor();
          await page.waitForLoadState('networkidle');
        });
        await context.close();
        return { steps: [['profile', profile]] };
      },
    },
  ];
}

/**
 * Navigation → the email field visible and focused, in a fresh context; with `network`, emulated.
 * `waterfall` collects each request's start and end (ms from the first) and bytes: the chain of round
 * trips one after another is what a slow network pays for most.
 */
async function timeToLoginForm(browser, url, network, waterfall) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  const requests = new Map();
  if (waterfall) {
    cdp.on('Network.requestWillBeSent', (event) => requests.set(event.requestId, { path: event.request.url.replace(url, ''), start: event.timestamp }));
    cdp.on('Network.loadingFinished', (event) => Object.assign(requests.get(event.requestId) ?? {}, { end: event.timestamp, bytes: event.encodedDataLength }));
  }
  const started = performance.now();
  await page.goto(`${url}/login`, { waitUntil: 'commit', timeout: 120_000 });
  await page.getByTestId('login-email').waitFor({ state: 'visible', timeout: 120_000 });
  await page.getByTestId('login-email').focus();
  const elapsed = performance.now() - started;
  await context.close();
  if (waterfall) {
    const first = Math.min(...[...requests.values()].map((request) => request.start));
    const ms = (seconds) => Math.round((seconds - first) * 1000);
    for (const request of [...requests.values()].sort((a, b) => a.start - b.start)) {
      waterfall.push({ path: request.path, start: ms(request.start), end: request.end === undefined ? null : ms(request.end), bytes: request.bytes ?? null });
    }
  }
  return elapsed;
}

function scriptLines(scripts, contents) {
  return scripts.map(
    (script) =>
      `    ${script.app.padEnd(12)} ${script.file.padEnd(44)} ${kB(script.gzip).padStart(9)} gzip ${kB(script.transfer).padStart(9)} ${script.encoding.padEnd(4)}  ${describe(contents.get(`${script.app}/${script.file}`))}`,
  );
}

export async function run() {
  const lines = [];
  const contents = chunkContents();
  if (contents.size === 0) lines.push('(no .stats/chunks.json: run `npm run build` first to see what each chunk holds)');
  const server = await startServer();
  const browser = await launchChromium();
  const report = { pages: {}, timings: {} };
  try {
    for (const page of pages(browser, server.url)) {
      const { steps, after = [] } = await page.measure();
      const all = steps.flatMap(([, scripts]) => scripts);
      lines.push(`${page.name}: ${kB(sum(all, 'gzip'))} JS gzip, ${kB(sum(all, 'transfer'))} sent, ${all.length} files`);
      for (const [label, scripts] of [...steps, ...after]) {
        lines.push(`  ${label}: ${kB(sum(scripts, 'gzip'))} gzip, ${kB(sum(scripts, 'transfer'))} sent, ${scripts.length} files`);
        lines.push(...scriptLines(scripts, contents));
      }
      report.pages[page.name] = { steps: Object.fromEntries([...steps, ...after]), gzip: sum(all, 'gzip'), transfer: sum(all, 'transfer') };
    }
    const entries = Object.values(report.pages)
      .flatMap((page) => Object.values(page.steps).flat())
      .filter((script) => script.file === 'remoteEntry.js');
    const byApp = new Map(entries.map((script) => [script.app, script]));
    lines.push(`remoteEntry.js, gzip: ${[...byApp.values()].map((script) => `${script.app} ${kB(script.gzip)}`).join(', ')}`);

    const plain = [];
    for (let index = 0; index < RUNS; index += 1) plain.push(await timeToLoginForm(browser, server.url));
    lines.push(`navigation → interactive login form, cold cache, loopback: ${summary(plain)}`);
    const slow = [];
    const waterfall = [];
    for (let index = 0; index < SLOW_RUNS; index += 1) slow.push(await timeToLoginForm(browser, server.url, SLOW_MOBILE, index === 0 ? waterfall : undefined));
    lines.push(`navigation → interactive login form, cold cache, slow mobile (400 kbit/s, 400 ms): ${summary(slow)}`);
    lines.push(`  the first of those loads, request by request (ms from the first request to its last byte; bytes sent):`);
    for (const request of waterfall) {
      lines.push(
        `    ${String(request.start).padStart(6)} → ${String(request.end ?? '…').padStart(6)}  ${String(request.bytes ?? '').padStart(7)}  ${request.path}`,
      );
    }
    report.timings = { plain, slow, waterfall };
  } finally {
    await browser.close();
    await server.stop();
  }
  if (process.env.BENCH_SIZE_JSON) writeFileSync(process.env.BENCH_SIZE_JSON, `${JSON.stringify(report, null, 1)}\n`);
  return lines;
}
