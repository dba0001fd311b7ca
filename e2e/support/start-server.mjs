// Starts the built server for the end-to-end run on a fresh database, demo seeded, sending
// its mail over SMTP to a mail catcher on loopback and its Telegram messages to the Bot API stand-in
// (server/dist/dev/telegram-stand-in.js) on loopback. Before the server starts, the operator's CLI
// issues the fresh invitation codes the registration specs use (PGlite takes one process at a time).
// The database: a fresh one on the PostgreSQL server TEST_DATABASE_URL names (CI's, production's engine),
// else the embedded PGlite in the data directory. On PGlite every query runs on the server's one thread,
// so two workers' bursts wait on each other's (a 55-message burst held static files for a second); the
// embedded install keeps its own tests (server:pglite, the demo seed, `npm start`).
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_CODES } from './codes.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { newDataDir, newPostgresDatabase, repoRoot, runAdmin } from './server.mjs';

const port = process.env.E2E_PORT ?? '8199';
const dataDir = newDataDir();
const postgres = process.env.TEST_DATABASE_URL ? await newPostgresDatabase(process.env.TEST_DATABASE_URL, `negayno_e2e_${port}`) : undefined;
const databaseEnv = postgres ? { DATABASE_URL: postgres.url } : {};
const mail = await startMailCatcher();
const { startTelegramStandIn } = await import(join(repoRoot, 'server', 'dist', 'dev', 'telegram-stand-in.js'));
const telegram = await startTelegramStandIn();
// support/mail.ts reads this file to reach the catcher.
const catcherFile = join(tmpdir(), `negayno-e2e-${port}-mail.json`);
writeFileSync(catcherFile, JSON.stringify({ readerUrl: mail.readerUrl, telegramUrl: telegram.url }));

for (const [kind, codes] of Object.entries(E2E_CODES)) {
  try {
    runAdmin(dataDir, ['issue-invitation', '--kind', kind, ...codes.flatMap((code) => ['--code', code]), '--note', 'end-to-end'], databaseEnv);
  } catch (error) {
    console.error(error.message);
    await postgres?.drop();
    process.exit(1);
  }
}

const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NEGAYNO_SEED_DEMO: '1',
  NODE_ENV: 'test',
  // Every spec signs in: argon2's smallest settings (support/server.mjs says why).
  PASSWORD_HASH_COST: 'test',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  SMTP_URL: mail.smtpUrl,
  TELEGRAM_BOT_TOKEN: telegram.token,
  TELEGRAM_API_URL: telegram.url,
  TELEGRAM_POLL_TIMEOUT_SECONDS: '2',
  // Per signed-in user: the specs of both workers sign the same demo people in at once, and each open
  // board of theirs reads a card on every change of it, so one demo admin passed 600 a minute and got 429s
  // (the limit itself is tested in the server suite, hardening.test.ts).
  API_RATE_LIMIT_PER_MINUTE: '20000',
};
delete env.DATABASE_URL;
Object.assign(env, databaseEnv);
const server = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], { env, stdio: 'inherit', cwd: repoRoot });
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', async (code) => {
  await mail.close();
  await telegram.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(catcherFile, { force: true });
  process.exit(code ?? 0);
});
