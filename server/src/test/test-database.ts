/**
 * A fresh, migrated database for each test file, on the engine the Jest project chose
 * (NEGAYNO_TEST_DB): restoring a prepared copy is far cheaper than creating and migrating anew.
 * - pglite: an in-memory PGlite loaded from a dump of a migrated data directory. The dump is made once
 *   and kept in the temp dir under a key of the migrations and the PGlite version.
 * - pg: CREATE DATABASE … TEMPLATE of a migrated template database (made once per server and
 *   migration set, under an advisory lock so parallel workers make it once); dropped at close.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/connection.js';
import { migrate, readMigrations } from '../db/migrate.js';

export type TestEngine = 'pglite' | 'pg';

export function testEngine(): TestEngine {
  const engine = process.env.NEGAYNO_TEST_DB;
  if (engine !== 'pglite' && engine !== 'pg') throw new Error('NEGAYNO_TEST_DB must be pglite or pg (set by the Jest project)');
  return engine;
}

export function openTestDatabase(): Promise<DatabaseHandle> {
  return testEngine() === 'pglite' ? openPgliteTestDatabase() : openPostgresTestDatabase();
}

function schemaKey(extra: string): string {
  const hash = createHash('sha256').update(extra);
  for (const migration of readMigrations()) hash.update(migration.name).update(migration.sql);
  return hash.digest('hex').slice(0, 16);
}

/** An in-memory PGlite with every migration applied, from the dump (whichever engine the Jest project tests). */
export async function openPgliteTestDatabase(): Promise<DatabaseHandle> {
  return openPglite({ loadDataDir: await pgliteTemplate() });
}

async function pgliteTemplate(): Promise<Blob> {
  // The installed PGlite's path names its version (pnpm store): a new PGlite gets a new dump.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const file = join(tmpdir(), `negayno-pglite-${schemaKey(pgliteEntry)}.tar`);
  if (!existsSync(file)) {
    const fresh = await openPglite();
    await migrate(fresh);
    const dump = await fresh.pglite.dumpDataDir('none');
    await fresh.close();
    // Written aside then renamed: a parallel worker never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

const TEMPLATE_LOCK_KEY = 7_215_004_099;
/** Another session may still be leaving the template when a clone starts: PostgreSQL then refuses, briefly. */
const SOURCE_IN_USE = '55006';
/** Another run (other migrations, e.g. another branch on the same server) dropped the template as stale. */
const TEMPLATE_GONE = '3D000';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('server:pg tests need TEST_DATABASE_URL (the Jest global setup sets it after starting PostgreSQL)');
  return url;
}

function urlOfDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh migrated PostgreSQL database of its own, by URL: for a test that runs the server as a separate
 * process on it (a crash, a restart), or with `migrated: false` an empty one. `drop()` removes it, ending
 * whatever still holds it.
 */
export async function createPostgresTestDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `negayno_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (admin) => {
    // An empty one (no schema at all): what an operator restores a backup into (issue 37).
    if (options.migrated === false) return void (await admin.query(`CREATE DATABASE "${name}"`));
    for (let attempt = 0; ; attempt += 1) {
      // Asked again on every attempt: a run on another migration set may have dropped it meanwhile.
      const template = await ensureTemplate(admin);
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if ((code !== SOURCE_IN_USE && code !== TEMPLATE_GONE) || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return {
    url: urlOfDatabase(adminUrl(), name),
    drop: async () => {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function openPostgresTestDatabase(): Promise<DatabaseHandle> {
  const database = await createPostgresTestDatabase();
  const handle = openPostgres(database.url);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

async function ensureTemplate(admin: pg.Client): Promise<string> {
  const template = `negayno_tpl_${schemaKey('')}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return template;
    // Templates of older migration sets are of no use any more.
    const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'negayno_tpl_%'");
    // Without FORCE, and a refusal ignored: a template being cloned right now belongs to a run still going.
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    await admin.query(`CREATE DATABASE "${template}"`);
    const handle = openPostgres(urlOfDatabase(adminUrl(), template), { max: 1 });
    try {
      await migrate(handle);
    } catch (error) {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      throw error;
    }
    await handle.close();
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}
