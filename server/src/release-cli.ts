#!/usr/bin/env node
/**
 * negayno-remote: the release tool (`npm run remote -- <command>`, which builds the remote first for
 * `publish`). It changes the release files the server serves (modules/releases/files.ts); the server
 * picks the change up on its next request, without a restart or a host build.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { ReleaseFiles, ReleaseRefused, ReleaseTool, type RemoteStatus } from './modules/releases/index.js';

const USAGE = `npm run remote -- <command>
  publish <remote> [--canary 10] [--auto-rollback 0.2 --min-loads 20] [--dist DIR]
                             build the remote (or take DIR), check it fits the page, serve it to a share of users
  promote <remote>           the canary becomes the version for everyone
  rollback <remote>          end the canary, or go back to the former stable version
  status [--json]            versions served, canary share, last change, loads and failures per version
  log                        every change: who, when, what
  remove <remote> <version>  delete a published version nothing serves any more
Who: --by, else NEGAYNO_RELEASE_BY, else the system user.
`;

function percentOf(text: string | undefined, fallback: number): number {
  return text === undefined ? fallback : Number(text);
}

function printStatus(rows: RemoteStatus[]): void {
  const rate = (value: number) => `${Math.round(value * 100)}%`;
  for (const row of rows) {
    const stable = `${row.stable.version} (${row.stable.loads} loads, ${row.stable.errors} failures)`;
    const canary = row.canary
      ? `canary ${row.canary.version} for ${row.canary.percentage}% (${row.canary.loads} loads, ${row.canary.errors} failures, ${rate(row.canary.errorRate)})`
      : 'no canary';
    const changed = row.changedAt ? `changed ${row.changedAt} by ${row.changedBy ?? '?'}` : 'as built';
    console.log(`${row.remote.padEnd(14)} ${stable}; ${canary}; ${changed}`);
  }
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      'auto-rollback': { type: 'string' },
      'min-loads': { type: 'string' },
      dist: { type: 'string' },
      by: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const [command, name, extra] = positionals;
  if (!command || values.help) {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  const files = new ReleaseFiles(config.releasesDir, config.webRoot);
  const by = values.by ?? process.env.NEGAYNO_RELEASE_BY ?? userInfo().username;
  const tool = new ReleaseTool(files, config.webRoot, () => ({ at: new Date().toISOString(), by }));
  const needName = () => {
    if (!name) throw new ReleaseRefused(`${command} needs a remote (mf-board, …)\n\n${USAGE}`);
    return name;
  };

  switch (command) {
    case 'publish': {
      if (!values.dist) throw new ReleaseRefused('publish needs --dist DIR (npm run remote builds it for you)');
      const autoRollback =
        values['auto-rollback'] === undefined ? undefined : { errorRate: Number(values['auto-rollback']), minLoads: percentOf(values['min-loads'], 20) };
      if (autoRollback && !(autoRollback.errorRate > 0 && autoRollback.errorRate <= 1 && autoRollback.minLoads >= 1)) {
        throw new ReleaseRefused('--auto-rollback takes a share of failures from 0 to 1 (0.2), --min-loads a count of loads');
      }
      const step = await tool.publish(needName(), values.dist, { percentage: percentOf(values.canary, 10), ...(autoRollback ? { autoRollback } : {}) });
      console.log(`${step.entry.remote} ${step.entry.version} published: a canary for ${step.entry.percentage}% of signed-in users`);
      return 0;
    }
    case 'promote': {
      const step = await tool.promote(needName());
      console.log(`${step.entry.remote} ${step.entry.version} is now the stable version for everyone`);
      return 0;
    }
    case 'rollback': {
      const step = await tool.rollback(needName());
      console.log(`${step.entry.remote} rolled back: everyone gets ${step.entry.version}`);
      return 0;
    }
    case 'status': {
      const rows = await tool.status();
      if (values.json) console.log(JSON.stringify(rows, null, 2));
      else printStatus(rows);
      return 0;
    }
    case 'log':
      for (const entry of await files.readLog()) {
        console.log(
          `${entry.at} ${entry.by}: ${entry.action} ${entry.remote} ${entry.version}${entry.percentage ? ` ${entry.percentage}%` : ''}${entry.reason ? ` (${entry.reason})` : ''}`,
        );
      }
      return 0;
    case 'remove':
      if (!extra) throw new ReleaseRefused('remove needs a remote and a version');
      await tool.remove(needName(), extra);
      console.log(`${name} ${extra} removed`);
      return 0;
    default:
      process.stderr.write(`Unknown command: ${command}\n\n${USAGE}`);
      return 2;
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ReleaseRefused || error instanceof ConfigError) console.error(`Refused: ${error.message}`);
    else console.error(error);
    process.exit(error instanceof ReleaseRefused ? 3 : 1);
  },
);
