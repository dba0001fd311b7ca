// `pnpm --filter @negayno/server build`: compiles the server into NEGAYNO_BUILD_OUT (default `dist`) from
// scratch, so a deleted source leaves no stale module behind. scripts/build.mjs sets it to `dist.next`
// and swaps the folder in whole once every package has built: a running server never sees a half-written
// or missing `dist` (issue 34).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const out = process.env.NEGAYNO_BUILD_OUT ?? 'dist';
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--outDir', out, '--tsBuildInfoFile', `${out}/.tsbuildinfo`], { stdio: 'inherit' });
cpSync('src/db/migrations', `${out}/db/migrations`, { recursive: true });
