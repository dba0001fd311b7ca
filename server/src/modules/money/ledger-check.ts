/**
 * The ledger check (`negayno-admin ledger check`, and daily in the server): every cached balance is
 * recomputed from its postings, and every transaction's postings must sum to zero.
 */
import type { Db } from '../../db/connection.js';
import { balanceDifferences, unbalancedTransactions } from './repo.js';

export interface LedgerCheckResult {
  ok: boolean;
  lines: string[];
}

export async function checkLedger(db: Db): Promise<LedgerCheckResult> {
  const differences = await balanceDifferences(db);
  const unbalanced = await unbalancedTransactions(db);
  const lines = [
    ...differences.map((row) => `account ${row.id} (${row.kind}): cached ${row.cached}, postings sum ${row.computed}`),
    ...unbalanced.map((row) => `transaction ${row.id}: postings sum ${row.total}`),
  ];
  return { ok: lines.length === 0, lines };
}
