/**
 * The double-entry ledger (decisions 5). Every movement of money is one transaction whose postings sum
 * to zero, written inside one database transaction that first locks every touched account row. The
 * cached balance moves with each posting (balance_before / balance_after are kept for statements), and
 * only the outside world (the card provider) may go below zero. The database checks both again: a
 * CHECK on accounts.balance and a deferred trigger on the postings' sum. Every posting and settlement
 * records the accounts it touched in its unit of work, so the owners of those accounts hear of it once
 * it committed, whoever asked for the move (infra/realtime/unit-of-work.ts).
 */
import type { Currency, PaymentType, TransactionStatus } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { AccountKind } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Unit, UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import {
  accountsPostedOn,
  findAccount,
  insertAccountIfMissing,
  insertPostings,
  insertTransactionWithPostings,
  lockOwnedAccounts,
  lockTransaction,
  ownerKey,
  setTransactionStatus,
  type AccountOwner,
  type LockedAccount,
  raiseOverdraftLimit,
  type PostingRow,
} from './repo.js';

export interface AccountRef extends AccountOwner {
  kind: AccountKind;
}

export interface PostingInput {
  account: AccountRef;
  /** Minor units; positive credits the account, negative debits it. */
  amount: number;
  /**
   * A debit that may take the balance below zero, but never by more than its own amount (a card payment
   * the provider reversed after the money was spent, decisions 5). Every other debit stops at zero.
   */
  overdraft?: boolean;
}

export interface TransactionInput {
  paymentType: PaymentType;
  status?: TransactionStatus;
  currency: Currency;
  projectId?: number;
  taskId?: number;
  senderId?: number;
  recipientId?: number;
  documentName?: string;
  externalRef?: string;
  postings: PostingInput[];
}

export interface PostedTransaction {
  id: number;
  amount: number;
  postings: Array<{ accountId: number; amount: number; balanceBefore: number; balanceAfter: number }>;
}

/** Which owner each kind of account has; anything else is a programming error. */
const OWNER_OF_KIND: Record<AccountKind, keyof AccountOwner | null> = {
  user_wallet: 'userId',
  user_bonus: 'userId',
  project: 'projectId',
  escrow: 'taskId',
  platform: null,
  provider: null,
};

