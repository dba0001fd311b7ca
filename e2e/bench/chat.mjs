// Issue 13 figures, over real sockets on the built server (fresh demo, PGlite, one process):
// - chat send → receive: the manager sends a message (POST new-message) and a client's socket in the
//   chat's room hears its `message.update`; from the call's start to the event's arrival, one at a time.
// - fan-out: one message to 500 sockets in one chat room; from the call's start to each socket's event.
import { io } from 'socket.io-client';
import { startServer } from '../support/server.mjs';
import { signInCookie } from './lib/sign-in.mjs';
import { summary } from './lib/stats.mjs';
import { cookieApi } from './lib/api.mjs';

const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 100);
const FAN_OUT = Number(process.env.BENCH_FAN_OUT ?? 500);
const FAN_OUT_MESSAGES = Number(process.env.BENCH_FAN_OUT_MESSAGES ?? 10);
const READERS = ['admin@demo.test', 'user@demo.test', 'guest@demo.test', 'am@demo.test', 'sm@demo.test'];
const now = () => performance.timeOrigin + performance.now();

async function openSocket(url, cookie, room) {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const joined = await new Promise((resolve) => socket.emit('join', room, resolve));
  if (!joined.ok) throw new Error(`join ${room} refused`);
  return socket;
}

export async function run() {
  const server = await startServer();
  const sockets = [];
  try {
    const pm = await signInCookie(server.url, 'pm@demo.test');
    const readers = await Promise.all(READERS.map((email) => signInCookie(server.url, email)));
    const [project] = await cookieApi(server.url, readers[0], 'GET', '/projects');
    const cards = await cookieApi(server.url, readers[0], 'GET', `/project/${project.id}/tasks`);
    const chatId = cards.find((card) => card.chats.main !== undefined && card.status !== 'archived').chats.main;
    const room = `chat:${chatId}`;
    const send = (text) => cookieApi(server.url, pm, 'POST', `/chat/${chatId}/new-message`, { message: text });

    const listener = await openSocket(server.url, readers[1], room);
    sockets.push(listener);
    const roundTrips = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const started = now();
      const heard = new Promise((resolve) => listener.once('message.update', () => resolve(now())));
      await send(`Заміри ${i}`);
      roundTrips.push((await heard) - started);
    }

    for (let i = 0; i < FAN_OUT; i += 1) sockets.push(await openSocket(server.url, readers[i % readers.length], room));
    const fan = sockets.slice(1);
    const deliveries = [];
    for (let m = 0; m < FAN_OUT_MESSAGES; m += 1) {
      const arrivals = [];
      const all = Promise.all(fan.map((socket) => new Promise((resolve) => socket.once('message.update', () => resolve(arrivals.push(now()))))));
      const started = now();
      await send(`Розсилка ${m}`);
      await all;
      for (const at of arrivals) deliveries.push(at - started);
    }
    return [
      `chat send → receive over sockets (POST to message.update): ${summary(roundTrips)}`,
      `one message fanned out to ${fan.length} sockets in a chat room (POST start to each event): ${summary(deliveries)}`,
    ];
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.stop();
  }
}
