#!/usr/bin/env node
/**
 * negayno-admin: the operator's tool for what has no screen yet (decisions 2). It opens the same
 * database as the server, from the same environment. With the embedded database (no DATABASE_URL)
 * stop the server first: PGlite's files take one process at a time.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './db/seed/demo.js';
import { AppError } from './http/app-error.js';
import { LedgerService } from './modules/money/ledger.js';
import { ProjectsService } from './modules/projects/service.js';
import { UsersService } from './modules/users/service.js';

const USAGE = `Usage: negayno-admin <command> [options]

Commands:
  migrate                      apply pending database migrations
  seed-demo                    add the demo users, projects and tasks (once; never in production)
  create-staff --role am|pm|sm|performer --email E --firstname F --lastname L --password P
                               create a staff account
`;

type Command = (database: DatabaseHandle, args: string[]) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  async migrate(database) {
    const applied = await migrate(database);
    console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Nothing to apply.');
  },

  async 'seed-demo'(database) {
    await migrate(database);
    const seeded = await seedDemo(database.db, new LedgerService(database.db));
    console.log(seeded ? 'Demo seeded.' : 'The demo is already there.');
    console.log(`Logins (password: ${DEMO_PASSWORD}): ${DEMO_LOGINS.map((login) => login.email).join(', ')}`);
  },

  async 'create-staff'(database, args) {
    const { values } = parseArgs({
      args,
      options: {
        role: { type: 'string' },
        email: { type: 'string' },
        firstname: { type: 'string' },
        lastname: { type: 'string' },
        password: { type: 'string' },
      },
    });
    if (!['am', 'pm', 'sm', 'performer'].includes(values.role ?? '')) throw new UsageError('--role must be am, pm, sm or performer');
    await migrate(database);
    const ledger = new LedgerService(database.db);
    const users = new UsersService(database.db, new ProjectsService(database.db, ledger), ledger);
    const id = await users.createAccount({
      email: values.email ?? '',
      password: values.password ?? '',
      firstname: values.firstname ?? '',
      lastname: values.lastname ?? '',
      role: values.role as 'am' | 'pm' | 'sm' | 'performer',
    });
    console.log(`Created ${values.role} #${id} ${values.email}`);
  },
};

class UsageError extends Error {}

async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(USAGE);
    return name ? 2 : 0;
  }
  const config = loadConfig();
  if (name === 'seed-demo' && config.isProduction) throw new UsageError('the demo is never seeded in production');
  const database = await openDatabase(config);
  try {
    await command(database, args);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AppError) console.error(`Refused: ${error.code}${error.details ? ` ${JSON.stringify(error.details)}` : ''}`);
    else if (error instanceof UsageError || error instanceof ConfigError || error instanceof TypeError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
