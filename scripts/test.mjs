// `npm test`: every check of the suite, in order: install, build, typecheck, lint, Jest (shared,
// remotes, server on PGlite and on PostgreSQL), then Playwright end to end in Debian Chromium.
// Each runner prints its own summary; this prints one line per step and fails if any step failed.
import { buildIfNeeded } from './build.mjs';
import { pnpm, pnpmOrExit } from './pnpm.mjs';

const results = [];

async function step(name, args, env = {}) {
  const started = Date.now();
  console.log(`\n[negayno] ── ${name} ──`);
  const code = await pnpm(args, { env: { ...process.env, ...env } });
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}

const started = Date.now();
await pnpmOrExit(['install', '--frozen-lockfile', '--reporter=append-only']);
await buildIfNeeded();

await step('typecheck', ['run', 'typecheck:all']);
await step('lint', ['run', 'lint:all']);
// --forceExit: a suite whose set-up timed out can leave its database opening behind, and Jest would wait on it for ever.
await step('unit and integration (jest)', ['exec', 'jest', '--ci', '--forceExit']);
await step('end to end (playwright)', ['--filter', '@negayno/e2e', 'run', 'test']);

console.log('\n[negayno] summary');
for (const result of results) console.log(`  ${result.ok ? 'PASS' : 'FAIL'}  ${result.name} (${result.seconds.toFixed(1)} s)`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
