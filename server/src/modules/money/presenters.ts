import type { Balance, BalanceStatMonth, Currency, Transaction } from '@negayno/shared/contract';
import { canCancelPayout } from './policy.js';
import type { AccountPosting, MonthRow, TransactionRow } from './repo.js';

export function toBalance(balance: number, currency: Currency): Balance {
  return { balance, currency };
}

function nameOf(firstname: string | null, lastname: string | null): Transaction['sender'] {
  return firstname === null || lastname === null ? null : { firstname, lastname };
}

/**
 * A transaction as the statement of one account shows it. Its direction and balances come from that
 * account's postings: a reversed payout has two (out, then back), so before is the first's and after the
 * last's. A card order not yet confirmed has none: the balance has not moved.
 */
export function toTransaction(row: TransactionRow, postings: AccountPosting[], current: { balance: number; viewerId: number }): Transaction {
  const first = postings[0];
  const last = postings.at(-1);
  return {
    number: row.id,
    date: Math.floor(row.createdAt.getTime() / 1000),
    status: row.status,
    type: first && first.amount < 0 ? 'outcome' : 'income',
    paymentType: row.paymentType,
    amount: first ? Math.abs(first.amount) : row.amount,
    currency: row.currency,
    balanceBefore: first?.balanceBefore ?? current.balance,
    balanceAfter: last?.balanceAfter ?? current.balance,
    project: row.projectId !== null && row.projectName !== null ? { id: row.projectId, name: row.projectName } : null,
    task: row.taskId !== null && row.taskNumber !== null && row.taskName !== null ? { id: row.taskId, number: row.taskNumber, name: row.taskName } : null,
    document: row.documentName ? { name: row.documentName } : null,
    sender: nameOf(row.senderFirstname, row.senderLastname),
    recipient: nameOf(row.recipientFirstname, row.recipientLastname),
    settlementNote: row.settlementNote,
    can: { cancel: canCancelPayout(current.viewerId, row) },
  };
}

/** The last `months` months, oldest first, zeros where nothing moved. */
export function toMonths(rows: MonthRow[], months: string[]): BalanceStatMonth[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => {
    const row = byMonth.get(month);
    return {
      month,
      debit: Number(row?.debit ?? 0),
      debits: { projects: Number(row?.debitsProjects ?? 0) },
      credits: { tasks: Number(row?.creditsTasks ?? 0), tips: Number(row?.creditsTips ?? 0) },
    };
  });
}
