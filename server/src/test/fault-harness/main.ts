/**
 * `npm run harness` (issue 18): the long fault harness. 3 processes behind nginx on a fresh PostgreSQL
 * database, 200 people, random SIGKILLs for a few minutes, then a rolling restart; prints the figures
 * and exits 1 when a check fails. Settings by environment: HARNESS_PEOPLE, HARNESS_SECONDS,
 * HARNESS_KILLS, HARNESS_RESTART_DELAY_MS (how long a killed process stays down; 500–2000 by default),
 * HARNESS_ADAPTER (postgres or redis), REDIS_URL, HARNESS_PORTS (nginx's port, then
 * one per process; free ports when unset), and TEST_DATABASE_URL (the PostgreSQL server that gets a
 * fresh database, dropped at the end).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresTestDatabase } from '../test-database.js';
import { formatReport, runHarness } from './run.js';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const adapter = process.env.HARNESS_ADAPTER === 'redis' ? 'redis' : 'postgres';
const ports = process.env.HARNESS_PORTS?.split(',').map(Number);

const database = await createPostgresTestDatabase();
const dir = mkdtempSync(join(tmpdir(), 'negayno-harness-'));
let failed: boolean;
try {
  const report = await runHarness({
    databaseUrl: database.url,
    people: number('HARNESS_PEOPLE', 200),
    processes: 3,
    workSeconds: number('HARNESS_SECONDS', 100),
    kills: number('HARNESS_KILLS', 4),
    restartDelayMs: process.env.HARNESS_RESTART_DELAY_MS ? [number('HARNESS_RESTART_DELAY_MS', 0), number('HARNESS_RESTART_DELAY_MS', 0)] : [500, 2000],
    rollingRestart: true,
    adapter,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    thinkMs: [2000, 4000],
    dir,
    ports,
    log: (line) => console.log(line),
  });
  console.log(`\nFault harness (${adapter} adapter):`);
  for (const line of formatReport(report)) console.log(`  ${line}`);
  failed = report.problems.length > 0;
} finally {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
