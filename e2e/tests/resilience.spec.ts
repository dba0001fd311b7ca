import { ALERT_HIDE_MS } from '@negayno/shared/contract';
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';

test.describe('resilience', () => {
  test('a remote that cannot be loaded shows its error card while the header keeps working, and retry recovers', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.route('**/remotes/mf-board/remoteEntry.js', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const card = page.getByTestId('remote-error-mf-board');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Дошка');

    // The rest of the page works: the header switches language and the error card follows.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(card).toContainText('Could not load “Board”');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-profile')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.unroute('**/remotes/mf-board/remoteEntry.js');
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('kanban-board')).toBeVisible();
    await expect(card).toBeHidden();
  });

  test('502 and 503 answers show the maintenance page', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.route('**/api/user/profile', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'error', code: 'maintenance_mode', message: 'x' }) }),
    );
    await page.goto('/');
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    await expect(page.getByTestId('maintenance-page')).toContainText('Тривають технічні роботи');
    // The app behind it is out of sight: no header, no login form to type into.
    await expect(page.getByTestId('app-header')).toBeHidden();
  });

  test('going offline shows a banner that stays until the connection is back', async ({ page, context }) => {
    // The page's clock is Playwright's: the time an alert takes to hide passes at once instead of being waited out.
    await page.clock.install();
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    await expect(page.getByTestId('kanban-board')).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    // Past the time an alert stays (ALERT_HIDE_MS), the banner does not hide by itself (spec 9).
    await page.clock.fastForward(ALERT_HIDE_MS + 1_000);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
  });

  test('a changed version reloads the page once and remembers the new one', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seededVersion')) {
        sessionStorage.setItem('seededVersion', '1');
        localStorage.setItem('appVersion', 'an-old-version');
      }
    });
    // Documents requested, not load events: the reload may come before the first page's load event,
    // while its remote's chunks are still arriving.
    let loads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
    });
    await page.goto('/login');
    const { data } = await (await page.request.get('/api/version')).json();
    await expect.poll(() => loads).toBe(2);
    await expect(page.getByTestId('login-email')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('appVersion'))).toBe(data.version);
    // Once: the reloaded page finds the version it stored and stays.
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
  });

  test('a 401 from the server signs the user out and says so', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    await expect(page.getByTestId('kanban-board')).toBeVisible();
    // The session ends on the server (another device signed out, or it expired).
    await page.request.get('/api/logout');
    await page.getByTestId('project-nav').getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('alerts')).toContainText('У вас немає доступу');
  });
});
