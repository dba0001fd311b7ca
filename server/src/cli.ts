#!/usr/bin/env node
/**
 * negayno-admin: the operator's tool (commands in admin/commands.ts). It opens the same database as
 * the server, from the same environment. With the embedded database (no DATABASE_URL) stop the
 * server first: PGlite's files take one process at a time.
 */
import { COMMANDS, CommandFailed, UsageError, usage } from './admin/commands.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { AppError } from './http/app-error.js';
import { setPasswordHashCost } from './modules/auth/index.js';

async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === 'help') {
    process.stdout.write(usage());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const database = await openDatabase(config);
  try {
    await command.run({ database, config, print: (line) => console.log(line) }, args);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AppError) console.error(`Refused: ${error.code}${error.details ? ` ${JSON.stringify(error.details)}` : ''}`);
    else if (error instanceof UsageError || error instanceof CommandFailed || error instanceof ConfigError || error instanceof TypeError)
      console.error(error.message);
    else console.error(error);
    process.exit(error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1);
  },
);
