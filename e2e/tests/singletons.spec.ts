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
    expect(await page.evaluate(() => (window as unknown as { __NEGAYNO_WORK_STORES__?: number }).__NEGAYNO_WORK_STORES__)).toBe(1);
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
    // Fluent is bundled per build, tree-shaken; what holds its page-wide state is shared (issue 17).
    for (const pkg of [
      'react',
      'react-dom',
      'mobx',
      'mobx-react-lite',
      'i18next',
      '@negayno/shared/stores',
      '@negayno/shared/work-stores',
      '@negayno/shared/bus',
      // The first screen's part of the kit, and the whole kit and its drawers' and panels' parts, shared
      // by the screens after sign-in: each fetched once, by one build (the kit's three parts by the host's).
      '@negayno/shared/fluent-base',
      '@negayno/shared/fluent',
      '@negayno/shared/fluent-drawers',
      '@negayno/shared/fluent-panels',
      '@negayno/shared/i18n',
      '@fluentui/react-shared-contexts',
      '@fluentui/react-utilities',
      '@griffel/react',
      '@griffel/core',
      // Fluent's map of token names, which every component's styles read (issue 17).
      '@fluentui/tokens/lib/tokens.js',
    ]) {
      const entries = shares.filter((share: ShareInfo) => share.name === pkg);
      expect(entries.length, `${pkg} is shared`).toBeGreaterThan(0);
      const loaded = new Set(
        entries.flatMap((entry: ShareInfo) => entry.versions.filter((version) => version.loaded).map((version) => `${version.version}@${version.from}`)),
      );
      expect(loaded.size, `${pkg} is loaded from exactly one build: ${[...loaded].join(', ')}`).toBe(1);
    }
    // The kit's parts come from the host's build alone: a drawer's Textarea reads the label of a kit
    // Field only when both are one build's. Fluent names a component's class in the file holding it.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => entry.name),
    );
    const holding = new Map<string, string[]>([
      ['fui-Field', []],
      ['fui-Textarea', []],
    ]);
    for (const url of scripts) {
      const text = await (await page.request.get(url)).text();
      for (const [name, files] of holding) if (text.includes(`"${name}"`) || text.includes(`'${name}'`)) files.push(new URL(url).pathname);
    }
    for (const [name, files] of holding) {
      expect(files.length, `the files holding ${name}`).toBe(1);
      expect(files[0], `${name} comes from the host's build`).not.toMatch(/^\/remotes\//);
    }
  });

  test('every remote styles through one Griffel renderer and reads the one Fluent theme', async ({ page }) => {
    // It walks through four remotes and two themes: on a loaded machine that takes longer than one screen.
    test.slow();
    const background = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => getComputedStyle(element).getPropertyValue('--colorNeutralBackground1').trim());
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    await page.getByTestId('task-card').first().click();
    await expect(page.getByTestId('task-description')).toBeVisible();
    // The host's header, mf-board's board, and the drawers of mf-task-chat and mf-wallet (in portals)
    // all read the theme the host's FluentProvider gives: one theme context.
    const light = [await background('user-menu'), await background('kanban-board'), await background('task-description')];
    await page.keyboard.press('Escape');
    await page.getByTestId('header-wallet').click();
    await expect(page.getByTestId('wallet-balance')).toBeVisible();
    light.push(await background('wallet-balance'));
    expect(light[0]).not.toBe('');
    expect(light, 'every surface has the light theme').toEqual(light.map(() => light[0]));

    // One renderer writes one <style> per bucket, media query and priority; a second would add its own.
    const buckets = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-make-styles-bucket]')].map(
        (style) => `${style.getAttribute('data-make-styles-bucket')}|${style.getAttribute('media') ?? ''}|${style.getAttribute('data-priority') ?? ''}`,
      ),
    );
    expect(buckets.length).toBeGreaterThan(0);
    expect(buckets.length, `style buckets: ${buckets.join(', ')}`).toBe(new Set(buckets).size);

    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByTestId('kanban-board')).toBeVisible();
    const dark = [await background('user-menu'), await background('kanban-board')];
    expect(dark[0]).not.toBe(light[0]);
    expect(dark, 'every surface has the dark theme').toEqual([dark[0], dark[0]]);
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
