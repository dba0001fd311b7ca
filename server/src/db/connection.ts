/**
 * One Kysely<Database> over either engine: PGlite (embedded PostgreSQL, the default, no server needed)
 * or a PostgreSQL server through a node-postgres pool (when DATABASE_URL is set). Both speak the same
 * SQL; the few engine differences (multi-statement scripts, file locking) stay in this file.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseEngine;
  /** Runs a multi-statement SQL script (a migration) on the executor's session, inside its transaction if any. */
  runScript(executor: Db, script: string): Promise<void>;
  /**
   * Calls `onNotify` for every `NOTIFY channel` (pg_notify) committed by any session of the database,
   * this process's or another's. PostgreSQL delivers a notification only when the transaction that sent
   * it commits, which is what "after commit" work (the notification outbox) waits for. Answers the unlisten.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** int8 (counts, money) as a JS number: amounts in minor units stay far below 2^53. */
const INT8_OID = 20;

/**
 * PGlite runs no autovacuum daemon, so its tables would never get planner statistics: the planner then
 * guesses a row or two per table and joins a 2,000-card board by nested loops (measured: its performers
 * 10 → 5 ms, its chats 2.3 → 0.7 ms once analysed). The handle analyses on open and then this often.
 */
const PGLITE_ANALYZE_INTERVAL_MS = 10 * 60_000;

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
      parsers: { [INT8_OID]: (value: string) => Number(value) },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    // Through Kysely, so that ANALYZE waits for a transaction in progress instead of landing inside it.
    const analyze = () => sql`ANALYZE`.execute(db);
    await analyze();
    // A failed run only leaves the previous statistics in place: the next one tries again.
    const analyzer = setInterval(() => void analyze().catch(() => {}), PGLITE_ANALYZE_INTERVAL_MS).unref();
    return {
      db,
      pglite,
      engine: 'pglite',
      // PGlite is one session: a script run on it directly lands inside the transaction Kysely opened.
      runScript: async (_executor, script) => {
        await pglite.exec(script);
      },
      listen: async (channel, onNotify) => pglite.listen(channel, () => onNotify()),
      close: async () => {
        clearInterval(analyzer);
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

export function openPostgres(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  pg.types.setTypeParser(INT8_OID, Number);
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its server must not crash the process; the next query reports the problem.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    // Without parameters node-postgres uses the simple query protocol, which accepts several statements.
    runScript: async (executor, script) => {
      await sql.raw(script).execute(executor);
    },
    listen: async (channel, onNotify) => {
      // LISTEN holds a session: one client of its own, outside the pool.
      const client = new pg.Client({ connectionString });
      client.on('error', () => {});
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => {});
      };
    },
    close: () => db.destroy(),
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
