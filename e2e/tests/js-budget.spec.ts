import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { REMOTE_PACKAGES } from '@negayno/shared/contract';
import { BOARD_PAINTED_MEASURE, drawerCodeFetched, scriptsFetchedDuring, splitAtFirstScreen, sum } from '../support/scripts-fetched.mjs';
import { DEMO } from '../support/env';
import { signIn, signInByApi } from '../support/session';

/**
 * The login page's JavaScript budget (issue 17): gzip level 9 of every script a first-time visitor's
 * browser fetches until the form is up, federation runtime, React and Fluent included. Sizes, not
 * times: a change that makes the page heavier fails here, and the reason is in docs/perf.md.
 * The goal is 150 kB; the page is at 242 kB (from 537 kB), and docs/perf.md says what the
 * rest is. Lower this figure with every cut, never raise it to make room.
 */
const LOGIN_BUDGET_GZIP_BYTES = 245_000;

/**
 * A signed-in board opened directly, until its cards are painted (the task drawer's code, fetched once
 * they are, is not the board's, nor are its side panels). The goal is 250 kB after sign-in, the
 * login page included; the board is at 376 kB (from 610 kB), docs/perf.md says why. Lower it with every
 * cut, never raise it.
 */
const BOARD_BUDGET_GZIP_BYTES = 382_000;

/** Every remote's entry, fetched by every page that shows the remote (issue 17's goal). */
const REMOTE_ENTRY_BUDGET_GZIP_BYTES = 10_000;

test('the login page stays within its JavaScript budget', async ({ page }) => {
  const scripts = await scriptsFetchedDuring(page, async () => {
    await page.goto('/login');
    await expect(page.getByTestId('login-email')).toBeVisible();
    await expect(page.getByTestId('login-email')).toBeEditable();
  });
  // What the host defers until the form is up (the language menu, the board for after sign-in) may
  // already have begun: it is not the first screen's.
  const { own } = await splitAtFirstScreen(page, scripts);
  const total = sum(own, 'gzip');
  const listing = own.map((script) => `${script.app}/${script.file} ${(script.gzip / 1000).toFixed(1)} kB`).join('\n');
  expect(own.length, 'the page fetched its scripts').toBeGreaterThan(3);
  expect(total, `login page JavaScript, gzip ${(total / 1000).toFixed(1)} kB:\n${listing}`).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP_BYTES);
});

test('the login form runs none of the work stores; a signed-in board does', async ({ page }) => {
  const scripts = await scriptsFetchedDuring(page, async () => {
    await page.goto('/login');
    await expect(page.getByTestId('login-email')).toBeEditable();
  });
  const { own } = await splitAtFirstScreen(page, scripts);
  // The projects, board and chats stores (`@negayno/shared/work-stores`) name this global as they start.
  for (const script of own) expect(await (await page.request.get(script.url)).text(), script.url).not.toContain('__NEGAYNO_WORK_STORES__');

  await signIn(page, DEMO.admin);
  await expect(page.getByTestId('task-card').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __NEGAYNO_WORK_STORES__?: number }).__NEGAYNO_WORK_STORES__)).toBe(1);
});

test('each remote entry stays within 10 kB', async ({ request }) => {
  for (const remote of REMOTE_PACKAGES) {
    const response = await request.get(`/remotes/${remote}/remoteEntry.js`);
    expect(response.ok(), `${remote}/remoteEntry.js is served`).toBe(true);
    const gzip = gzipSync(await response.body(), { level: 9 }).length;
    expect(gzip, `${remote}/remoteEntry.js, gzip`).toBeLessThanOrEqual(REMOTE_ENTRY_BUDGET_GZIP_BYTES);
  }
});

test("a signed-in board with the header's menus open fetches Fluent's menus and focus engine once", async ({ page }) => {
  // The header's user and language menus used to bundle their own Menu, Tooltip and tabster (about
  // 60 kB gzip) beside the shared kit the board uses: they now read the kit through the share.
  await signIn(page, DEMO.admin);
  await expect(page.getByTestId('task-card').first()).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('language-menu').click();
  await expect(page.getByTestId('language-en')).toBeVisible();
  await page.keyboard.press('Escape');
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => entry.name),
  );
  expect(scripts.length, 'the page fetched its scripts').toBeGreaterThan(5);
  // tabster's core names its `data-tabster` attribute once; a second copy would be a second file that
  // names it (Fluent's modal helpers name `data-tabster-never-hide`, a file apart: not a copy).
  const withTabster: string[] = [];
  for (const url of scripts) if ((await (await page.request.get(url)).text()).includes('"data-tabster"')) withTabster.push(new URL(url).pathname);
  expect(withTabster, 'the files holding tabster').toHaveLength(1);
});

test("a signed-in board stays within its JavaScript budget and fetches neither the panels' nor the drawers' part of the kit", async ({ page }) => {
  await signInByApi(page, DEMO.admin);
  const scripts = await scriptsFetchedDuring(page, async () => {
    await page.goto('/');
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    // Once the cards are painted, the drawer's code comes with the drawers' part of the kit, and the
    // board's panels with the panels' part.
    await drawerCodeFetched(page);
    await page.waitForTimeout(1000);
  });
  const { own, later } = await splitAtFirstScreen(page, scripts, BOARD_PAINTED_MEASURE);
  const total = sum(own, 'gzip');
  const listing = own.map((script) => `${script.app}/${script.file} ${(script.gzip / 1000).toFixed(1)} kB`).join('\n');
  expect(own.length, 'the board fetched its scripts').toBeGreaterThan(5);
  expect(total, `signed-in board JavaScript, gzip ${(total / 1000).toFixed(1)} kB:\n${listing}`).toBeLessThanOrEqual(BOARD_BUDGET_GZIP_BYTES);
  // Each part is a share of its own: Fluent names a component's class, quoted, in the file that holds
  // it. The drawers' part holds the Textarea, the panels' part the dialog's surface, the Switch and
  // the Card.
  const holding = async (list: typeof scripts, className: string) => {
    const files: string[] = [];
    for (const script of list) if ((await (await page.request.get(script.url)).text()).includes(`"${className}"`)) files.push(script.file);
    return files;
  };
  for (const className of ['fui-Textarea', 'fui-DialogSurface', 'fui-Switch', 'fui-Card']) {
    expect(await holding(own, className), `the board's files holding ${className}`).toEqual([]);
    expect(await holding(later, className), `the files fetched after the cards holding ${className}`).toHaveLength(1);
  }
});
