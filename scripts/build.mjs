// Builds the whole suite unless nothing changed since the last build: a stamp of the sources'
// contents decides. Writes host/dist/build-info.json, the version the app checks to reload.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pnpm, root } from './pnpm.mjs';

/** The suite's remotes, by package folder: the one list (shared/src/contract/remotes.json). */
const REMOTES = JSON.parse(readFileSync(join(root, 'shared', 'src', 'contract', 'remotes.json'), 'utf8'));
const PACKAGES = ['shared', 'server', 'host', ...REMOTES];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.turbo']);
const OUTPUTS = ['server/dist/main.js', 'host/dist/index.html', ...REMOTES.map((remote) => `${remote}/dist/remoteEntry.js`)];
const STAMP_FILE = join(root, '.tools', 'build-stamp');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* files(join(dir, entry.name));
    } else yield join(dir, entry.name);
  }
}

/** A hash of every source file of the built packages, plus the lock file and shared configs. */
export function sourceStamp() {
  const hash = createHash('sha256');
  const inputs = ['pnpm-lock.yaml', 'tsconfig.base.json'].map((file) => join(root, file));
  for (const pkg of PACKAGES) inputs.push(...files(join(root, pkg)));
  for (const file of inputs.sort()) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

export async function buildIfNeeded({ force = false } = {}) {
  const stamp = sourceStamp();
  const previous = existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8') : '';
  const outputsPresent = OUTPUTS.every((file) => existsSync(join(root, file)));
  if (!force && previous === stamp && outputsPresent) {
    console.log('[negayno] build is up to date');
    return stamp;
  }
  const started = Date.now();
  console.log(`[negayno] building the suite (shared contract, server, host and ${REMOTES.length} remotes)…`);
  const code = await pnpm(['run', 'build:all']);
  if (code !== 0) {
    console.error('[negayno] build failed');
    process.exit(code);
  }
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(root, 'host', 'dist', 'build-info.json'), `${JSON.stringify({ version: `${version}+${stamp.slice(0, 12)}` })}\n`);
  mkdirSync(join(root, '.tools'), { recursive: true });
  writeFileSync(STAMP_FILE, stamp);
  console.log(`[negayno] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stamp;
}

export function isBuildFresh() {
  return (
    existsSync(STAMP_FILE) &&
    readFileSync(STAMP_FILE, 'utf8') === sourceStamp() &&
    OUTPUTS.every((file) => existsSync(join(root, file)) && statSync(join(root, file)).size > 0)
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfNeeded({ force: process.argv.includes('--force') });
