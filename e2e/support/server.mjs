// The built server and the operator's CLI on a data directory of their own, as an operator runs
// them: the benchmarks, the screenshot tool and the specs that need a server apart from the shared
// end-to-end one (their own database, clock settings or CLI-issued codes) all start it from here.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh, empty data directory (its embedded database is created on first use). */
export function newDataDir() {
  return mkdtempSync(join(tmpdir(), 'negayno-own-'));
}

/**
 * A fresh, empty PostgreSQL database on the server `serverUrl` names (the server migrates it on start):
 * answers its URL and `drop()`, which ends whatever still holds it. The `pg` client is the server's own.
 */
export async function newPostgresDatabase(serverUrl, prefix = 'negayno_e2e') {
  const pg = createRequire(join(repoRoot, 'server', 'package.json'))('pg');
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const onServer = async (sqlText) => {
    const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
    await admin.connect();
    try {
      await admin.query(sqlText);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * The environment of the server and the CLI on `dataDir`: the embedded database, unless the caller
 * names a PostgreSQL database with `DATABASE_URL` in `extraEnv` (the caller's own DATABASE_URL never leaks in).
 */
function environment(dataDir, extraEnv) {
  // PASSWORD_HASH_COST=test: the demo's and every registered person's hash at argon2's smallest settings, so a
  // sign-in (every spec's first step) costs a millisecond instead of ~100 ms of both cores.
  const env = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', PASSWORD_HASH_COST: 'test' };
  delete env.DATABASE_URL;
  return { ...env, ...extraEnv };
}

/**
 * Runs `negayno-admin <args>` on the data directory and answers what it printed. PGlite's files take
 * one process at a time: run it while no server is started on that directory.
 */
export function runAdmin(dataDir, args, extraEnv = {}) {
  const result = spawnSync(process.execPath, [join(repoRoot, 'server', 'dist', 'cli.js'), ...args], {
    env: environment(dataDir, extraEnv),
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`negayno-admin ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/**
 * Starts the built server on a free port of 127.0.0.1, on `dataDir` (a fresh one unless given; the demo
 * is seeded unless `NEGAYNO_SEED_DEMO` says otherwise) and waits until it answers. `stop()` ends it
 * and removes the data directory.
 */
export async function startServer(extraEnv = {}, { dataDir = newDataDir() } = {}) {
  const port = await freePort();
  const env = environment(dataDir, { PORT: String(port), NEGAYNO_SEED_DEMO: '1', ...extraEnv });
  const child = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'inherit'], cwd: repoRoot });
  child.stdout.resume();
  const url = `http://127.0.0.1:${port}`;
  let exited = null;
  child.once('exit', (code) => {
    exited = code;
  });
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Migrating and seeding a fresh database (argon2 hashes) takes a while on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`the server exited with code ${exited} before it was ready`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready at ${url} within 180 s`);
    }
    try {
      if ((await fetch(`${url}/api/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, dataDir, pid: child.pid, stop };
}
