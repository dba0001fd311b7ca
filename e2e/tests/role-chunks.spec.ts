import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';

/**
 * What only client roles use and what only staff use come in chunks of their own (issue 17,
 * mf-board/src/features/role-chunks.tsx): a pm's pages never fetch the client-role chunk, a client's
 * never the staff one. Each side must fetch its own, or the spec would prove nothing.
 */
const CLIENT_ROLE = /\/client-role\.[0-9a-f]+\.js$/;
const STAFF = /\/staff\.[0-9a-f]+\.js$/;

function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

async function openFirstTask(page: Page): Promise<void> {
  await page.getByTestId('task-card').first().click();
  await expect(page.getByTestId('task-description')).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a project manager never fetches the client-role chunk', async ({ page }) => {
  const scripts = recordScripts(page);
  await signInByApi(page, DEMO.pm);
  await page.goto('/');
  await expect(page.getByTestId('kanban-board')).toBeVisible();
  await openFirstTask(page);
  await page.getByTestId('header-wallet').click();
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();

  expect(
    scripts.filter((url) => STAFF.test(url)),
    'the staff board came in the staff chunk',
  ).not.toHaveLength(0);
  expect(scripts.filter((url) => CLIENT_ROLE.test(url))).toEqual([]);
});

test('a client never fetches the staff chunk', async ({ page }) => {
  const scripts = recordScripts(page);
  await signInByApi(page, DEMO.admin);
  await page.goto('/');
  await expect(page.getByTestId('task-card').first()).toBeVisible();
  await openFirstTask(page);
  await page.getByTestId('create-project').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('header-wallet').click();
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();

  expect(
    scripts.filter((url) => CLIENT_ROLE.test(url)),
    'creating a project came in the client-role chunk',
  ).not.toHaveLength(0);
  expect(scripts.filter((url) => STAFF.test(url))).toEqual([]);
});
