/**
 * One Kysely<Database> over either engine: PGlite (embedded PostgreSQL, the default, no server needed)
 * or a PostgreSQL server through a node-postgres pool (when DATABASE_URL is set). Both speak the same
 * SQL; the few engine differences (multi-statement scripts, file locking) stay in this file.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { analyzeAll, startAutoAnalyze } from './auto-analyze.js';
import { SESSION_SEARCH_SETTINGS } from './text-search.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseEngine;
  /** Runs a multi-statement SQL script (a migration) on the executor's session, inside its transaction if any. */
  runScript(executor: Db, script: string): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel`, from any process on this database, until the
   * answered function stops it. `onReconnect` runs when the listening connection was lost and is back:
   * notifications sent in between were missed, so a listener drops whatever they would have told it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** int8 (counts, money) as a JS number: amounts in minor units stay far below 2^53. */
const INT8_OID = 20;

/**
 * PGlite runs no autovacuum daemon, so its tables would never get planner statistics: the planner then
 * guesses a row or two per table and joins a 2,000-card board by nested loops (measured: its performers
 * 10 → 5 ms, its chats 2.3 → 0.7 ms once analysed). The handle analyses on open, then every table that
 * changed enough since (auto-analyze.ts), checked this often.
 */
const PGLITE_ANALYZE_CHECK_MS = 30_000;

export interface PgliteOptions {
  /** A directory for the data; omitted = in memory (tests). */
  dataDir?: string;
  /** A data directory dump (`dumpDataDir`) to start from: tests restore a migrated database this way. */
  loadDataDir?: Blob;
}

export interface PgliteHandle extends DatabaseHandle {
  /** The engine itself, for what only PGlite does (dumping its data directory). */
  pglite: PGlite;
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteHandle> {
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const pglite = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      // Search (issue 38) matches typos and word parts by trigrams; PostgreSQL ships it in contrib.
      extensions: { pg_trgm },
      parsers: { [INT8_OID]: (value: string) => Number(value) },
    });
    await pglite.exec(SESSION_SEARCH_SETTINGS);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    await analyzeAll(db);
    const stopAnalyzer = startAutoAnalyze(db, PGLITE_ANALYZE_CHECK_MS);
    return {
      db,
      pglite,
      engine: 'pglite',
      // PGlite is one session: a script run on it directly lands inside the transaction Kysely opened.
      runScript: async (_executor, script) => {
        await pglite.exec(script);
      },
      // One process holds PGlite, so its own notifications are all there are.
      listen: async (channel, onPayload) => {
        const unlisten = await pglite.listen(channel, onPayload);
        return () => unlisten();
      },
      close: async () => {
        stopAnalyzer();
        await db.destroy();
        // Kysely closes PGlite only when it ran a query: an unused engine would keep its timers alive.
        if (!pglite.closed) await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Planner settings (name → value) a pool's sessions start with: see `withSessionSettings`. */
export type SessionSettings = Readonly<Record<string, string>>;

/** The pools of each PostgreSQL handle's `db` whose sessions start with settings of their own, by those settings. */
const settingsPools = new WeakMap<Db, (settings: SessionSettings) => Db>();

/**
 * `db` with every session started with `settings` (`-c name=value` at connect), for queries that need
 * planner settings the rest of the server must not get (the search's, modules/search/service.ts): a pool
 * of its own, as large as the handle's, opened on first use and closed with the handle. The settings then
 * cost nothing per query, where `SET LOCAL` costs a transaction and a statement each time. Null on
 * PGlite (one session every caller shares: set them locally in a transaction there) and for a
 * transaction or any other `db` than a handle's own.
 */
export function withSessionSettings(db: Db, settings: SessionSettings): Db | null {
  return settingsPools.get(db)?.(settings) ?? null;
}

function optionsOf(settings: SessionSettings): string {
  return Object.entries(settings)
    .map(([name, value]) => {
      if (!/^[a-z_.]+$/.test(name) || !/^[a-z0-9_.]+$/i.test(value)) throw new Error(`not a session setting: ${name}=${value}`);
      return `-c ${name}=${value}`;
    })
    .join(' ');
}

function newPool(connectionString: string, max: number, settings?: SessionSettings): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, ...(settings ? { options: optionsOf(settings) } : {}) });
  // An idle client losing its server must not crash the process; the next query reports the problem.
  pool.on('error', () => {});
  // Queued on the new connection before any query a caller sends on it.
  pool.on('connect', (client) => void client.query(SESSION_SEARCH_SETTINGS).catch(() => {}));
  return pool;
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  pg.types.setTypeParser(INT8_OID, Number);
  const max = options.max ?? 10;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: newPool(connectionString, max) }) });
  const tuned = new Map<string, Db>();
  settingsPools.set(db, (settings) => {
    const key = optionsOf(settings);
    let found = tuned.get(key);
    if (!found) {
      found = new Kysely<Database>({ dialect: new PostgresDialect({ pool: newPool(connectionString, max, settings) }) });
      tuned.set(key, found);
    }
    return found;
  });
  return {
    db,
    engine: 'postgres',
    // Without parameters node-postgres uses the simple query protocol, which accepts several statements.
    runScript: async (executor, script) => {
      await sql.raw(script).execute(executor);
    },
    listen: (channel, onPayload, onReconnect) => listenOnPostgres(connectionString, channel, onPayload, onReconnect),
    close: async () => {
      settingsPools.delete(db);
      await Promise.all([db.destroy(), ...[...tuned.values()].map((other) => other.destroy())]);
    },
  };
}

const LISTEN_RETRY_MS = 1000;

/** How often the listening connection is asked whether it is still there, and how long it may take to say. */
export interface ListenHeartbeat {
  everyMs: number;
  timeoutMs: number;
}
const LISTEN_HEARTBEAT: ListenHeartbeat = { everyMs: 5000, timeoutMs: 3000 };

/**
 * LISTEN needs one connection kept open (a pooled one goes back to the pool and forgets it). When the
 * connection drops it is opened again every second, and `onReconnect` tells the listener it missed
 * whatever was sent in between. A connection can also die silently (a network cut, a peer gone without
 * a reset): no error ever comes, no notification either, and the caches that rely on them would keep
 * their entries to their age bound from then on. So the connection is asked a trivial query every few
 * seconds, and one that does not answer in time is given up and opened again.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
  heartbeat: ListenHeartbeat = LISTEN_HEARTBEAT,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const reconnectLater = () => {
    if (!stopped) retry = setTimeout(() => void connect().then(onReconnect, reconnectLater), LISTEN_RETRY_MS).unref();
  };
  /** This connection is gone: closed without waiting for it (a dead one may never answer), and replaced. */
  const lost = (gone: pg.Client) => {
    gone.end().catch(() => {});
    if (client !== gone) return;
    client = null;
    reconnectLater();
  };
  const keepAsking = (asked: pg.Client) => {
    let waiting = false;
    const timer = setInterval(() => {
      if (client !== asked) return clearInterval(timer);
      if (waiting) return;
      waiting = true;
      let late: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        late = setTimeout(() => reject(new Error('the listening connection did not answer')), heartbeat.timeoutMs);
      });
      Promise.race([asked.query('SELECT 1'), timedOut]).then(
        () => {
          clearTimeout(late);
          waiting = false;
        },
        () => {
          clearTimeout(late);
          clearInterval(timer);
          lost(asked);
        },
      );
    }, heartbeat.everyMs);
    timer.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    client = next;
    keepAsking(next);
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end();
  };
}

/** The database of a configuration: a PostgreSQL server when a URL is given, else PGlite in DATA_DIR/db. */
export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<DatabaseHandle> {
  if (config.databaseUrl) return Promise.resolve(openPostgres(config.databaseUrl));
  const dataDir = join(config.dataDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  return openPglite({ dataDir });
}

/**
 * PGlite's files must be opened by one process at a time (the server or the CLI); a second opener would
 * corrupt them. A pid file beside the data refuses the second one with a clear message.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(`The database in ${dataDir} is in use by process ${holder}. Stop it first, or set DATABASE_URL to use a PostgreSQL server.`, {
          cause: error,
        });
      }
      unlinkSync(lockFile); // a stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
