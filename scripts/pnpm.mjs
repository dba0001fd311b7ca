// Finds or installs the pinned pnpm so that plain `npm start` / `npm test` work on a machine
// that has only Node and npm. The pin comes from the root package.json's `packageManager`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager; // "pnpm@10.34.9"
const version = pinned.split('@')[1];
const localDir = join(root, '.tools', 'pnpm');
const localBin = join(localDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const localBinDir = join(localDir, 'node_modules', '.bin');

function globalPnpmMatches() {
  try {
    return execFileSync('pnpm', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === version;
  } catch {
    return false;
  }
}

/** Returns [command, argsPrefix] to run the pinned pnpm. */
export function resolvePnpm() {
  if (globalPnpmMatches()) return ['pnpm', []];
  if (!existsSync(localBin)) {
    console.log(`[negayno] installing pnpm ${version} into .tools/pnpm (one time)`);
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', localDir, `pnpm@${version}`], {
      stdio: 'inherit',
      cwd: root,
    });
  }
  return [process.execPath, [localBin]];
}

/** Runs pnpm with args; resolves with the exit code. */
export function pnpm(args, options = {}) {
  const [cmd, prefix] = resolvePnpm();
  // Package scripts call `pnpm` by name (build:all): put the local copy on their PATH too.
  const env = { ...(options.env ?? process.env) };
  if (cmd !== 'pnpm') env.PATH = `${localBinDir}${delimiter}${env.PATH ?? ''}`;
  return new Promise((resolve) => {
    const child = spawn(cmd, [...prefix, ...args], { stdio: 'inherit', cwd: root, ...options, env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs pnpm and exits the process when it fails. */
export async function pnpmOrExit(args, options) {
  const code = await pnpm(args, options);
  if (code !== 0) {
    console.error(`[negayno] pnpm ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}
