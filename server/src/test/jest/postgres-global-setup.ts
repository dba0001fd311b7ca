/**
 * The server:pg project needs a PostgreSQL server. CI names one (TEST_DATABASE_URL); otherwise this
 * starts a throwaway one from the Debian binaries: initdb and pg_ctl as the `postgres` OS user when
 * running as root (PostgreSQL refuses root), a temp data and socket dir that user owns, 127.0.0.1 on a
 * free port, durability off. It never skips: no PostgreSQL means a loud failure.
 * (No relative imports here: Jest loads global setups without the project's module mapping.)
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

declare global {
  var negaynoPostgres: ThrowawayPostgres | undefined;
}

export default async function postgresGlobalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    await assertReachable(process.env.TEST_DATABASE_URL);
    return;
  }
  const server = await startThrowawayPostgres();
  globalThis.negaynoPostgres = server;
  process.env.TEST_DATABASE_URL = server.url;
  await assertReachable(server.url);
}

async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(`server:pg tests: PostgreSQL at ${redact(url)} is not reachable: ${(error as Error).message}`, { cause: error });
  } finally {
    await client.end().catch(() => {});
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      'server:pg tests need PostgreSQL: set TEST_DATABASE_URL, or install the Debian package (apt-get install postgresql) so /usr/lib/postgresql/<version>/bin/initdb exists, or set PG_BIN.',
    );
  }
  return join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const base = mkdtempSync(join(tmpdir(), 'negayno-pg-'));
  const dataDir = join(base, 'data');
  const socketDir = base;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(base, uid, gid);
  }
  // As root, every PostgreSQL binary runs as the postgres user.
  const run = (tool: string, args: string[]) => {
    const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    return execFileSync(command, commandArgs, { stdio: 'pipe' });
  };

  const port = await freePort();
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const options = [
      `-p ${port}`,
      `-k ${socketDir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    run('pg_ctl', ['-D', dataDir, '-l', join(base, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start']);
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    rmSync(base, { recursive: true, force: true });
    throw new Error(`server:pg tests: could not start PostgreSQL from ${bin}: ${(error as Error).message}\n${output}`, { cause: error });
  }

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  };
  // Should Jest die before its teardown, the server must not outlive it.
  process.once('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
