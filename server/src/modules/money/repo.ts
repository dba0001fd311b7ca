import type { Currency, PaymentType, TransactionStatus } from '@negayno/shared/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AccountKind, PaymentOrderStatus, PaymentProviderName } from '../../db/schema.js';

export interface AccountOwner {
  userId?: number;
  projectId?: number;
  taskId?: number;
}

export interface LockedAccount {
  id: number;
  kind: AccountKind;
  balance: number;
}

export async function findAccount(db: Db, kind: AccountKind, owner: AccountOwner, currency: Currency): Promise<{ id: number; balance: number } | undefined> {
  return db
    .selectFrom('accounts')
    .select(['id', 'balance'])
    .where('kind', '=', kind)
    .where('user_id', owner.userId === undefined ? 'is' : '=', owner.userId ?? null)
    .where('project_id', owner.projectId === undefined ? 'is' : '=', owner.projectId ?? null)
    .where('task_id', owner.taskId === undefined ? 'is' : '=', owner.taskId ?? null)
    .where('currency', '=', currency)
    .executeTakeFirst();
}

export interface OwnedAccount extends AccountOwner {
  kind: AccountKind;
}

/** One key per account owner: `project:0:12:0`. */
export function ownerKey(account: OwnedAccount): string {
  return `${account.kind}:${account.userId ?? 0}:${account.projectId ?? 0}:${account.taskId ?? 0}`;
}

/**
 * Several accounts found and locked in one statement, by owner key (missing ones are absent). The rows
 * are locked in id order (PostgreSQL's LockRows runs above the sort), so two transactions touching the
 * same accounts queue instead of deadlocking.
 */
export async function lockOwnedAccounts(db: Db, accounts: OwnedAccount[], currency: Currency): Promise<Map<string, LockedAccount>> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'kind', 'balance', 'user_id', 'project_id', 'task_id'])
    .where('currency', '=', currency)
    .where((eb) =>
      eb.or(
        accounts.map((account) =>
          eb.and([
            eb('kind', '=', account.kind),
            eb('user_id', account.userId === undefined ? 'is' : '=', account.userId ?? null),
            eb('project_id', account.projectId === undefined ? 'is' : '=', account.projectId ?? null),
            eb('task_id', account.taskId === undefined ? 'is' : '=', account.taskId ?? null),
          ]),
        ),
      ),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(
    rows.map((row) => [
      ownerKey({ kind: row.kind, userId: row.user_id ?? undefined, projectId: row.project_id ?? undefined, taskId: row.task_id ?? undefined }),
      { id: row.id, kind: row.kind, balance: row.balance },
    ]),
  );
}

export async function insertAccountIfMissing(db: Db, kind: AccountKind, owner: AccountOwner, currency: Currency): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ kind, user_id: owner.userId ?? null, project_id: owner.projectId ?? null, task_id: owner.taskId ?? null, currency })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Locks the rows in id order, the same order in every transaction, so two postings cannot deadlock. */
export async function lockTransaction(db: Db, id: number): Promise<{ status: TransactionStatus; amount: number } | undefined> {
  return db.selectFrom('ledger_transactions').select(['status', 'amount']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The accounts a transaction has postings on, by kind and owner. */
export async function accountsPostedOn(db: Db, transactionId: number): Promise<Array<{ kind: AccountKind } & AccountOwner>> {
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select(['a.kind', 'a.user_id', 'a.project_id', 'a.task_id'])
    .where('p.transaction_id', '=', transactionId)
    .distinct()
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    ...(row.user_id === null ? {} : { userId: row.user_id }),
    ...(row.project_id === null ? {} : { projectId: row.project_id }),
    ...(row.task_id === null ? {} : { taskId: row.task_id }),
  }));
}

/**
 * The account of `kind` and owner whose statement lists ledger transaction `transactionId` (it posted
 * there, or it is a card order still waiting for that account), with its balance now.
 */
