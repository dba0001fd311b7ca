/**
 * The listening connection of a PostgreSQL server (sessions, profiles and the outbox hear their
 * notifications on it) must not die silently: a connection whose bytes stop without a reset (a network
 * cut) gives no error, and the caches would miss every notification from then on. Here a loopback proxy
 * freezes the connection; its heartbeat notices, and a new one hears what is sent after.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { createPostgresTestDatabase } from '../test/test-database.js';
import { listenOnPostgres } from './connection.js';

/** A TCP proxy to the database whose open connections can be frozen: no byte passes, nothing closes. */
async function freezingProxy(host: string, port: number): Promise<{ port: number; freeze(): void; close(): Promise<void> }> {
  const pairs: Array<[Socket, Socket]> = [];
  let frozen = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(port, host);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    freeze() {
      for (const [client, upstream] of pairs.slice(frozen)) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      frozen = pairs.length;
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the listening connection (PostgreSQL)', () => {
  it('notices a connection frozen without a reset, opens a new one and hears what is sent after', async () => {
    const database = await createPostgresTestDatabase();
    const target = new URL(database.url);
    const proxy = await freezingProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const notifier = new pg.Client({ connectionString: database.url });
    await notifier.connect();
    const heard: string[] = [];
    let reconnects = 0;
    const stop = await listenOnPostgres(
      viaProxy.toString(),
      'negayno_test_channel',
      (payload) => heard.push(payload),
      () => (reconnects += 1),
      { everyMs: 100, timeoutMs: 300 },
    );
    try {
      await notifier.query(`NOTIFY negayno_test_channel, 'before'`);
      await until(() => heard.includes('before'));

      proxy.freeze();
      await notifier.query(`NOTIFY negayno_test_channel, 'while frozen'`);
      await until(() => reconnects === 1);

      await notifier.query(`NOTIFY negayno_test_channel, 'after'`);
      await until(() => heard.includes('after'));
      // Missed, and the listener was told so (onReconnect) rather than left believing it heard everything.
      expect(heard).toEqual(['before', 'after']);
    } finally {
      await stop();
      await notifier.end();
      await proxy.close();
      await database.drop();
    }
  });
});
