/**
 * Issue 10: the server process killed (SIGKILL) in the middle of card-payment confirmations, then
 * started again. Nothing may be half-written: an order is either still pending with its transaction
 * pending and without postings, or completed with balanced postings; the retried confirmations complete
 * every order exactly once, and a further retry changes nothing.
 *
 * On PostgreSQL the kill is certain to land inside the confirmations' transactions: the test holds a
 * lock on the project's account row, so every confirmation has locked its order and waits there. On
 * PGlite (one process owns the files) the kill lands wherever the burst is, and the restart replays
 * PGlite's write-ahead log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/connection.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../../db/connection.js';
import { migrate } from '../../db/migrate.js';
import { DEFAULT_TEST_PASSWORD, createProject, createUser } from '../../seed/builders.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { createPostgresTestDatabase, testEngine } from '../../test/test-database.js';
import { checkLedger } from './ledger-check.js';

// Below the server's pool of 10 connections: every confirmation gets a connection and reaches the lock.
const ORDERS = 8;
const AMOUNT = 100_000;

/** The database the server process runs on, and a way for the test to look into it between runs. */
interface CrashDatabase {
  env: Record<string, string>;
  /** Runs `work` on the database while no server holds it (PGlite's files take one process). */
  inspect<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T>;
  /** PostgreSQL only: holds the row lock on the account an order tops up until the answered function is called. */
  holdAccountLock?(orderId: string): Promise<() => Promise<void>>;
  drop(): Promise<void>;
}

