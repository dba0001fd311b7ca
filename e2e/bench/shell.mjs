// Issue 2 figures: full build time, gzip size of each app's initial JavaScript, time from navigation
// to an interactive login form and from login to a rendered board, in headless Chromium.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './lib/browser.mjs';
import { repoRoot, startServer } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);

function appOf(url) {
  const match = /\/remotes\/([^/]+)\//.exec(new URL(url).pathname);
  return match ? match[1] : 'host';
}

/** Gzip bytes of the JavaScript a page fetched, per app. */
async function javascriptByApp(page, action) {
  const sizes = {};
  const pending = [];
  const onResponse = (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => {
          const app = appOf(response.url());
          sizes[app] = (sizes[app] ?? 0) + gzipSync(body, { level: 9 }).length;
        },
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  await action();
  await Promise.all(pending);
  page.off('response', onResponse);
  return sizes;
}

async function signIn(page) {
  await page.getByTestId('login-email').fill('admin@demo.test');
  await page.getByTestId('login-email').press('Enter');
  await page.getByTestId('login-password').fill('negayno-demo');
  const started = performance.now();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('task-card').first().waitFor();
  return performance.now() - started;
}

export async function run() {
  const lines = [];
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const started = performance.now();
    execFileSync(process.execPath, ['scripts/build.mjs', '--force'], { cwd: repoRoot, stdio: 'ignore' });
    lines.push(`full build (shared contract, server, host, 5 remotes; 2 in parallel): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const server = await startServer();
  const browser = await launchChromium();
  try {
    // Initial JavaScript per app, each measured on the first screen that needs it, cold cache.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const sizes = {};
    const merge = (found) => {
      for (const [app, bytes] of Object.entries(found)) sizes[app] = (sizes[app] ?? 0) + bytes;
    };
    merge(
      await javascriptByApp(page, async () => {
        await page.goto(`${server.url}/login`);
        await page.getByTestId('login-email').waitFor();
      }),
    );
    merge(await javascriptByApp(page, () => signIn(page)));
    merge(
      await javascriptByApp(page, async () => {
        await page.getByTestId('task-card').first().click();
        await page.getByTestId('task-description').waitFor();
      }),
    );
    merge(
      await javascriptByApp(page, async () => {
        await page.keyboard.press('Escape');
        await page.getByTestId('header-wallet').click();
        await page.getByTestId('wallet-balance').waitFor();
        await page.keyboard.press('Escape');
      }),
    );
    merge(
      await javascriptByApp(page, async () => {
        await page.getByTestId('user-menu').click();
        await page.getByTestId('menu-profile').click();
        await page.getByTestId('profile-page').waitFor();
      }),
    );
    await context.close();
    for (const [app, bytes] of Object.entries(sizes).sort()) lines.push(`initial JS, gzip: ${app.padEnd(13)} ${(bytes / 1024).toFixed(1)} KiB`);

    // Navigation to an interactive login form, cold (new context) each run.
    const toLogin = [];
    const toBoard = [];
    for (let index = 0; index < RUNS; index += 1) {
      const runContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const runPage = await runContext.newPage();
      const started = performance.now();
      await runPage.goto(`${server.url}/login`, { waitUntil: 'commit' });
      await runPage.getByTestId('login-email').waitFor({ state: 'visible' });
      await runPage.getByTestId('login-email').focus();
      toLogin.push(performance.now() - started);
      toBoard.push(await signIn(runPage));
      await runContext.request.get(`${server.url}/api/logout`);
      await runContext.close();
    }
    lines.push(`navigation -> interactive login form (cold cache): ${summary(toLogin)}`);
    lines.push(`login click -> first card painted on the board (first visit): ${summary(toBoard)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
  return lines;
}
