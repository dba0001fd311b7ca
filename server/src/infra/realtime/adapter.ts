/**
 * The socket.io adapter chosen by SOCKET_ADAPTER (issue 18): with several server processes an event
 * sent to a room must reach the room's sockets on every process, and fetchSockets / socketsLeave must
 * see all of them. `postgres` rides on the database every process already has (NOTIFY, table
 * socket_io_attachments of migration 0009); `redis` on a Redis server's pub/sub. The adapter only
 * carries packets: what a socket missed while its process died is caught up from the event log.
 */
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import pg from 'pg';
import { createClient } from 'redis';
import type { SocketAdapterConfig } from '../../config.js';
import type { SocketAdapter } from './server.js';

export interface OpenAdapter {
  adapter: SocketAdapter;
  /** Closes the adapter's own connections (after socket.io has closed). */
  close(): Promise<void>;
}

/** Packets go out on a pooled connection; the adapter keeps one more of its own for LISTEN. */
const POSTGRES_ADAPTER_POOL = 2;
/**
 * A question to every process (fetchSockets: who has a chat open) waits for each one's answer; a
 * process killed a moment ago cannot answer, and the PostgreSQL adapter keeps waiting on it until its
 * heartbeat is overdue. These bound both (socket.io's defaults: 5 s, and 5 s / 10 s): in the fault
 * harness, a kill made such questions pile up for seconds (docs/perf.md, issue 18).
 */
const TIMEOUTS = { requestsTimeout: 1_000, heartbeatInterval: 1_000, heartbeatTimeout: 3_000 };

/** null for `memory`: socket.io's in-process adapter, one process. */
export async function openSocketAdapter(config: SocketAdapterConfig, onError: (error: unknown) => void): Promise<OpenAdapter | null> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: POSTGRES_ADAPTER_POOL });
    // A lost connection is reported and replaced by the pool; it must not crash the process.
    pool.on('error', onError);
    return { adapter: createPostgresAdapter(pool, TIMEOUTS) as SocketAdapter, close: () => pool.end() };
  }
  if (config.kind === 'redis') {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', onError);
    sub.on('error', onError);
    await Promise.all([pub.connect(), sub.connect()]);
    return {
      adapter: createRedisAdapter(pub, sub, { requestsTimeout: TIMEOUTS.requestsTimeout }) as SocketAdapter,
      close: async () => {
        await Promise.all([pub.quit(), sub.quit()]);
      },
    };
  }
  return null;
}