export async function accountListing(
  db: Db,
  kind: AccountKind,
  owner: AccountOwner,
  transactionId: number,
): Promise<{ id: number; balance: number; asOf: number } | undefined> {
  const found = await db
    .selectFrom('accounts as a')
    .select((eb) => [
      'a.id',
      'a.balance',
      // Postings to one account are made under its row lock, so their ids grow in commit order: the newest
      // one dates the balance read beside it.
      eb
        .selectFrom('postings')
        .select((inner) => inner.fn.max('id').as('newest'))
        .whereRef('account_id', '=', 'a.id')
        .as('asOf'),
    ])
    .where((eb) =>
      eb.or([
        eb('a.id', 'in', eb.selectFrom('postings').select('account_id').where('transaction_id', '=', transactionId)),
        eb('a.id', 'in', eb.selectFrom('payment_orders').select('account_id').where('transaction_id', '=', transactionId)),
      ]),
    )
    .where('a.kind', '=', kind)
    .where('a.user_id', owner.userId === undefined ? 'is' : '=', owner.userId ?? null)
    .where('a.project_id', owner.projectId === undefined ? 'is' : '=', owner.projectId ?? null)
    .where('a.task_id', owner.taskId === undefined ? 'is' : '=', owner.taskId ?? null)
    .limit(1)
    .executeTakeFirst();
  return found && { id: found.id, balance: found.balance, asOf: Number(found.asOf ?? 0) };
}

