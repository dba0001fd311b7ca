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
  page.on('request', (request) => {
    const url = new URL(request.url());
    requested.push(url.pathname + url.search);
  });
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

test("a project's board page and a task's page take their data with the page: each read named once, none asked again, none unused (issue 39)", async ({
  page,
}) => {
  await signInByApi(page, DEMO.admin);
  await page.goto('/');
  await expect(page).toHaveURL(/\/project\/\d+$/);
  const projectId = Number(/\/project\/(\d+)$/.exec(page.url())![1]);
  const taskId = Number(await page.getByTestId('task-card').first().getAttribute('data-task-id'));
  const board = `/project/${projectId}?taskName=${encodeURIComponent('а')}`;
  const onBoard = await openAndWatch(page, board, () => expect(page.getByTestId('kanban-board')).toHaveAttribute('aria-busy', 'false'));
  const boardRead = `/api/project/${projectId}/tasks?taskName=%D0%B0`;
  expect(onBoard.hinted).toEqual(expect.arrayContaining(['/api/user/profile', '/api/version', '/api/projects', `/api/project/${projectId}`, boardRead]));
  expectEachFetchedOnce(onBoard.hinted, onBoard.requested);
  expect(onBoard.unused).toEqual([]);

  const onTask = await openAndWatch(page, `/task/${taskId}?projectId=${projectId}`, () => expect(page.getByTestId('task-name')).toBeVisible());
  expect(onTask.hinted).toEqual(expect.arrayContaining([`/api/task/${taskId}`, `/api/task/${taskId}/actions`, `/api/project/${projectId}/tasks`]));
  // The API reads (the task route's scripts are another matter: its remote's entry is asked twice, seen, not this test's).
  expectEachFetchedOnce(
    onTask.hinted.filter((path) => path.startsWith('/api/')),
    onTask.requested,
  );
  expect(onTask.unused.filter((message) => message.includes('/api/'))).toEqual([]);
});

test("a staff member's home takes the board across their projects with the page: named once, asked once, used (issue 39)", async ({ page }) => {
  await signInByApi(page, DEMO.pm);
  const home = await openAndWatch(page, '/', () => expect(page.getByTestId('kanban-board')).toHaveAttribute('aria-busy', 'false'));
  expect(home.hinted).toContain('/api/tasks');
  expectEachFetchedOnce(
    home.hinted.filter((path) => path.startsWith('/api/')),
    home.requested,
  );
  expect(home.unused).toEqual([]);
});
