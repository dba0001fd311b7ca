import type { Currency } from '@negayno/shared/contract';

/** An account a balance is shown for outside the money module: a user's wallet or bonus, a project's balance. */
export type ShownAccount = { kind: 'user_wallet' | 'user_bonus'; userId: number } | { kind: 'project'; projectId: number };

/**
 * Reading a balance, as users (the profile) and projects (the project's header) show it. The money
 * module's ledger is the one implementation, passed in by services.ts: money depends on users and
 * projects (whose accounts it moves), so they must not import money back.
 */
export interface BalanceReader {
  balanceOf(account: ShownAccount, currency: Currency): Promise<number>;
}
