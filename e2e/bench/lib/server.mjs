// Starts the built server on a free port with a fresh embedded database and the demo seeded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'negayno-bench-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NEGAYNO_SEED_DEMO: '1', LOG_LEVEL: 'warn', ...extraEnv };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'inherit'], cwd: repoRoot });
  child.stdout.resume();
  const url = `http://127.0.0.1:${port}`;
  let exited = null;
  child.once('exit', (code) => {
    exited = code;
  });
  // Migrating and seeding a fresh database (argon2 hashes) takes a while on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) throw new Error(`the server exited with code ${exited} before it was ready`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server was not ready at ${url} within 180 s`);
    }
    try {
      if ((await fetch(`${url}/api/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (exited === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
