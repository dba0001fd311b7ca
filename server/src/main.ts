/** Starts the server: configuration, database, migrations, the demo when asked, then HTTP and sockets. */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { analyzeAll } from './db/auto-analyze.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { DEMO_INVITATION_CODES, DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './seed/demo.js';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function banner(config: Config, port: number): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = ['', `  Negayno is running at http://${host}:${port}`];
  if (config.seedDemo) {
    lines.push('', `  Demo logins (password: ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) lines.push(`    ${login.email.padEnd(22)} ${login.who}`);
    lines.push('', '  Demo invitation codes:');
    for (const invitation of DEMO_INVITATION_CODES) lines.push(`    ${invitation.code.padEnd(22)} ${invitation.who}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfigOrExit();
  const database = await openDatabase(config);
  const applied = await migrate(database);
  const built = await buildApp(config, { database });
  const log = built.app.log;
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  if (config.seedDemo && (await seedDemo(database.db))) {
    await analyzeAll(database.db);
    log.info('demo seeded');
  }

  let closing = false;
  // Graceful stop (issue 18): not ready at once, so a probing load balancer stops sending; after the
  // drain time the sockets are told to reconnect elsewhere, the port closes, requests in flight finish,
  // the jobs stop and the events already committed go out.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    built.services.readiness.drain();
    try {
      if (config.shutdownDrainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
      await built.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await built.app.listen({ port: config.port, host: config.host });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ startupMs: Math.round(performance.now() - startedAt) }, 'ready');
  process.stdout.write(banner(config, port));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
