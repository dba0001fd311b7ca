// `npm start`: install, build, migrate, seed the demo (never in production), serve, print the URL.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfNeeded } from './build.mjs';
import { pnpmOrExit, root } from './pnpm.mjs';

const production = process.env.NODE_ENV === 'production';

await pnpmOrExit(['install', '--frozen-lockfile', '--reporter=append-only']);
await buildIfNeeded();

const env = { ...process.env };
if (!production && env.NEGAYNO_SEED_DEMO === undefined) env.NEGAYNO_SEED_DEMO = '1';

// The server migrates at start, seeds the demo when asked, then prints the URL and demo logins.
const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], { stdio: 'inherit', env, cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
