// `npm run remote -- <command>`: the release tool (server/src/release-cli.ts). For `publish <remote>`
// it first builds that one remote alone into a fresh folder (no host build, no other remote), unless
// --dist names a build already made; the tool then checks it and publishes it. Who releases is
// NEGAYNO_RELEASE_BY, else git's user.email.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from './build.mjs';
import { pnpm, root } from './pnpm.mjs';

const cli = join(root, 'server', 'dist', 'release-cli.js');
if (!existsSync(cli)) await buildIfNeeded();

const args = process.argv.slice(2);
const env = { ...process.env };
if (!env.NEGAYNO_RELEASE_BY) {
  try {
    env.NEGAYNO_RELEASE_BY =
      execFileSync('git', ['config', 'user.email'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    // No git or no user.email: the tool takes the system user.
  }
}

let buildDir = null;
if (args[0] === 'publish' && args[1] && !args.includes('--dist')) {
  buildDir = mkdtempSync(join(tmpdir(), `negayno-${args[1]}-`));
  const started = Date.now();
  console.log(`[negayno] building ${args[1]} alone…`);
  const code = await pnpm(['--filter', `./${args[1]}`, 'exec', 'webpack', '--mode', 'production', '--output-path', buildDir]);
  if (code !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    console.error(`[negayno] the build of ${args[1]} failed`);
    process.exit(code);
  }
  console.log(`[negayno] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  args.push('--dist', buildDir);
}

const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit', cwd: root, env });
child.on('exit', (code) => {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
