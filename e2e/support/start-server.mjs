// Starts the built server for the end-to-end run on a fresh embedded database, demo seeded, sending
// its mail over SMTP to a mail catcher on loopback and its Telegram messages to the Bot API stand-in
// (server/dist/dev/telegram-stand-in.js) on loopback. Before the server starts, the operator's CLI
// issues the fresh invitation codes the registration specs use (PGlite takes one process at a time).
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_CODES } from './codes.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { newDataDir, repoRoot, runAdmin } from './server.mjs';

const port = process.env.E2E_PORT ?? '8199';
const dataDir = newDataDir();
const mail = await startMailCatcher();
const { startTelegramStandIn } = await import(join(repoRoot, 'server', 'dist', 'dev', 'telegram-stand-in.js'));
const telegram = await startTelegramStandIn();
// support/mail.ts reads this file to reach the catcher.
const catcherFile = join(tmpdir(), `negayno-e2e-${port}-mail.json`);
writeFileSync(catcherFile, JSON.stringify({ readerUrl: mail.readerUrl, telegramUrl: telegram.url }));

for (const [kind, codes] of Object.entries(E2E_CODES)) {
  try {
    runAdmin(dataDir, ['issue-invitation', '--kind', kind, ...codes.flatMap((code) => ['--code', code]), '--note', 'end-to-end']);
  } catch (error) {
    console.error(error.message);
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
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  SMTP_URL: mail.smtpUrl,
  TELEGRAM_BOT_TOKEN: telegram.token,
  TELEGRAM_API_URL: telegram.url,
  TELEGRAM_POLL_TIMEOUT_SECONDS: '2',
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], { env, stdio: 'inherit', cwd: repoRoot });
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', async (code) => {
  await mail.close();
  await telegram.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(catcherFile, { force: true });
  process.exit(code ?? 0);
});
