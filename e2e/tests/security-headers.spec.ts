import { expect, test, type Page } from '@playwright/test';
import { DEMO, E2E_BASE_URL } from '../support/env';
import { signIn } from '../support/session';

/** Every Content-Security-Policy violation the page reports (Chromium logs each one to the console). */
function cspViolationsOf(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test.describe('security headers in the browser', () => {
  test('the Content-Security-Policy lets the screens work: login, the board, a task, the profile', async ({ page }) => {
    const violations = cspViolationsOf(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await signIn(page, DEMO.admin);
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    await page.getByTestId('column-1').getByTestId('task-card').first().click();
    await expect(page.getByTestId('task-drawer').getByTestId('task-description')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/profile');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a page of another site cannot frame the app', async ({ page }) => {
    const attacker = 'http://attacker.test/';
    await page.route(attacker, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>attacker</title><iframe id="victim" src="${E2E_BASE_URL}/login" width="800" height="600"></iframe>`,
      }),
    );
    await page.goto(attacker);
    // Chromium refuses to render a page whose frame-ancestors / X-Frame-Options forbid the framer, and
    // shows its error page in the frame instead; an allowed frame would stay at the app's /login.
    const victimUrl = () =>
      page
        .frames()
        .find((frame) => frame !== page.mainFrame())
        ?.url();
    await expect.poll(victimUrl).toBe('chrome-error://chromewebdata/');
    await expect(page.frameLocator('#victim').getByTestId('login-email')).toHaveCount(0);
  });
});
