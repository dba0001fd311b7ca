import type { Currency, PaymentType, TransactionStatus } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { AccountKind } from '../../db/schema.js';

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

/** Creates the account unless it exists (another transaction may be creating it at the same moment). */
export async function insertAccountIfMissing(db: Db, kind: AccountKind, owner: AccountOwner, currency: Currency): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ kind, user_id: owner.userId ?? null, project_id: owner.projectId ?? null, task_id: owner.taskId ?? null, currency })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Locks the rows in id order, the same order in every transaction, so two postings cannot deadlock. */
export async function lockAccounts(db: Db, ids: number[]): Promise<LockedAccount[]> {
  return db.selectFrom('accounts').select(['id', 'kind', 'balance']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

export async function setBalance(db: Db, accountId: number, balance: number): Promise<void> {
  await db.updateTable('accounts').set({ balance }).where('id', '=', accountId).execute();
}

export async function insertTransaction(
  db: Db,
  transaction: {
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
  },
): Promise<number> {
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

export async function insertPostings(
  db: Db,
  postings: Array<{ transactionId: number; accountId: number; amount: number; balanceBefore: number; balanceAfter: number }>,
): Promise<void> {
  await db
    .insertInto('postings')
    .values(
      postings.map((posting) => ({
        transaction_id: posting.transactionId,
        account_id: posting.accountId,
        amount: posting.amount,
        balance_before: posting.balanceBefore,
        balance_after: posting.balanceAfter,
      })),
    )
    .execute();
}
