import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { api } from '../support/api';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';

/** Unpacks a zip into a folder, as a person would before opening its index.html. */
async function unzipTo(zip: Buffer, folder: string): Promise<string[]> {
  const names: string[] = [];
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const target = join(folder, entry.fileName);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, Buffer.concat(chunks));
          names.push(entry.fileName);
          file.readEntry();
        });
      });
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return names;
}

/**
 * A project's export (issue 37) in a real browser: the demo administrator exports the demo project from
 * the project menu, sees it prepared, downloads the archive by its link, and its index.html opens offline
 * in Chromium showing the project's tasks.
 */
test('the demo project is exported from the project menu and its index.html opens offline', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInByApi(page, DEMO.admin);
  const projects = await api<Array<{ id: number; name: string }>>(page.request, 'get', '/projects');
  const project = projects.find((entry) => entry.name === 'Інтернет-магазин')!;
  const tasks = await api<Array<{ id: number; name: string; number: number }>>(page.request, 'get', `/project/${project.id}/tasks`);
  expect(tasks.length).toBeGreaterThan(0);

  await page.goto(`/project/${project.id}`);
  await page.getByTestId('project-menu-button').click();
  await page.getByTestId('menu-export').click();
  const link = page.getByTestId('export-download');
  await expect(link).toBeVisible({ timeout: 60_000 });
  const href = (await link.getAttribute('href'))!;

  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/zip');
  const folder = mkdtempSync(join(tmpdir(), 'negayno-export-e2e-'));
  try {
    const names = await unzipTo(await answer.body(), folder);
    expect(names).toEqual(expect.arrayContaining(['project.json', 'index.html', 'transactions.csv']));

    // Offline: a page of its own, opened from the disk, with nothing to fetch.
    const offline = await browser.newContext({ offline: true });
    const reader = await offline.newPage();
    const errors: string[] = [];
    reader.on('pageerror', (error) => errors.push(error.message));
    await reader.goto(pathToFileURL(join(folder, 'index.html')).href);
    await expect(reader.getByTestId('project-name')).toHaveText(project.name);
    const task = tasks[0]!;
    await expect(reader.locator(`#task-${task.number} h3`)).toContainText(task.name);
    await reader
      .getByRole('link', { name: `#${task.number} ${task.name}` })
      .first()
      .click();
    await expect(reader).toHaveURL(new RegExp(`#task-${task.number}$`));
    expect(errors).toEqual([]);
    await offline.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