export async function setTransactionStatus(db: Db, id: number, status: TransactionStatus): Promise<void> {
  await db
    .updateTable('ledger_transactions')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export interface NewTransaction {
  paymentType: PaymentType;
  status: TransactionStatus;
  amount: number;
  currency: Currency;
  projectId: number | null;
  taskId: number | null;
  senderId: number | null;
  recipientId: number | null;
  documentName: string | null;
  externalRef: string | null;
}

export async function insertTransaction(db: Db, transaction: NewTransaction): Promise<number> {
  const row = await db
    .insertInto('ledger_transactions')
    .values({
      payment_type: transaction.paymentType,
      status: transaction.status,
      amount: transaction.amount,
      currency: transaction.currency,
      project_id: transaction.projectId,
      task_id: transaction.taskId,
      sender_id: transaction.senderId,
      recipient_id: transaction.recipientId,
      document_name: transaction.documentName,
      external_ref: transaction.externalRef,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PostingRow {
  accountId: number;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
}

/**
 * A transaction's postings and its accounts' new cached balances in one statement (two data-modifying
 * CTEs run once each whatever the outer query reads): a money move is then BEGIN, the lock, this, COMMIT.
 */
/** Lets the account's balance go down to -`limit` (never lowering a limit it already has), for a refund of a reversed payment. */
export async function raiseOverdraftLimit(db: Db, accountId: number, limit: number): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({ overdraft_limit: sql<number>`greatest(${eb.ref('overdraft_limit')}, ${limit})` }))
    .where('id', '=', accountId)
    .execute();
}

export async function insertPostings(db: Db, transactionId: number, postings: PostingRow[], balances: Map<number, number>): Promise<void> {
  await sql`WITH ${postingsAndBalances(sql`(SELECT ${transactionId}::integer AS id)`, postings, balances)} SELECT 1`.execute(db);
}

/** A new transaction with its postings and balances in one statement; answers its id. */
export async function insertTransactionWithPostings(
  db: Db,
  transaction: NewTransaction,
  postings: PostingRow[],
  balances: Map<number, number>,
): Promise<number> {
  const result = await sql<{ id: number }>`
    WITH t AS (
      INSERT INTO ledger_transactions (payment_type, status, amount, currency, project_id, task_id, sender_id, recipient_id, document_name, external_ref)
      VALUES (${transaction.paymentType}, ${transaction.status}, ${transaction.amount}, ${transaction.currency}, ${transaction.projectId},
        ${transaction.taskId}, ${transaction.senderId}, ${transaction.recipientId}, ${transaction.documentName}, ${transaction.externalRef})
      RETURNING id
    ), ${postingsAndBalances(sql`t`, postings, balances)}
    SELECT id FROM t`.execute(db);
  return result.rows[0]!.id;
}

/** The CTEs `p` (postings of the transaction whose id `source` answers) and `b` (the cached balances). */
function postingsAndBalances(source: RawBuilder<unknown>, postings: PostingRow[], balances: Map<number, number>): RawBuilder<unknown> {
  const postingValues = sql.join(
    postings.map(
      (posting, order) =>
        sql`(${order}::integer, ${posting.accountId}::integer, ${posting.amount}::bigint, ${posting.balanceBefore}::bigint, ${posting.balanceAfter}::bigint)`,
    ),
  );
  const balanceValues = sql.join([...balances].map(([id, balance]) => sql`(${id}::integer, ${balance}::bigint)`));
  return sql`p AS (
      INSERT INTO postings (transaction_id, account_id, amount, balance_before, balance_after)
      SELECT source.id, v.account_id, v.amount, v.balance_before, v.balance_after
      FROM ${source} AS source, (VALUES ${postingValues}) AS v(ord, account_id, amount, balance_before, balance_after)
      ORDER BY v.ord
    ), b AS (
      UPDATE accounts SET balance = v.balance FROM (VALUES ${balanceValues}) AS v(id, balance) WHERE accounts.id = v.id
    )`;
}

export async function insertPendingTransaction(db: Db, transaction: Omit<NewTransaction, 'status'>): Promise<number> {
  return insertTransaction(db, { ...transaction, status: 'pending' });
}

export interface TransactionRow {
  id: number;
  paymentType: PaymentType;
  status: TransactionStatus;
  amount: number;
  currency: Currency;
  createdAt: Date;
  projectId: number | null;
  projectName: string | null;
  taskId: number | null;
  taskNumber: number | null;
  taskName: string | null;
  documentName: string | null;
  senderId: number | null;
  senderFirstname: string | null;
  senderLastname: string | null;
  recipientFirstname: string | null;
  recipientLastname: string | null;
  settlementNote: string | null;
}

/** The postings of some transactions on one account, oldest first (a reversed payout has two). */
export interface AccountPosting {
  transactionId: number;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
}

/**
 * One account's statement, newest first: the transactions with a posting on it, and its card orders
 * (pending or rejected ones have no postings yet). `backFrom` is the last number the caller holds.
 */
export async function statementOf(db: Db, accountId: number, options: { backFrom?: number; number?: number; limit: number }): Promise<TransactionRow[]> {
  let query = db
    .selectFrom('ledger_transactions as t')
    .leftJoin('projects as p', 'p.id', 't.project_id')
    .leftJoin('tasks as k', 'k.id', 't.task_id')
    .leftJoin('users as s', 's.id', 't.sender_id')
    .leftJoin('users as r', 'r.id', 't.recipient_id')
    .select([
      't.id',
      't.payment_type as paymentType',
      't.status',
      't.amount',
      't.currency',
      't.created_at as createdAt',
      't.project_id as projectId',
      'p.name as projectName',
      't.task_id as taskId',
      'k.number as taskNumber',
      'k.name as taskName',
      't.document_name as documentName',
      't.sender_id as senderId',
      's.firstname as senderFirstname',
      's.lastname as senderLastname',
      'r.firstname as recipientFirstname',
      'r.lastname as recipientLastname',
      't.settlement_note as settlementNote',
    ])
    .where((eb) =>
      eb.or([
        eb('t.id', 'in', eb.selectFrom('postings').select('transaction_id').where('account_id', '=', accountId)),
        eb('t.id', 'in', eb.selectFrom('payment_orders').select('transaction_id').where('account_id', '=', accountId)),
      ]),
    );
  if (options.backFrom !== undefined) query = query.where('t.id', '<', options.backFrom);
  if (options.number !== undefined) query = query.where('t.id', '=', options.number);
  return query.orderBy('t.id', 'desc').limit(options.limit).execute() as Promise<TransactionRow[]>;
}

export async function postingsOn(db: Db, accountId: number, transactionIds: number[]): Promise<AccountPosting[]> {
  if (transactionIds.length === 0) return [];
  return db
    .selectFrom('postings')
    .select(['transaction_id as transactionId', 'amount', 'balance_before as balanceBefore', 'balance_after as balanceAfter'])
    .where('account_id', '=', accountId)
    .where('transaction_id', 'in', transactionIds)
    .orderBy('id')
    .execute();
}

export interface MonthRow {
  month: string;
  debit: number;
  debitsProjects: number;
  creditsTasks: number;
  creditsTips: number;
}

/**
 * Per month (UTC) since `since`: money in from top-ups, transfers, refunds and bonus (debit), money out
 * to projects (debits.projects), earnings for tasks and tips (credits). Only settled movements count.
 */
export async function monthsOf(db: Db, accountId: number, since: Date): Promise<MonthRow[]> {
  const month = sql<string>`to_char(date_trunc('month', p.created_at AT TIME ZONE 'UTC'), 'YYYY-MM')`;
  const sumWhere = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(CASE WHEN ${condition} THEN abs(p.amount) ELSE 0 END), 0)::bigint`;
  return db
    .selectFrom('postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      month.as('month'),
      sumWhere(sql`p.amount > 0 AND t.payment_type NOT IN ('workpayment', 'tips')`).as('debit'),
      sumWhere(sql`p.amount < 0 AND t.payment_type IN ('projectdeposit', 'projecttransfer', 'taskpayment')`).as('debitsProjects'),
      sumWhere(sql`p.amount > 0 AND t.payment_type = 'workpayment'`).as('creditsTasks'),
      sumWhere(sql`p.amount > 0 AND t.payment_type = 'tips'`).as('creditsTips'),
    ])
    .where('p.account_id', '=', accountId)
    .where('t.status', '=', 'completed')
    .where('p.created_at', '>=', since)
    .groupBy(month)
    .orderBy(month)
    .execute();
}

export interface PaymentOrderRow {
  id: number;
  order_id: string;
  provider: PaymentProviderName;
  user_id: number;
  project_id: number | null;
  account_id: number;
  transaction_id: number;
  amount: number;
  fee: number;
  currency: Currency;
  status: PaymentOrderStatus;
  /** The app page the payer returns to (`/task/{id}`, issue 33); null: the board or the project. */
  return_path: string | null;
  created_at: Date;
}

export async function insertPaymentOrder(
  db: Db,
  order: Pick<PaymentOrderRow, 'order_id' | 'provider' | 'user_id' | 'project_id' | 'account_id' | 'transaction_id' | 'amount' | 'fee' | 'currency'> &
    Partial<Pick<PaymentOrderRow, 'return_path'>>,
): Promise<void> {
  await db.insertInto('payment_orders').values(order).execute();
}

/** A transaction by its external reference (a reversal's refund: `reversal:{orderId}`). */
export async function findTransactionByReference(db: Db, reference: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('ledger_transactions').select('id').where('external_ref', '=', reference).executeTakeFirst();
}

export async function findPaymentOrder(db: Db, orderId: string, options: { lock?: boolean } = {}): Promise<PaymentOrderRow | undefined> {
  const query = db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst() as Promise<PaymentOrderRow | undefined>;
}

export async function setPaymentOrderStatus(db: Db, id: number, status: PaymentOrderStatus): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ status, settled_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Orders still pending after `olderThan`: their callback may never come, so the provider is asked. */
export async function stalePendingOrders(db: Db, provider: PaymentProviderName, olderThan: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_orders')
    .select('order_id')
    .where('status', '=', 'pending')
    .where('provider', '=', provider)
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.order_id);
}

/** The pending payouts, oldest first, with the asker (negayno-admin payouts). */
export async function pendingPayouts(
  db: Db,
): Promise<Array<{ id: number; amount: number; currency: Currency; createdAt: Date; userId: number | null; email: string | null }>> {
  return db
    .selectFrom('ledger_transactions as t')
    .leftJoin('users as u', 'u.id', 't.sender_id')
    .select(['t.id', 't.amount', 't.currency', 't.created_at as createdAt', 't.sender_id as userId', 'u.email'])
    .where('t.payment_type', '=', 'payout')
    .where('t.status', '=', 'pending')
    .orderBy('t.id')
    .execute() as Promise<Array<{ id: number; amount: number; currency: Currency; createdAt: Date; userId: number | null; email: string | null }>>;
}

export async function findTransaction(
  db: Db,
  id: number,
): Promise<{ id: number; paymentType: PaymentType; status: TransactionStatus; amount: number; currency: Currency; senderId: number | null } | undefined> {
  return db
    .selectFrom('ledger_transactions')
    .select(['id', 'payment_type as paymentType', 'status', 'amount', 'currency', 'sender_id as senderId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A settled payout's reference or reason, as its payee sees it (issue 31). */
export async function setSettlementNote(db: Db, id: number, note: string): Promise<void> {
  await db.updateTable('ledger_transactions').set({ settlement_note: note }).where('id', '=', id).execute();
}

/** Every account whose cached balance differs from the sum of its postings (the ledger check). */
export async function balanceDifferences(db: Db): Promise<Array<{ id: number; kind: AccountKind; cached: number; computed: number }>> {
  const rows = await db
    .selectFrom('accounts as a')
    .leftJoin(
      db
        .selectFrom('postings')
        .select(['account_id', sql<number>`sum(amount)::bigint`.as('total')])
        .groupBy('account_id')
        .as('s'),
      's.account_id',
      'a.id',
    )
    .select(['a.id', 'a.kind', 'a.balance as cached', sql<number>`coalesce(s.total, 0)::bigint`.as('computed')])
    .execute();
  return rows
    .filter((row) => Number(row.cached) !== Number(row.computed))
    .map((row) => ({ ...row, cached: Number(row.cached), computed: Number(row.computed) }));
}

/** Transactions whose postings do not sum to zero (the trigger makes this impossible; the check proves it). */
export async function unbalancedTransactions(db: Db): Promise<Array<{ id: number; total: number }>> {
  const rows = await db
    .selectFrom('postings')
    .select(['transaction_id as id', sql<number>`sum(amount)::bigint`.as('total')])
    .groupBy('transaction_id')
    .having(sql`sum(amount)`, '<>', 0)
    .execute();
  return rows.map((row) => ({ id: row.id, total: Number(row.total) }));
}

/** The first answer kept for this key, or null after claiming the key for this request. */
export async function claimIdempotencyKey(
  db: Db,
  userId: number,
  key: string,
  requestHash: string,
): Promise<{ requestHash: string; answer: string | null } | null> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: requestHash })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return null;
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash as requestHash', 'answer'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ?? null;
}

export async function storeIdempotentAnswer(db: Db, userId: number, key: string, answer: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ answer }).where('user_id', '=', userId).where('key', '=', key).execute();
}

/** A failed first attempt frees its key: the client may retry the same request. */
export async function releaseIdempotencyKey(db: Db, userId: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('answer', 'is', null).execute();
}

/** The bonus an inviter earned: the sum of their bonus account's bonus postings. */
export async function bonusEarned(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select(sql<number>`coalesce(sum(p.amount), 0)::bigint`.as('total'))
    .where('p.account_id', '=', accountId)
    .where('t.payment_type', '=', 'bonus')
    .where('p.amount', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
