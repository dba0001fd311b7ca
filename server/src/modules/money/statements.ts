/** Reading an account's statement: the paged list of spec 7 (20 by `backFrom`), one row by number, the month statistics. */
import { PAGE_SIZE, type BalanceStatMonth, type CarriedPosting, type Currency, type Transaction, type TransactionsPage } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { AccountRef } from './ledger.js';
import { toMonths, toTransaction } from './presenters.js';
import { accountListing, findAccount, monthsOf, postingsOn, statementOf, type TransactionRow } from './repo.js';

const STAT_MONTHS = 12;

export class Statements {
  constructor(private readonly db: Db) {}

  async page(viewer: AuthUser, account: AccountRef, currency: Currency, backFrom?: number): Promise<TransactionsPage> {
    const found = await findAccount(this.db, account.kind, account, currency);
    if (!found) return { list: [], hasMore: false };
    const rows = await statementOf(this.db, found.id, { backFrom, limit: PAGE_SIZE.transactions + 1 });
    const hasMore = rows.length > PAGE_SIZE.transactions;
    return { list: await this.present(viewer, found, rows.slice(0, PAGE_SIZE.transactions)), hasMore };
  }

  async one(viewer: AuthUser, account: AccountRef, currency: Currency, number: number): Promise<Transaction> {
    const found = await findAccount(this.db, account.kind, account, currency);
    const rows = found ? await statementOf(this.db, found.id, { number, limit: 1 }) : [];
    if (!found || rows.length === 0) throw new AppError('transaction_not_found');
    return (await this.present(viewer, found, rows))[0]!;
  }

  /**
   * The row ledger transaction `number` left on an account, as each of `viewerIds` sees it, with the
   * account's balance now: what a live event carries so that an open wallet paints it without a read
   * (issue 32). Empty when that account's statement does not list it.
   */
  async postedRows(account: AccountRef, number: number, viewerIds: number[]): Promise<Map<number, CarriedPosting>> {
    const carried = new Map<number, CarriedPosting>();
    const found = await accountListing(this.db, account.kind, account, number);
    if (!found || viewerIds.length === 0) return carried;
    const rows = await statementOf(this.db, found.id, { number, limit: 1 });
    if (rows.length === 0) return carried;
    const postings = await postingsOn(this.db, found.id, [rows[0]!.id]);
    for (const viewerId of viewerIds) {
      carried.set(viewerId, { transaction: toTransaction(rows[0]!, postings, { balance: found.balance, viewerId }), balance: found.balance, asOf: found.asOf });
    }
    return carried;
  }

  async months(account: AccountRef, currency: Currency, now = new Date()): Promise<BalanceStatMonth[]> {
    const months = lastMonths(now, STAT_MONTHS);
    const found = await findAccount(this.db, account.kind, account, currency);
    const since = new Date(`${months[0]}-01T00:00:00Z`);
    return toMonths(found ? await monthsOf(this.db, found.id, since) : [], months);
  }

  private async present(viewer: AuthUser, account: { id: number; balance: number }, rows: TransactionRow[]): Promise<Transaction[]> {
    const postings = await postingsOn(
      this.db,
      account.id,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toTransaction(
        row,
        postings.filter((posting) => posting.transactionId === row.id),
        { balance: account.balance, viewerId: viewer.id },
      ),
    );
  }
}

/** `2025-12` … `2026-11`: the last `count` months (UTC), oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}
