// Issue 12 figures: the task drawer's open time (a click on the card → the task's name and description
// painted) for a task with 50 files and 100 description versions, and the throughput of a 20 MB upload.
import { launchChromium } from './lib/browser.mjs';
/* global document, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { startServer } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';
import { contextApi } from './lib/api.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const FILES = 50;
const VERSIONS = 100;
const UPLOAD_MB = 20;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSD1sdGl94oF2M8/sAAOhY/TpO6gQugvqK7EHdJ3cAFUF/RXYi7pG7gAqiv6C7EXVI3cAHUV3QX4i6pG7gA6iu6C3GX1A1cAPUV3YW4S+oGLoD6iu5C3CV1AxdAfUV3Ie6SuoELoL6iuxB3Sd3AxwN+/3288RBrNV4AAAAASUVORK5CYII=',
  'base64',
);

/** One open: click the card, then wait for the frame that shows the name and the description's text. */
async function openOnce(page, boardUrl) {
  await page.goto(boardUrl);
  // The bench project holds this one task.
  const card = page.getByTestId('task-card');
  await card.first().waitFor();
  await page.evaluate(() => {
    document.addEventListener('click', () => performance.mark('drawer:click'), { capture: true, once: true });
  });
  await card.first().click();
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const painted = () => {
          const name = document.querySelector('[data-testid="task-name-input"], [data-testid="task-name"]');
          const text = document.querySelector('[data-testid="description-preview"], [data-testid="description-editor"], [data-testid="task-description-html"]');
          return name && text && text.textContent.includes('версія');
        };
        const check = () => {
          if (painted()) requestAnimationFrame(() => resolve(performance.now() - performance.getEntriesByName('drawer:click')[0].startTime));
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

export async function run() {
  const lines = [];
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url });
    await contextApi(context.request, 'post', '/api/login', { email: 'admin@demo.test', password: 'negayno-demo' });
    const project = await contextApi(context.request, 'post', '/api/project/new', { name: 'Bench drawer' });
    const task = await contextApi(context.request, 'post', `/api/project/${project.id}/new-task`, { name: 'A task with history and files' });
    for (let version = 1; version <= VERSIONS; version += 1) {
      await contextApi(context.request, 'put', `/api/task/${task.id}/update-description`, {
        description: `<p>версія ${version}: ${'текст опису '.repeat(20)}</p>`,
      });
    }
    for (let index = 0; index < FILES; index += 1) {
      const response = await context.request.post(`/api/task/${task.id}/upload-file`, {
        multipart: { file: { name: `file-${index}.png`, mimeType: 'image/png', buffer: PNG } },
      });
      if (!response.ok()) throw new Error(`upload: ${response.status()} ${await response.text()}`);
    }
    const page = await context.newPage();
    const boardUrl = `${server.url}/project/${project.id}`;
    await openOnce(page, boardUrl);
    const opens = [];
    for (let run = 0; run < RUNS; run += 1) opens.push(await openOnce(page, boardUrl));
    lines.push(`drawer open, ${FILES} files and ${VERSIONS} description versions, click → name and description painted: ${summary(opens)}`);

    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOAD_MB * 1024 * 1024 - 9, 0x20)]);
    const uploads = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const response = await context.request.post(`/api/task/${task.id}/upload-file`, {
        multipart: { file: { name: `big-${run}.pdf`, mimeType: 'application/pdf', buffer: big } },
      });
      if (!response.ok()) throw new Error(`20 MB upload: ${response.status()} ${await response.text()}`);
      uploads.push(UPLOAD_MB / ((performance.now() - started) / 1000));
    }
    lines.push(`upload of a ${UPLOAD_MB} MB file over loopback (checked, stored): ${summary(uploads, 'MB/s')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
  return lines;
}
