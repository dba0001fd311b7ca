// `npm run typecheck:all`: three TypeScript programs, two at a time (the machines have two cores). The
// browser packages are one program (tsconfig.browser.json) so the shared sources every remote imports
// are checked once rather than once per remote; the server and the end-to-end specs have their own
// options (Node, no DOM).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './pnpm.mjs';

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const PROGRAMS = [
  { name: 'browser packages', cwd: root, args: ['-p', 'tsconfig.browser.json'] },
  // The test program holds every server source, its tests and the shared contract (NodeNext, no DOM).
  { name: 'server', cwd: join(root, 'server'), args: ['-p', 'tsconfig.test.json'] },
  { name: 'end-to-end specs', cwd: join(root, 'e2e'), args: ['-p', '.'] },
];

function run(cwd, args) {
  return new Promise((resolve) => {
    spawn(process.execPath, [tsc, ...args], { cwd, stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1));
  });
}

async function check(program) {
  const started = Date.now();
  const code = await run(program.cwd, program.args);
  console.log(`[typecheck] ${program.name}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return code;
}

const queue = [...PROGRAMS];
const codes = [];
await Promise.all(
  [1, 2].map(async () => {
    for (let program = queue.shift(); program; program = queue.shift()) codes.push(await check(program));
  }),
);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
