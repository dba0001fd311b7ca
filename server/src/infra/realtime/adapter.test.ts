/**
 * Several server processes (issue 18): two apps on one database, each with its own socket.io server
 * joined by the adapter SOCKET_ADAPTER names. An event raised by one app reaches a socket connected
 * to the other, with its number from the shared event log. The PostgreSQL adapter needs a PostgreSQL
 * server, so the PGlite project runs the Redis one only (the machine's Redis on 127.0.0.1:6379, or REDIS_URL).
 */
import { SOCKET_PATH, rooms, type ClientToServerEvents, type ServerToClientEvents } from '@negayno/shared/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp, type BuiltApp } from '../../app.js';
import { openPostgres, type DatabaseHandle } from '../../db/connection.js';
import { createUser } from '../../seed/builders.js';
import { injectInto, sessionCookieOf, testConfig } from '../../test/harness.js';
import { createPostgresTestDatabase, openTestDatabase, testEngine } from '../../test/test-database.js';
import { DEFAULT_TEST_PASSWORD } from '../../seed/builders.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const adapters = testEngine() === 'pg' ? (['postgres', 'redis'] as const) : (['redis'] as const);

describe.each(adapters)('the %s socket adapter', (kind) => {
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  const apps: BuiltApp[] = [];
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const created = await createPostgresTestDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
      database = openPostgres(created.url);
    } else {
      database = await openTestDatabase();
    }
    const env = { SOCKET_ADAPTER: kind, DATABASE_URL: databaseUrl, REDIS_URL };
    for (let i = 0; i < 2; i++) apps.push(await buildApp(testConfig(env), { database }));
  });
  afterAll(async () => {
    socket?.disconnect();
    for (const app of apps) await app.close();
    await database.close();
    await dropDatabase();
  });

  it('carries an event raised in one process to a socket of the other', async () => {
    const [first, second] = apps as [BuiltApp, BuiltApp];
    const user = await createUser(first.db);
    const login = await injectInto(first, 'POST', '/api/login', { payload: { email: user.email, password: DEFAULT_TEST_PASSWORD } });
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = first.app.server.address() as { port: number };
    socket = connect(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: sessionCookieOf(login) },
      forceNew: true,
    });
    const hello = await new Promise<{ seq: number }>((resolve) => socket!.once('live.hello', resolve));

    const heard = new Promise((resolve) => socket!.once('task.chats.update', resolve));
    second.services.realtime.emitToUser(user.id, 'task.chats.update', { taskId: 1, chatId: 2 });
    expect(await heard).toEqual({ taskId: 1, chatId: 2, seq: { [rooms.user(user.id)]: hello.seq + 1 } });
    // And the process that raised it sees the socket of the other through the adapter, once it has
    // heard the other's heartbeat (every second): before that it counts no other process to ask.
    const deadline = Date.now() + 5_000;
    let seen = await second.services.realtime.usersIn(rooms.user(user.id));
    while (seen.size === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await second.services.realtime.usersIn(rooms.user(user.id));
    }
    expect(seen).toEqual(new Set([user.id]));
  });
});