export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
  ) {}

  /**
   * Posts a transaction. Given a unit of work, it joins it, so a workflow step (accepting an offer, say)
   * and its money move commit or fail together; otherwise it opens its own.
   */
  async post(input: TransactionInput, unit?: Unit): Promise<PostedTransaction> {
    assertBalanced(input);
    return unit ? this.postWithin(unit, input) : this.units.run((own) => this.postWithin(own, input));
  }

  async getOrCreateAccount(account: AccountRef, currency: Currency, executor: Db = this.db): Promise<number> {
    const owner = ownerOf(account);
    const existing = await findAccount(executor, account.kind, owner, currency);
    if (existing) return existing.id;
    await insertAccountIfMissing(executor, account.kind, owner, currency);
    const created = await findAccount(executor, account.kind, owner, currency);
    if (!created) throw new Error(`account ${account.kind} could not be created`);
    return created.id;
  }

  /** The balance of an account; 0 for one that was never used. */
  async balanceOf(account: AccountRef, currency: Currency, executor: Db = this.db): Promise<number> {
    return (await findAccount(executor, account.kind, ownerOf(account), currency))?.balance ?? 0;
  }

  /**
   * Adds the postings that settle an existing transaction and sets its final status, in one database
   * transaction with the same locks as `post`: a card top-up's confirmation (pending → completed), a
   * payout's reversal (pending → cancelled or rejected). Answers null when the transaction is no longer
   * `expectedStatus` (settled by someone else first), and changes nothing then.
   */
  async settle(
    transactionId: number,
    change: { expectedStatus: TransactionStatus; status: TransactionStatus; currency: Currency; postings: PostingInput[] },
    unit?: Unit,
  ): Promise<PostedTransaction | null> {
    if (change.postings.length > 0) assertBalanced({ postings: change.postings });
    const run = async ({ trx, changed }: Unit): Promise<PostedTransaction | null> => {
      const current = await lockTransaction(trx, transactionId);
      if (!current || current.status !== change.expectedStatus) return null;
      let postings: PostingRow[] = [];
      if (change.postings.length > 0) {
        const moved = await this.movePostings(trx, change.currency, change.postings);
        await insertPostings(trx, transactionId, moved.postings, moved.balances);
        postings = moved.postings;
      }
      await setTransactionStatus(trx, transactionId, change.status);
      // The status shows on every account the transaction was ever posted to (a payout's wallet sees it completed).
      for (const account of await accountsPostedOn(trx, transactionId)) changed.account(account, transactionId);
      return { id: transactionId, amount: current.amount, postings };
    };
    return unit ? run(unit) : this.units.run(run);
  }

  private async postWithin({ trx, changed }: Unit, input: TransactionInput): Promise<PostedTransaction> {
    const amount = input.postings.reduce((sum, posting) => sum + Math.max(posting.amount, 0), 0);
    const { postings, balances } = await this.movePostings(trx, input.currency, input.postings);
    const transaction = {
      paymentType: input.paymentType,
      status: input.status ?? 'completed',
      amount,
      currency: input.currency,
      projectId: input.projectId ?? null,
      taskId: input.taskId ?? null,
      senderId: input.senderId ?? null,
      recipientId: input.recipientId ?? null,
      documentName: input.documentName ?? null,
      externalRef: input.externalRef ?? null,
    };
    const id = await insertTransactionWithPostings(trx, transaction, postings, balances);
    for (const posting of input.postings) changed.account(posting.account, id);
    return { id, amount, postings };
  }

  /** Locks the postings' accounts (creating the missing ones first) in one query each way, keyed by owner. */
  private async lockAccountsOf(trx: Db, accounts: AccountRef[], currency: Currency): Promise<LockedAccount[]> {
    const owned = accounts.map((account) => ({ kind: account.kind, ...ownerOf(account) }));
    let locked = await lockOwnedAccounts(trx, owned, currency);
    const missing = owned.filter((account) => !locked.has(ownerKey(account)));
    if (missing.length > 0) {
      for (const account of missing) await insertAccountIfMissing(trx, account.kind, account, currency);
      locked = await lockOwnedAccounts(trx, owned, currency);
    }
    return owned.map((account) => {
      const row = locked.get(ownerKey(account));
      if (row === undefined) throw new Error(`account ${account.kind} could not be created`);
      return row;
    });
  }

  /**
   * Locks the accounts, refuses a balance below zero (an overdraft debit's: below its own amount) and answers the postings with their balances
   * before and after, and each account's new balance; the caller writes both in one statement.
   */
  private async movePostings(trx: Db, currency: Currency, inputs: PostingInput[]): Promise<{ postings: PostingRow[]; balances: Map<number, number> }> {
    const accounts = await this.lockAccountsOf(
      trx,
      inputs.map((posting) => posting.account),
      currency,
    );
    const balances = new Map(accounts.map((account) => [account.id, account.balance]));
    const postings: PostingRow[] = [];
    for (const [index, posting] of inputs.entries()) {
      const account = accounts[index]!;
      const balanceBefore = balances.get(account.id)!;
      const balanceAfter = balanceBefore + posting.amount;
      if (balanceAfter < 0 && account.kind !== 'provider') {
        // An overdraft debit may go below zero by its own amount, and the account's limit follows (the database checks it).
        if (!posting.overdraft || balanceAfter < posting.amount) throw new AppError('balance_is_insufficient');
        await raiseOverdraftLimit(trx, account.id, -balanceAfter);
      }
      balances.set(account.id, balanceAfter);
      postings.push({ accountId: account.id, amount: posting.amount, balanceBefore, balanceAfter });
    }
    return { postings, balances };
  }
}

function ownerOf(account: AccountRef): AccountOwner {
  const ownerKey = OWNER_OF_KIND[account.kind];
  const given = (['userId', 'projectId', 'taskId'] as const).filter((key) => account[key] !== undefined);
  if (ownerKey === null ? given.length > 0 : given.length !== 1 || given[0] !== ownerKey) {
    throw new Error(`a ${account.kind} account is owned by ${ownerKey ?? 'nobody'}, got ${given.join(', ') || 'nobody'}`);
  }
  return ownerKey === null ? {} : { [ownerKey]: account[ownerKey] };
}

function assertBalanced(input: Pick<TransactionInput, 'postings'>): void {
  if (input.postings.length < 2) throw new Error('a transaction needs at least two postings');
  for (const posting of input.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) throw new Error(`invalid posting amount ${posting.amount}`);
  }
  const sum = input.postings.reduce((total, posting) => total + posting.amount, 0);
  if (sum !== 0) throw new Error(`postings must sum to zero, got ${sum}`);
}
