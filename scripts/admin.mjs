// `npm run admin -- <command>`: the operator's tool (negayno-admin) against the configured database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded } from './build.mjs';
import { root } from './pnpm.mjs';

const cli = join(root, 'server', 'dist', 'cli.js');
if (!existsSync(cli)) await buildIfNeeded();
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
child.on('exit', (code) => process.exit(code ?? 1));
