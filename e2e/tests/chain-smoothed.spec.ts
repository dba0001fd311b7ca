import { expect, test, type Page } from '@playwright/test';
import { registerByApi, uniqueEmail } from '../support/register';
import { signInByApi } from '../support/session';
import { api } from '../support/api';

/**
 * Issue 33, files and the description in a browser: two files picked at once both show at once; the
 * gallery opens over the whole viewport with the file's name and a counter; an address typed into the
 * description is a link in the read-only view. Screenshots at 390 and 1440 px, light and dark, uk and en.
 */
const PASSWORD = 'chain-smoothed-password';

/** A 64×48 orange png. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSD1sdGl94oF2M8/sAAOhY/TpO6gQugvqK7EHdJ3cAFUF/RXYi7pG7gAqiv6C7EXVI3cAHUV3QX4i6pG7gA6iu6C3GX1A1cAPUV3YW4S+oGLoD6iu5C3CV1AxdAfUV3Ie6SuoELoL6iuxB3Sd3AxwN+/3288RBrNV4AAAAASUVORK5CYII=',
  'base64',
);

async function setUp(page: Page, theme: 'light' | 'dark', language: 'uk' | 'en') {
  await page.addInitScript(
    ([name, lang]) => {
      localStorage.setItem('theme', name!);
      localStorage.setItem('language', lang!);
    },
    [theme, language],
  );
  const email = uniqueEmail('chain-files');
  await registerByApi(page.request, email, PASSWORD);
  await signInByApi(page, email, PASSWORD);
  const project = await api<{ id: number }>(page.request, 'post', '/project/new', { name: 'Пекарня' });
  const task = await api<{ id: number }>(page.request, 'post', `/project/${project.id}/new-task`, { name: 'Банер' });
  return { project, task, url: `/task/${task.id}?projectId=${project.id}` };
}

for (const [width, theme, language] of [
  [1440, 'light', 'uk'],
  [390, 'dark', 'en'],
] as const) {
  test(`two files at once, the gallery over the viewport, a linked description (${width} px, ${theme}, ${language})`, async ({ page }, info) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    const { task, url } = await setUp(page, theme, language);
    await page.goto(url);
    const drawer = page.getByTestId('task-drawer');
    await expect(drawer.getByTestId('files-empty')).toBeVisible({ timeout: 45_000 });

    // Item 8: both cards show at once, without reopening the drawer.
    await drawer.getByTestId('files-input').setInputFiles([
      { name: 'перший.png', mimeType: 'image/png', buffer: PNG },
      { name: 'другий.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(drawer.getByTestId('file-card')).toHaveCount(2);
    // ...and stay two after the live events of both uploads have been read.
    await page.waitForTimeout(1500);
    await expect(drawer.getByTestId('file-card')).toHaveCount(2);
    await page.screenshot({ path: info.outputPath(`files-${width}-${theme}-${language}.png`) });

    // Item 12: the gallery covers the whole viewport and names the file, with a counter.
    await drawer.getByTestId('file-open').first().click();
    const gallery = page.getByTestId('gallery');
    await expect(gallery.locator('.lg-current img.lg-object')).toBeVisible();
    const box = await gallery.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width, height: width < 768 ? 844 : 900 });
    await expect(gallery.locator('.lg-current .lg-file-name, .lg-sub-html [data-testid="gallery-name"]').first()).toHaveText(/перший\.png|другий\.png/);
    await expect(gallery.locator('.lg-counter')).toHaveText(/1\s*\/\s*2/);
    await page.screenshot({ path: info.outputPath(`gallery-${width}-${theme}-${language}.png`) });
    await page.keyboard.press('ArrowRight');
    await expect(gallery.locator('.lg-counter')).toHaveText(/2\s*\/\s*2/);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('gallery')).toHaveCount(0);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('file-open').first()).toBeFocused();

    // Item 11: an address typed into the description is a link once the view is read-only (published).
    await api(page.request, 'put', `/task/${task.id}/update-description`, { description: '<p>Макет тут: https://example.com/maket?v=2 — дякую</p>' });
    await api(page.request, 'post', `/task/${task.id}/action/publish`, { negayno: false });
    await page.reload();
    const link = drawer.getByTestId('task-description-html').getByRole('link', { name: 'https://example.com/maket?v=2' });
    await expect(link).toHaveAttribute('href', 'https://example.com/maket?v=2', { timeout: 45_000 });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await page.screenshot({ path: info.outputPath(`description-${width}-${theme}-${language}.png`) });
  });
}
