// Starts the built server for the end-to-end run on a fresh embedded database, demo seeded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'negayno-e2e-'));
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '8199',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NEGAYNO_SEED_DEMO: '1',
  NODE_ENV: 'test',
  DATABASE_URL: '',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
};
delete env.DATABASE_URL;

const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], { env, stdio: 'inherit', cwd: root });
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
