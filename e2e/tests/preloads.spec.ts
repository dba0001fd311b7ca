import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';

/**
 * A page's `Link` preloads (issue 17): the files of the remote it shows start with the host's own
 * code instead of after it. A preload the page does not use costs its bytes twice, so each file
 * named is fetched once, and the browser reports none as unused.
 */
async function openAndWatch(page: Page, path: string, ready: () => Promise<void>) {
  const requested: string[] = [];
  const unused: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) unused.push(message.text());
  });
  const response = (await page.goto(path)) as Response;
  await ready();
  // Chromium reports an unused preload a few seconds after the load event.
  await page.waitForTimeout(3500);
  const links = ((await response.headerValue('link')) ?? '').split(', ').filter(Boolean);
  const hinted = links.map((link) => /^<([^>]+)>/.exec(link)?.[1] ?? link);
  return { hinted, requested, unused };
}

/** The words chunks a page's hints name, by chunk name (`words-uk-auth`). */
function wordsOf(hinted: string[]): string[] {
  return hinted.flatMap((path) => /^\/(words-[a-z]+-[a-z]+)\./.exec(path)?.[1] ?? []);
}

function expectEachFetchedOnce(hinted: string[], requested: string[]) {
  for (const path of hinted)
    expect(
      requested.filter((url) => url === path),
      `${path} fetched once`,
    ).toHaveLength(1);
}

test("the login page preloads the sign-in form's remote and uses each preload once", async ({ page }) => {
  const { hinted, requested, unused } = await openAndWatch(page, '/login', () => expect(page.getByTestId('login-email')).toBeEditable());
  expect(hinted).toContain('/remotes.json');
  expect(hinted).toContain('/remotes/mf-auth/remoteEntry.js');
  expect(hinted.some((path) => path.startsWith('/remotes/mf-auth/__federation_expose_app'))).toBe(true);
  expect(hinted.some((path) => path.includes('mf-board'))).toBe(false);
  // The form's words in the default language, which a first visit shows.
  expect(wordsOf(hinted)).toEqual(['words-uk-common', 'words-uk-auth']);
  expectEachFetchedOnce(hinted, requested);
  expect(unused).toEqual([]);
});

test('a visitor who chose English gets the English words preloaded, and uses them', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByTestId('login-email')).toBeEditable();
  const { hinted, requested, unused } = await openAndWatch(page, '/login', () => expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible());
  expect(wordsOf(hinted)).toEqual(['words-en-common', 'words-en-auth']);
  expectEachFetchedOnce(hinted, requested);
  expect(unused).toEqual([]);
});

test("a signed-in user's board page preloads the board's remote and uses each preload once", async ({ page }) => {
  await signInByApi(page, DEMO.admin);
  const { hinted, requested, unused } = await openAndWatch(page, '/', () => expect(page.getByTestId('kanban-board')).toHaveAttribute('aria-busy', 'false'));
  expect(hinted).toContain('/remotes/mf-board/remoteEntry.js');
  expect(hinted.some((path) => path.includes('mf-auth'))).toBe(false);
  expect(wordsOf(hinted)).toEqual(['words-uk-common', 'words-uk-board', 'words-uk-chat']);
  expectEachFetchedOnce(hinted, requested);
  expect(unused).toEqual([]);
});
