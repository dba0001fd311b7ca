// `npm test`: every check of the suite, in order: install, build, typecheck, lint, Jest (shared,
// remotes, the server on PostgreSQL and its engine-sensitive files on PGlite), then Playwright end to
// end in Debian Chromium.
// Each runner prints its own summary; this prints one line per step with its time, the ten slowest test
// files, and fails if any step failed.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildIfNeeded } from './build.mjs';
import { pnpm, root } from './pnpm.mjs';

/** Each runner's seconds per test file: Jest's JSON results, and the Playwright summary reporter's. */
const TIMINGS = join(root, '.tools', 'timings');
const JEST_RESULTS = join(TIMINGS, 'jest.json');
const PLAYWRIGHT_TIMINGS = join(TIMINGS, 'playwright.json');

const results = [];

async function step(name, args, env = {}) {
  const started = Date.now();
  console.log(`\n[negayno] ── ${name} ──`);
  const code = await pnpm(args, { env: { ...process.env, ...env } });
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}

/** The ten test files that took longest, across both runners (Jest: per project, so per engine). */
function slowestFiles() {
  const rows = [];
  if (existsSync(JEST_RESULTS)) {
    for (const suite of JSON.parse(readFileSync(JEST_RESULTS, 'utf8')).testResults) {
      rows.push({ file: `jest ${relative(root, suite.name)}`, seconds: (suite.endTime - suite.startTime) / 1000 });
    }
  }
  if (existsSync(PLAYWRIGHT_TIMINGS)) {
    for (const [file, seconds] of Object.entries(JSON.parse(readFileSync(PLAYWRIGHT_TIMINGS, 'utf8')))) rows.push({ file: `playwright ${file}`, seconds });
  }
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
}

const started = Date.now();
rmSync(TIMINGS, { recursive: true, force: true });
// Jest writes its results file there but does not make the folder.
mkdirSync(TIMINGS, { recursive: true });
await step('install', ['install', '--frozen-lockfile', '--reporter=append-only']);
if (!results[0].ok) process.exit(1);
const building = Date.now();
await buildIfNeeded();
results.push({ name: 'build', ok: true, seconds: (Date.now() - building) / 1000 });

await step('typecheck', ['run', 'typecheck:all']);
await step('lint', ['run', 'lint:all']);
// --forceExit: a suite whose set-up timed out can leave its database opening behind, and Jest would wait on it for ever.
await step('unit and integration (jest)', ['exec', 'jest', '--ci', '--forceExit', '--json', `--outputFile=${JEST_RESULTS}`]);
await step('end to end (playwright)', ['--filter', '@negayno/e2e', 'run', 'test']);

console.log('\n[negayno] summary');
for (const result of results) console.log(`  ${result.ok ? 'PASS' : 'FAIL'}  ${result.name} (${result.seconds.toFixed(1)} s)`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('\n[negayno] the ten slowest test files');
for (const row of slowestFiles()) console.log(`  ${row.seconds.toFixed(1).padStart(7)} s  ${row.file}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
