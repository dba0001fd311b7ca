// Builds the whole suite unless nothing changed since the last build: a stamp of the sources'
// contents decides. Writes host/dist/build-info.json, the version the app checks to reload.
// One build at a time per checkout (a lock file), and each package's output is built aside and swapped
// in whole, so a server running from this checkout never sees a half-written or missing `dist`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pnpm, root } from './pnpm.mjs';

/** The suite's remotes, by package folder: the one list (shared/src/contract/remotes.json). */
const REMOTES = JSON.parse(readFileSync(join(root, 'shared', 'src', 'contract', 'remotes.json'), 'utf8'));
const PACKAGES = ['shared', 'server', 'host', ...REMOTES];
/** Packages whose `dist` is built aside and swapped in (shared's contract is emitted in place by tsc -b, file by file). */
const SWAPPED = ['server', 'host', ...REMOTES];
const BUILD_OUT = 'dist.next';
/** Folders a build, a test run or an editor writes inside a package: outputs, never sources. */
const SKIP_DIRS = new Set(['node_modules', 'dist', BUILD_OUT, 'dist.old', 'coverage', '.stats', '.turbo', 'test-results']);
const SKIP_FILE = /(\.test\.tsx?|\.tsbuildinfo)$/;
const OUTPUTS = ['server/dist/main.js', 'host/dist/index.html', ...REMOTES.map((remote) => `${remote}/dist/remoteEntry.js`)];
const STAMP_FILE = join(root, '.tools', 'build-stamp');
const LOCK_FILE = join(root, '.tools', 'build.lock');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* files(join(dir, entry.name));
    } else if (!SKIP_FILE.test(entry.name)) yield join(dir, entry.name);
  }
}

/** A hash of every source file of the built packages, plus the lock file and shared configs. */
export function sourceStamp() {
  const hash = createHash('sha256');
  const inputs = ['pnpm-lock.yaml', 'tsconfig.base.json'].map((file) => join(root, file));
  for (const pkg of PACKAGES) inputs.push(...files(join(root, pkg)));
  for (const file of inputs.sort()) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function isBuilt(stamp) {
  return (
    existsSync(STAMP_FILE) &&
    readFileSync(STAMP_FILE, 'utf8') === stamp &&
    OUTPUTS.every((file) => existsSync(join(root, file)) && statSync(join(root, file)).size > 0)
  );
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the checkout's build lock, waiting while another live process holds it; answers its release. */
export async function takeBuildLock(lockFile = LOCK_FILE) {
  mkdirSync(dirname(lockFile), { recursive: true });
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(lockFile, { force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lockFile, 'utf8').trim() || 0);
    if (holder && !processAlive(holder)) {
      // A build that was killed leaves its lock behind.
      rmSync(lockFile, { force: true });
      continue;
    }
    if (!told) console.log(`[negayno] another build of this checkout is running (pid ${holder || '?'}); waiting for it`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Puts each package's `dist.next` in place of its `dist`. */
function swapOutputsIn() {
  for (const pkg of SWAPPED) {
    const next = join(root, pkg, BUILD_OUT);
    const current = join(root, pkg, 'dist');
    const old = join(root, pkg, 'dist.old');
    rmSync(old, { recursive: true, force: true });
    if (existsSync(current)) renameSync(current, old);
    renameSync(next, current);
    rmSync(old, { recursive: true, force: true });
  }
}

export async function buildIfNeeded({ force = false } = {}) {
  if (!force && isBuilt(sourceStamp())) {
    console.log('[negayno] build is up to date');
    return;
  }
  const release = await takeBuildLock();
  try {
    // Asked again under the lock: the build this one waited for may have built these very sources.
    const stamp = sourceStamp();
    if (!force && isBuilt(stamp)) {
      console.log('[negayno] build is up to date');
      return;
    }
    const started = Date.now();
    console.log(`[negayno] building the suite (shared contract, server, host and ${REMOTES.length} remotes)…`);
    for (const pkg of SWAPPED) rmSync(join(root, pkg, BUILD_OUT), { recursive: true, force: true });
    const code = await pnpm(['run', 'build:all'], { env: { ...process.env, NEGAYNO_BUILD_OUT: BUILD_OUT } });
    if (code !== 0) {
      console.error('[negayno] build failed');
      process.exit(code);
    }
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    writeFileSync(join(root, 'host', BUILD_OUT, 'build-info.json'), `${JSON.stringify({ version: `${version}+${stamp.slice(0, 12)}` })}\n`);
    swapOutputsIn();
    writeFileSync(STAMP_FILE, stamp);
    console.log(`[negayno] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    release();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfNeeded({ force: process.argv.includes('--force') });
