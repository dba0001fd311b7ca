// Issue 13 figures of the browser's chat: a chat of 5,000 messages opening in the task drawer (a click on
// the card → the chat ready: positioned at its last message and faded in), and a message sent in one
// browser → painted in another (both on loopback, one machine's clock).
import { launchChromium } from './lib/browser.mjs';
/* global document, requestAnimationFrame, MutationObserver, KeyboardEvent -- the page.evaluate callbacks run in the browser */
import { startServer } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';
import { contextApi } from './lib/api.mjs';
import { UNLIMITED } from './lib/unlimited.mjs';

const MESSAGES = Number(process.env.BENCH_CHAT_SIZE ?? 5000);
const OPENS = Number(process.env.BENCH_RUNS ?? 10);
const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 40);
const SCROLL_PAGES = Number(process.env.BENCH_CHAT_SCROLL_PAGES ?? 20);
const SEED_CONCURRENCY = 8;

async function signedIn(browser, url, email) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: url });
  await contextApi(context.request, 'post', '/api/login', { email, password: 'negayno-demo' });
  return context;
}

/**
 * One open: the board, a click on the card once the board has settled (no request for 500 ms, as
 * before a person's first click: the host fetches the drawer's code while the board idles), then the
 * frame after the chat says it is ready.
 */
async function openOnce(page, boardUrl, taskId) {
  await page.goto(boardUrl);
  const card = page.locator(`[data-testid="task-card"][data-task-id="${taskId}"]`);
  await card.waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.addEventListener('click', () => performance.mark('chat:click'), { capture: true, once: true }));
  await card.click();
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const check = () => {
          if (document.querySelector('[data-testid="chat-messages"][data-ready="true"] [data-testid="message"]'))
            requestAnimationFrame(() => resolve(performance.now() - performance.getEntriesByName('chat:click')[0].startTime));
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

export async function run() {
  const lines = [];
  const server = await startServer(UNLIMITED);
  const browser = await launchChromium();
  try {
    const admin = await signedIn(browser, server.url, 'admin@demo.test');
    const am = await signedIn(browser, server.url, 'am@demo.test');
    const projects = await contextApi(admin.request, 'get', '/api/projects');
    const projectId = projects.find((p) => p.name === 'Інтернет-магазин').id;
    const task = await contextApi(admin.request, 'post', `/api/project/${projectId}/new-task`, { name: 'Bench chat' });
    await contextApi(admin.request, 'post', `/api/task/${task.id}/action/publish`, { negayno: false });
    await contextApi(am.request, 'post', `/api/task/${task.id}/action/to-discussion`, {});
    const { chats } = await contextApi(am.request, 'get', `/api/task/${task.id}/chats`);
    const main = chats.find((chat) => chat.key === 'main');

    // 5,000 messages, half from each side, through the real call.
    let next = 0;
    const seedStarted = performance.now();
    await Promise.all(
      Array.from({ length: SEED_CONCURRENCY }, async () => {
        while (next < MESSAGES) {
          const index = (next += 1);
          const context = index % 2 ? admin : am;
          const response = await context.request.post(`/api/chat/${main.id}/new-message`, {
            multipart: { message: `Повідомлення ${index}: ${'текст '.repeat(1 + (index % 12))}`, tempId: `bench-${index}` },
          });
          if (!response.ok()) throw new Error(`seed ${index}: ${response.status()} ${await response.text()}`);
        }
      }),
    );
    lines.push(
      `seeding ${MESSAGES} messages through POST /chat/{id}/new-message, ${SEED_CONCURRENCY} at a time: ${((MESSAGES / (performance.now() - seedStarted)) * 1000).toFixed(0)} messages/s`,
    );

    const reader = await am.newPage();
    const boardUrl = `${server.url}/project/${projectId}`;
    await openOnce(reader, boardUrl, task.id);
    const opens = [];
    for (let index = 0; index < OPENS; index += 1) opens.push(await openOnce(reader, boardUrl, task.id));
    lines.push(
      `chat of ${MESSAGES} messages, click on the card → chat ready (newest 50 painted, positioned, 120 ms ready delay of spec 9 included): ${summary(opens)}`,
    );

    // Scrolling back: the reader's chat is open at its newest page; it is scrolled to the top in 400 px
    // steps a frame apart, each time until the next older page of 50 is in, while every frame's length is
    // recorded.
    const scroll = await reader.evaluate(async (pages) => {
      const list = document.querySelector('[data-testid="chat-messages"]');
      const count = () => list.querySelectorAll('[data-testid="message"]').length;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const frames = [];
      let running = true;
      let last = performance.now();
      const tick = (now) => {
        frames.push(now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const started = count();
      for (let page = 0; page < pages; page += 1) {
        const before = count();
        while (list.scrollTop > 0) {
          list.scrollTop = Math.max(0, list.scrollTop - 400);
          await frame();
        }
        const deadline = performance.now() + 5000;
        while (count() === before && performance.now() < deadline) await frame();
      }
      running = false;
      return { loaded: count() - started, frames: frames.length, long: frames.filter((ms) => ms > 50).length, worst: Math.max(...frames) };
    }, SCROLL_PAGES);
    lines.push(
      `scrolled back ${scroll.loaded} messages (${SCROLL_PAGES} older pages): ${scroll.frames} frames, ${scroll.long} over 50 ms, longest ${scroll.worst.toFixed(1)} ms`,
    );

    // One browser sends, the other paints: the sender's clock at Enter, the reader's at the frame with the text.
    const url = `${server.url}/task/${task.id}?projectId=${projectId}`;
    const sender = await admin.newPage();
    await Promise.all([sender.goto(url), reader.goto(url)]);
    for (const page of [sender, reader]) await page.locator('[data-testid="chat-messages"][data-ready="true"]').waitFor();
    const delays = [];
    for (let index = 0; index < SENDS; index += 1) {
      const text = `Пінг ${index} ${Date.now()}`;
      const painted = reader.evaluate(
        (wanted) =>
          new Promise((resolve) => {
            const found = () => [...document.querySelectorAll('[data-testid="message-text"]')].some((element) => element.textContent === wanted);
            const observer = new MutationObserver(() => {
              if (!found()) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
            });
            observer.observe(document.querySelector('[data-testid="chat-messages"]'), { childList: true, subtree: true, characterData: true });
          }),
        text,
      );
      await sender.getByTestId('chat-input').fill(text);
      const sent = await sender.evaluate(() => {
        const input = document.querySelector('[data-testid="chat-input"]');
        const at = performance.timeOrigin + performance.now();
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
        return at;
      });
      delays.push((await painted) - sent);
    }
    lines.push(`message sent in one browser (Enter) → painted in another, loopback: ${summary(delays)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
  return lines;
}
