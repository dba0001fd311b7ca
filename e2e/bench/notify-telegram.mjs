// Issue 14 figure: notification delivery time, from the call that triggers it to the Telegram Bot API
// stand-in receiving the message. The built server runs on a fresh demo with the stand-in as its Bot
// API; the demo client links the bot (`/start TOKEN`) and watches all tasks; the demo administrator
// creates tasks one after another, and each creation's `task_created` reaches the client's chat.
import { join } from 'node:path';
import { repoRoot, startServer } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';
import { cookieApi } from './lib/api.mjs';
import { signInCookie } from './lib/sign-in.mjs';

const COUNT = Number(process.env.BENCH_NOTIFICATIONS ?? 100);
const { startTelegramStandIn } = await import(join(repoRoot, 'server', 'dist', 'dev', 'telegram-stand-in.js'));
const now = () => performance.timeOrigin + performance.now();

async function until(check, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export async function run() {
  const standIn = await startTelegramStandIn();
  const server = await startServer({ TELEGRAM_BOT_TOKEN: standIn.token, TELEGRAM_API_URL: standIn.url, TELEGRAM_POLL_TIMEOUT_SECONDS: '1' });
  try {
    const client = await signInCookie(server.url, 'user@demo.test');
    await cookieApi(server.url, client, 'PUT', '/user/update-settings', { notifyAllTasks: true });
    const link = await cookieApi(server.url, client, 'POST', '/channel/telegram/link');
    standIn.userSends(777, `/start ${link.token}`);
    await until(() => standIn.messages.some((message) => message.chatId === 777));

    const admin = await signInCookie(server.url, 'admin@demo.test');
    const projects = await cookieApi(server.url, admin, 'GET', '/projects');
    const project = projects.find((entry) => entry.role === 'administrator');
    const delays = [];
    for (let i = 0; i < COUNT; i += 1) {
      const name = `Bench ${i} ${Date.now()}`;
      const started = now();
      await cookieApi(server.url, admin, 'POST', `/project/${project.id}/new-task`, { name });
      let received;
      await until(() => (received = standIn.messages.find((message) => message.chatId === 777 && message.text.includes(name))) !== undefined);
      delays.push(received.receivedAt - started);
    }
    return [`notification delivery, trigger call to the Bot API stand-in (PGlite, one process): ${summary(delays)}`];
  } finally {
    await server.stop();
    await standIn.close();
  }
}
