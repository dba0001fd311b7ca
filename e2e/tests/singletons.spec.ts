import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';

interface ShareInfo {
  name: string;
  versions: Array<{ version: string; from: string; loaded: boolean }>;
}

test.describe('shared singletons', () => {
  test('a page showing several remotes evaluates React, MobX, i18next and the root store once', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    const firstCard = page.getByTestId('task-card').first();
    await firstCard.click();
    await expect(page.getByTestId('task-drawer')).toBeVisible();
    await expect(page.getByTestId('kanban-board')).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { __NEGAYNO_ROOT_STORES__?: number }).__NEGAYNO_ROOT_STORES__)).toBe(1);
    const shares = await page.evaluate(() => {
      const federation = (
        globalThis as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean; loading?: unknown }>>>> };
        }
      ).__FEDERATION__;
      const result: Array<{ name: string; versions: Array<{ version: string; from: string; loaded: boolean }> }> = [];
      for (const host of Object.values(federation.__SHARE__)) {
        for (const scope of Object.values(host)) {
          for (const [name, versions] of Object.entries(scope)) {
            result.push({ name, versions: Object.entries(versions).map(([version, info]) => ({ version, from: info.from, loaded: Boolean(info.loaded) })) });
          }
        }
      }
      return result;
    });
    for (const pkg of ['react', 'react-dom', 'mobx', 'mobx-react-lite', 'i18next', '@negayno/shared/fluent', '@negayno/shared/stores', '@negayno/shared/bus']) {
      const entries = shares.filter((share: ShareInfo) => share.name === pkg);
      expect(entries.length, `${pkg} is shared`).toBeGreaterThan(0);
      const loaded = new Set(
        entries.flatMap((entry: ShareInfo) => entry.versions.filter((version) => version.loaded).map((version) => `${version.version}@${version.from}`)),
      );
      expect(loaded.size, `${pkg} is loaded from exactly one build: ${[...loaded].join(', ')}`).toBe(1);
    }
  });

  test('a store change made in one remote is seen by another remote and by the host', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-page')).toBeVisible();
    // mf-profile changes the language and the theme in the shared UI store…
    await page.getByRole('radio', { name: 'English' }).check();
    await page
      .getByRole('radio', { name: 'Темна' })
      .or(page.getByRole('radio', { name: 'Dark' }))
      .check();
    // …the host's header follows…
    await expect(page.getByTestId('language-menu')).toHaveText('EN');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // …and so does mf-board, without a reload.
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByTestId('column-label').first()).toHaveText('New tasks');
  });
});
