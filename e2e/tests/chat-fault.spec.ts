/**
 * The fault test of issue 13: 200 socket.io clients in one task chat, each with the browser's own
 * catch-up (`LiveRooms` of @negayno/shared/api), reach the server through a TCP proxy that cuts their
 * connections 50 times at random while messages flow. Every client must end with every message exactly
 * once, without reloading (no `resync`): what a cut connection missed comes back from the event log.
 */
import { createConnection, createServer, type Server, type Socket as TcpSocket } from 'node:net';
import { LiveRooms } from '@negayno/shared/api';
import {
  endpoints,
  rooms,
  type Envelope,
  type EventsPage,
  type JoinResult,
  type MessagesPage,
  type ProjectListItem,
  type TaskCard,
} from '@negayno/shared/contract';
import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { DEMO, DEMO_PASSWORD, E2E_BASE_URL, E2E_PORT } from '../support/env';

const CLIENTS = 200;
const DROPS = 50;
const MESSAGES = 60;
/** The people who read the main chat; the clients are spread over them (the API limit is per person). */
const READERS = [DEMO.admin, DEMO.user, DEMO.guest, DEMO.am, DEMO.pm, DEMO.sm];

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${E2E_BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.ok).toBe(true);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function get<T>(base: string, path: string, cookie: string): Promise<T> {
  const response = await fetchOnceCutsAllow(`${base}/api${path}`, { headers: { cookie } });
  const body = (await response.json()) as Envelope<T>;
  if (body.status !== 'ok') throw new Error(`${path}: ${body.code}`);
  return body.data;
}

/**
 * A read sent while the proxy cuts connections: a connection cut under it is tried again on a new one, as a
 * browser does for a request whose kept-alive connection closed (a client of this spec has no browser).
 */
async function fetchOnceCutsAllow(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A TCP proxy in front of the server whose connections can be cut at will (a train entering a tunnel). */
async function startProxy(): Promise<{ url: string; cut(count: number): number; close(): Promise<void> }> {
  const open = new Set<[TcpSocket, TcpSocket]>();
  const server: Server = createServer((downstream) => {
    const upstream = createConnection({ host: '127.0.0.1', port: E2E_PORT });
    const pair: [TcpSocket, TcpSocket] = [downstream, upstream];
    open.add(pair);
    const drop = () => {
      open.delete(pair);
      downstream.destroy();
      upstream.destroy();
    };
    downstream.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    downstream.pipe(upstream).pipe(downstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    cut(count) {
      const pairs = [...open].sort(() => Math.random() - 0.5).slice(0, count);
      for (const [downstream, upstream] of pairs) {
        downstream.destroy();
        upstream.destroy();
      }
      return pairs.length;
    },
    close: () =>
      new Promise((resolve) => {
        for (const [downstream, upstream] of open) {
          downstream.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/** One client as a browser's chat store holds it: the messages by id, each applied by upsert. */
interface Client {
  socket: Socket;
  live: LiveRooms;
  messages: Set<number>;
  resyncs: number;
  catchUps: number;
}

test.describe('chat fault tolerance (issue 13)', () => {
  test.setTimeout(180_000);

  test('200 clients, 50 random connection cuts while messages flow: every client ends with every message exactly once', async () => {
    const cookies = await Promise.all(READERS.map(signIn));
    const [project] = await get<ProjectListItem[]>(E2E_BASE_URL, endpoints.projects.list.path, cookies[0]!);
    const cards = await get<TaskCard[]>(E2E_BASE_URL, `/project/${project!.id}/tasks`, cookies[0]!);
    const task = cards.find((card) => card.chats.main !== undefined && card.status !== 'archived');
    expect(task, 'the demo has a task with chats').toBeTruthy();
    const chatId = task!.chats.main!;
    const room = rooms.chat(chatId);
    const proxy = await startProxy();
    const clients: Client[] = [];

    const loadAll = async (cookie: string, into: Set<number>) => {
      let page = await get<MessagesPage>(proxy.url, `/chat/${chatId}/messages`, cookie);
      for (;;) {
        for (const message of page.list) into.add(message.id);
        if (!page.hasMore) return;
        page = await get<MessagesPage>(proxy.url, `/chat/${chatId}/messages/${page.list[0]!.id}`, cookie);
      }
    };

    try {
      const connectClient = async (i: number) => {
        const cookie = cookies[i % cookies.length]!;
        const socket = io(proxy.url, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie },
          reconnectionDelay: 100,
          reconnectionDelayMax: 1000,
          autoConnect: false,
        });
        const client: Client = { socket, messages: new Set(), resyncs: 0, catchUps: 0, live: null as unknown as LiveRooms };
        client.live = new LiveRooms(
          socket,
          async (asked, after) => {
            client.catchUps += 1;
            return get<EventsPage>(proxy.url, `/events?room=${encodeURIComponent(asked)}&after=${after}`, cookie);
          },
          () => {
            client.resyncs += 1;
            void loadAll(cookie, client.messages);
          },
        );
        // Applying twice is harmless: the store upserts by id (a browser reads the message again).
        socket.on('message.update', (event: { messageId: number }) => client.messages.add(event.messageId));
        const joined = new Promise<void>((resolve) =>
          socket.on('connect', () =>
            socket.emit('join', room, (result: JoinResult) => {
              client.live.joined(room, result);
              resolve();
            }),
          ),
        );
        socket.connect();
        await joined;
        await loadAll(cookie, client.messages);
        clients.push(client);
      };
      // Twenty at a time: the set-up is not what is measured.
      for (let i = 0; i < CLIENTS; i += 20) await Promise.all(Array.from({ length: Math.min(20, CLIENTS - i) }, (_, k) => connectClient(i + k)));

      const sent: number[] = [];
      const sending = (async () => {
        for (let i = 0; i < MESSAGES; i += 1) {
          const response = await fetch(`${E2E_BASE_URL}/api/chat/${chatId}/new-message`, {
            method: 'POST',
            headers: { cookie: cookies[READERS.indexOf(DEMO.pm)]!, 'content-type': 'application/json' },
            body: JSON.stringify({ message: `Повідомлення під обривами №${i}`, tempId: `fault-${Date.now()}-${i}` }),
          });
          const body = (await response.json()) as Envelope<{ id: number }>;
          if (body.status !== 'ok') throw new Error(`send ${i}: ${body.code}`);
          sent.push(body.data.id);
        }
      })();
      let cuts = 0;
      let cutConnections = 0;
      const cutting = (async () => {
        while (cuts < DROPS) {
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
          cutConnections += proxy.cut(1 + Math.floor(Math.random() * 12));
          cuts += 1;
        }
      })();
      await Promise.all([sending, cutting]);

      const complete = (client: Client) => sent.every((id) => client.messages.has(id));
      await expect.poll(() => clients.filter(complete).length, { timeout: 60_000, intervals: [250] }).toBe(CLIENTS);

      const expected = new Set([...clients[0]!.messages, ...sent]);
      for (const client of clients) {
        expect([...client.messages].sort()).toEqual([...expected].sort());
        expect(client.resyncs).toBe(0);
      }
      const catchUps = clients.reduce((sum, client) => sum + client.catchUps, 0);
      console.log(`chat fault: ${CLIENTS} clients, ${cuts} cuts (${cutConnections} connections), ${sent.length} messages, ${catchUps} catch-ups, 0 resyncs`);
    } finally {
      for (const client of clients) client.socket.disconnect();
      await proxy.close();
    }
  });
});