async function crashDatabase(): Promise<CrashDatabase> {
  if (testEngine() === 'pg') {
    const database = await createPostgresTestDatabase();
    const handle = openPostgres(database.url, { max: 2 });
    return {
      env: { DATABASE_URL: database.url },
      inspect: (work) => work(handle),
      async holdAccountLock(orderId) {
        const { account_id: accountId } = await handle.db
          .selectFrom('payment_orders')
          .select('account_id')
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow();
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        await client.query('BEGIN');
        await client.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
        return async () => {
          await client.query('ROLLBACK');
          await client.end();
        };
      },
      drop: async () => {
        await handle.close();
        await database.drop();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'negayno-crash-'));
  const open = async (): Promise<DatabaseHandle> => openPglite({ dataDir: join(dataDir, 'db') });
  return {
    env: { DATA_DIR: dataDir },
    async inspect(work) {
      const handle = await open();
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEFAULT_TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function postJson<T>(server: ServerProcess, path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: string; data: T; code?: string };
  if (envelope.status !== 'ok') throw new Error(`${path}: ${response.status} ${envelope.code}`);
  return envelope.data;
}

interface OrderState {
  orderId: string;
  status: string;
  transactionStatus: string;
  postings: number;
  postingsSum: number;
  credited: number;
}

/** Every order of the project with its transaction and postings, as the database holds them. */
async function ordersOf(db: Db, projectId: number): Promise<OrderState[]> {
  const rows = await db
    .selectFrom('payment_orders as o')
    .innerJoin('ledger_transactions as t', 't.id', 'o.transaction_id')
    .leftJoin('postings as p', 'p.transaction_id', 't.id')
    .select((eb) => [
      'o.order_id as orderId',
      'o.status as status',
      't.status as transactionStatus',
      eb.fn.count<number>('p.id').as('postings'),
      eb.fn.coalesce(eb.fn.sum<number>('p.amount'), eb.lit(0)).as('postingsSum'),
      eb.fn
        .coalesce(eb.fn.sum<number>(eb.case().when('p.account_id', '=', eb.ref('o.account_id')).then(eb.ref('p.amount')).else(0).end()), eb.lit(0))
        .as('credited'),
    ])
    .where('o.project_id', '=', projectId)
    .groupBy(['o.order_id', 'o.status', 't.status'])
    .orderBy('o.order_id')
    .execute();
  return rows.map((row) => ({ ...row, postings: Number(row.postings), postingsSum: Number(row.postingsSum), credited: Number(row.credited) }));
}

/** What "nothing half-written" means for one order. */
function expectWhole(order: OrderState): void {
  if (order.status === 'pending') {
    expect(order).toMatchObject({ transactionStatus: 'pending', postings: 0, credited: 0 });
  } else {
    expect(order).toMatchObject({ status: 'completed', transactionStatus: 'completed', postingsSum: 0, credited: AMOUNT });
    expect(order.postings).toBeGreaterThanOrEqual(2);
  }
}

describe('a server killed while it confirms card payments', () => {
  let database: CrashDatabase;
  let server: ServerProcess | null = null;
  beforeAll(async () => {
    database = await crashDatabase();
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it('leaves no half-written transaction, and the retried confirmations complete each order once', async () => {
    const { email, projectId } = await database.inspect(async (handle) => {
      await migrate(handle);
      const { db } = handle;
      const admin = await createUser(db);
      const project = await createProject(db, { owner: admin });
      return { email: admin.email, projectId: project.id };
    });
    const env = { ...database.env, PAYMENT_PROVIDER: 'test' };

    server = await startServerProcess(env);
    let cookie = await signIn(server, email);
    const orderIds: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const checkout = await postJson<{ orderId: string }>(
        server,
        `/project/${projectId}/balance/payment`,
        { amount: AMOUNT },
        { cookie, 'Idempotency-Key': `crash-${i}` },
      );
      orderIds.push(checkout.orderId);
    }
    const release = await database.holdAccountLock?.(orderIds[0]!);
    const running = server;
    const confirmations = orderIds.map((orderId) =>
      postJson(running, `/payment/test/${orderId}`, { result: 'success' }, { cookie }).then(
        () => 'answered' as const,
        () => 'cut' as const,
      ),
    );
    if (release) {
      // Every confirmation has taken its order's lock and waits on the account row.
      await waitFor(() => database.inspect(async ({ db }) => (await lockWaiters(db)) >= ORDERS));
    } else {
      await Promise.race(confirmations);
    }
    await server.kill();
    server = null;
    const outcomes = await Promise.all(confirmations);
    await release?.();

    const afterCrash = await database.inspect(async ({ db }) => ({ orders: await ordersOf(db, projectId), ledger: await checkLedger(db) }));
    expect(afterCrash.ledger).toEqual({ ok: true, lines: [] });
    expect(afterCrash.orders).toHaveLength(ORDERS);
    afterCrash.orders.forEach(expectWhole);
    if (release) {
      // Killed inside every transaction: PostgreSQL rolled each one back whole.
      expect(outcomes.every((outcome) => outcome === 'cut')).toBe(true);
      expect(afterCrash.orders.every((order) => order.status === 'pending')).toBe(true);
    }

    server = await startServerProcess(env);
    cookie = await signIn(server, email);
    for (let round = 0; round < 2; round++) {
      for (const orderId of orderIds) {
        const state = await postJson<{ status: string }>(server, `/payment/test/${orderId}`, { result: 'success' }, { cookie });
        expect(state.status).toBe('completed');
      }
    }
    const balance = await fetch(`${server.url}/api/project/${projectId}/balance`, { headers: { cookie } }).then(
      async (response) => ((await response.json()) as { data: { balance: number } }).data.balance,
    );
    expect(balance).toBe(ORDERS * AMOUNT);
    await server.stop();
    server = null;

    const afterRetry = await database.inspect(async ({ db }) => ({ orders: await ordersOf(db, projectId), ledger: await checkLedger(db) }));
    expect(afterRetry.ledger).toEqual({ ok: true, lines: [] });
    expect(afterRetry.orders.map((order) => order.status)).toEqual(Array(ORDERS).fill('completed'));
    afterRetry.orders.forEach(expectWhole);
    // Completed once: the same postings per order as the first completed one, none added by a retry.
    expect(new Set(afterRetry.orders.map((order) => order.postings)).size).toBe(1);
    // Two server starts and three openings of the database: minutes on a busy 2-core machine.
  }, 240_000);
});

/** Sessions of this database waiting for a row lock. */
async function lockWaiters(db: Db): Promise<number> {
  const result = await sql<{ waiting: number }>`
    SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
  `.execute(db);
  return result.rows[0]?.waiting ?? 0;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
