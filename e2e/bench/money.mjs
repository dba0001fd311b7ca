// Issue 10 figures: money moves per second through the ledger (LedgerService.post, one database
// transaction with row locks per move) between random wallets by 4 concurrent writers, on PGlite and on
// PostgreSQL, then the ledger check (0 violations expected); and the p95 of a card top-up's confirmation
// (the path every provider callback takes). Runs the built server's modules in-process on a fresh
// database: PGlite in a temporary directory, PostgreSQL as a new database on BENCH_DATABASE_URL (or
// TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';

const WRITERS = 4;
const SECONDS = Number(process.env.BENCH_MONEY_SECONDS ?? 5);
const WALLETS = 20;
const CONFIRMATIONS = Number(process.env.BENCH_CONFIRMATIONS ?? 200);
const FUNDS = 1_000_000;

const dist = (path) => import(pathToFileURL(join(repoRoot, 'server', 'dist', path)).href);

async function measure(handle) {
  const [{ migrate }, money, { createUser }, { loadConfig }, { UnitOfWork }, { NO_LISTENERS }] = await Promise.all([
    dist('db/migrate.js'),
    dist('modules/money/index.js'),
    dist('seed/builders.js'),
    dist('config.js'),
    dist('infra/realtime/unit-of-work.js'),
    dist('infra/realtime/dispatch.js'),
  ]);
  await migrate(handle);
  const db = handle.db;
  // No sockets here: the moves are measured, not told.
  const units = new UnitOfWork(db, NO_LISTENERS);
  const ledger = new money.LedgerService(db, units);
  const users = [];
  for (let i = 0; i < WALLETS; i++) users.push(await createUser(db, { email: `bench-${i}@bench.test` }));
  for (const user of users) {
    await ledger.post({
      paymentType: 'deposit',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -FUNDS },
        { account: { kind: 'user_wallet', userId: user.id }, amount: FUNDS },
      ],
    });
  }

  let moved = 0;
  let refused = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (performance.now() < deadline) {
        const from = users[Math.floor(Math.random() * WALLETS)];
        let to = users[Math.floor(Math.random() * WALLETS)];
        if (to === from) to = users[(users.indexOf(from) + 1) % WALLETS];
        const amount = 1 + Math.floor(Math.random() * 5_000);
        try {
          await ledger.post({
            paymentType: 'tips',
            currency: 'UAH',
            postings: [
              { account: { kind: 'user_wallet', userId: from.id }, amount: -amount },
              { account: { kind: 'user_wallet', userId: to.id }, amount },
            ],
          });
          moved++;
        } catch (error) {
          if (error?.code !== 'balance_is_insufficient') throw error;
          refused++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const check = await money.checkLedger(db);
  let total = 0;
  for (const user of users) total += await ledger.balanceOf({ kind: 'user_wallet', userId: user.id }, 'UAH');
  const violations = check.lines.length + (total === FUNDS * WALLETS ? 0 : 1);

  // Confirmations: each order opened through the test provider, then confirmed as a callback would.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const quiet = { info: () => undefined, warn: () => undefined };
  const payments = new money.PaymentsService(db, units, ledger, config.money, money.cardProviderOf(config), quiet, 'http://bench.test');
  const times = [];
  for (let i = 0; i < CONFIRMATIONS; i++) {
    const user = users[i % WALLETS];
    const checkout = await payments.start({ id: user.id, role: 'user', email: user.email }, { kind: 'wallet' }, 10_000);
    const begin = performance.now();
    await payments.confirm({ orderId: checkout.orderId, outcome: 'success', total: 10_150, currency: 'UAH' }, 'callback');
    times.push(performance.now() - begin);
  }
  return [
    `${(moved / elapsed).toFixed(0)} money moves/s (${moved} moved, ${refused} refused for want of balance, ${WRITERS} writers, ${elapsed.toFixed(1)} s), ${violations} invariant violations`,
    `confirmation of a card top-up: ${summary(times)}`,
  ];
}

async function onPglite() {
  const { openPglite } = await dist('db/connection.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'negayno-bench-money-'));
  const handle = await openPglite({ dataDir: join(dataDir, 'db') });
  try {
    return await measure(handle);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = createRequire(join(repoRoot, 'server', 'package.json'))('pg');
  const name = `negayno_bench_money_${process.pid}`;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    return [`skipped: PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL is not reachable (${error.message})`];
  }
  const { openPostgres } = await dist('db/connection.js');
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), { max: WRITERS + 2 });
  try {
    return await measure(handle);
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  }
}

export async function run() {
  const lines = [];
  for (const line of await onPglite()) lines.push(`PGlite: ${line}`);
  for (const line of await onPostgres()) lines.push(`PostgreSQL: ${line}`);
  return lines;
}
