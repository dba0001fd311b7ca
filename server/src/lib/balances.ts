import type { Currency } from '@negayno/shared/contract';
import type { Db } from '../db/connection.js';

/** An account a balance is shown for outside the money module: a user's wallet or bonus, a project's balance. */
export type ShownAccount = { kind: 'user_wallet' | 'user_bonus'; userId: number } | { kind: 'project'; projectId: number };

/**
 * Reading a balance, as users (the profile) and projects (the project's header) show it. The money
 * module's ledger is the one implementation, passed in by services.ts: money depends on users and
 * projects (whose accounts it moves), so they must not import money back.
 */
export interface BalanceReader {
  /** `executor`: a transaction that must see its own postings (closing a project, issue 35 M12). */
  balanceOf(account: ShownAccount, currency: Currency, executor?: Db): Promise<number>;
}
