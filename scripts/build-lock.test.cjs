// The build lock of scripts/build.mjs (issue 34): two builds of one checkout never run at once, and a
// lock left by a killed build does not block the next. Real processes, each taking the lock as
// `npm start` does.
const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const BUILD = join(__dirname, 'build.mjs');

/** A process that takes the lock, holds it `holdMs`, releases it; answers its output lines (`took <ms>`, `released <ms>`). */
function holder(lockFile, holdMs) {
  const script = `
    const { takeBuildLock } = await import(${JSON.stringify(BUILD)});
    const release = await takeBuildLock(${JSON.stringify(lockFile)});
    console.log('took ' + Date.now());
    await new Promise((resolve) => setTimeout(resolve, ${holdMs}));
    console.log('released ' + Date.now());
    release();
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`lock holder exited ${code}: ${output}`))));
  });
}

const timeOf = (output, what) => Number(new RegExp(`${what} (\\d+)`).exec(output)?.[1]);

describe('the build lock', () => {
  let dir;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'negayno-build-lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a second build wait until the first has finished', async () => {
    const lockFile = join(dir, 'build.lock');
    const first = holder(lockFile, 1500);
    // The second starts while the first holds the lock.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = holder(lockFile, 0);
    const [a, b] = await Promise.all([first, second]);
    const [firstTook, firstReleased, secondTook] = [timeOf(a, 'took'), timeOf(a, 'released'), timeOf(b, 'took')];
    const [earlier, later] = firstTook <= secondTook ? [firstReleased, secondTook] : [timeOf(b, 'released'), firstTook];
    expect(later).toBeGreaterThanOrEqual(earlier);
    expect(b + a).toContain('another build of this checkout is running');
  }, 60_000);

  it('takes over the lock of a build that was killed', async () => {
    const lockFile = join(dir, 'build.lock');
    // The pid of a process that has ended.
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(lockFile, gone);
    const output = await holder(lockFile, 0);
    expect(output).toMatch(/took \d+/);
    expect(output).not.toContain('another build');
  }, 60_000);
});
