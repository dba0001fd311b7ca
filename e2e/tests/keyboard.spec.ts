import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';

/** The test id and task id of the focused element. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return { testId: active?.getAttribute('data-testid') ?? null, taskId: active?.getAttribute('data-task-id') ?? null };
  });
}

/** Whether focus is inside the element of a test id. */
function focusInside(page: Page, testId: string) {
  return page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement) ?? false, testId);
}

test('from the keyboard: Tab to a card, Enter opens the task, focus stays in the drawer, Escape closes it and focus is back on the card', async ({ page }) => {
  await signInByApi(page, DEMO.admin);
  await page.goto('/');
  await expect(page.getByTestId('task-card').first()).toBeVisible();

  let card = await focused(page);
  for (let presses = 0; presses < 80 && card.testId !== 'task-card'; presses += 1) {
    await page.keyboard.press('Tab');
    card = await focused(page);
  }
  expect(card.testId, 'Tab reaches a card').toBe('task-card');

  // Opening and closing a task reloads nothing the page already shows.
  const reloads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(project\/\d+(\/tasks)?|projects)(\?|$)/.test(new URL(request.url()).pathname + new URL(request.url()).search)) reloads.push(request.url());
  });

  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('task-drawer');
  await expect(drawer.getByTestId('task-name')).toBeVisible();
  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, 'task-drawer'), 'focus stays in the open drawer').toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect.poll(() => focused(page)).toEqual(card);
  expect(reloads).toEqual([]);

  // Every drawer gives focus back to what opened it.
  for (const [opener, drawerId] of [
    ['members-button', 'users-drawer'],
    ['project-menu-button', 'project-menu'],
    ['header-wallet', 'wallet-drawer'],
  ] as const) {
    await page.getByTestId(opener).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(drawerId)).toBeVisible();
    await expect.poll(() => focusInside(page, drawerId)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(drawerId)).toBeHidden();
    await expect.poll(async () => (await focused(page)).testId).toBe(opener);
  }
});

test('the staff board (a pm’s all projects) does the same: Escape closes a task opened from a card and focus is back on that card', async ({ page }) => {
  await signInByApi(page, DEMO.pm);
  await page.goto('/');
  await expect(page.getByTestId('task-card').first()).toBeVisible();

  let card = await focused(page);
  for (let presses = 0; presses < 80 && card.testId !== 'task-card'; presses += 1) {
    await page.keyboard.press('Tab');
    card = await focused(page);
  }
  expect(card.testId, 'Tab reaches a card').toBe('task-card');

  // The staff board stays behind the task: nothing of it is read again.
  const reloads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(tasks|projects|project\/\d+(\/tasks)?)$/.test(url.pathname)) reloads.push(request.url());
  });

  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('task-drawer');
  await expect(drawer.getByTestId('task-name')).toBeVisible();
  // The staff board stays behind it (not the card's project page).
  await expect(page.locator('h1')).toBeAttached();
  await expect(page.getByTestId('project-name')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => focused(page)).toEqual(card);
  expect(reloads).toEqual([]);
});
