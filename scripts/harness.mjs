// `npm run harness` (issue 18): the fault harness, not part of `npm test` (a short version of it is).
// Installs and builds when needed, then runs server/src/test/fault-harness/main.ts: 3 server processes
// behind nginx on a fresh PostgreSQL database, 200 simulated people, random SIGKILLs, a rolling restart.
// Needs nginx (Debian: apt-get install -y nginx) and PostgreSQL (TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres); its settings are described at the top of main.ts.
import { buildIfNeeded } from './build.mjs';
import { pnpm, pnpmOrExit } from './pnpm.mjs';

await pnpmOrExit(['install', '--frozen-lockfile', '--reporter=append-only']);
await buildIfNeeded();
process.exit(await pnpm(['--filter', '@negayno/server', 'exec', 'tsx', 'src/test/fault-harness/main.ts']));
