/**
 * Payouts (decisions 5): a performer or sales manager asks for one; the amount leaves the wallet at
 * once (reserved, the transaction pending) so it cannot be spent twice. The operator completes it (the
 * money went to the card) or rejects it, and the asker may cancel it while pending; rejection and
 * cancellation post the amount back into the same transaction.
 */
import type { Transaction } from '@negayno/shared/contract';
import type { MoneyConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { findUserById } from '../users/index.js';
import type { MoneyEvents } from './events.js';
import type { AccountRef, LedgerService } from './ledger.js';
import { assertWithin, canCancelPayout, canRequestPayout } from './policy.js';
import { findTransaction, pendingPayouts } from './repo.js';
import type { Statements } from './statements.js';

export type PayoutSettlement = 'completed' | 'rejected';

export class PayoutsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly config: MoneyConfig,
    private readonly events: MoneyEvents,
    private readonly statements: Statements,
  ) {}

  async request(user: AuthUser, amount: number): Promise<Transaction> {
    const row = await findUserById(this.db, user.id);
    if (!row) throw new AppError('user_not_found');
    if (!canRequestPayout(row.role)) throw new AppError('access_denied');
    assertWithin(amount, { min: this.config.payoutMin });
    const wallet: AccountRef = { kind: 'user_wallet', userId: user.id };
    const posted = await this.ledger
      .post({
        paymentType: 'payout',
        status: 'pending',
        currency: row.currency,
        senderId: user.id,
        postings: [
          { account: wallet, amount: -amount },
          { account: { kind: 'provider' }, amount },
        ],
      })
      .catch((error: unknown) => {
        // Asking for more than the wallet holds is the amount's fault (spec 8), not a failed move.
        throw error instanceof AppError && error.code === 'balance_is_insufficient' ? new AppError('amount_is_insufficient') : error;
      });
    await this.events.transactionChanged(posted.id, [wallet]);
    return this.statements.one(user, wallet, row.currency, posted.id);
  }

  async cancel(user: AuthUser, number: number): Promise<Transaction> {
    const payout = await findTransaction(this.db, number);
    if (!payout || payout.paymentType !== 'payout' || payout.senderId !== user.id) throw new AppError('transaction_not_found');
    if (!canCancelPayout(user.id, payout)) throw new AppError('method_not_allowed');
    await this.reverse(number, 'cancelled');
    return this.statements.one(user, { kind: 'user_wallet', userId: user.id }, payout.currency, number);
  }

  /** The operator's decision (negayno-admin payout complete|reject N). */
  async settle(number: number, outcome: PayoutSettlement): Promise<void> {
    const payout = await findTransaction(this.db, number);
    if (!payout || payout.paymentType !== 'payout') throw new AppError('transaction_not_found');
    if (outcome === 'rejected') return this.reverse(number, 'rejected');
    const settled = await this.ledger.settle(number, { expectedStatus: 'pending', status: 'completed', currency: payout.currency, postings: [] });
    if (!settled) throw new AppError('method_not_allowed');
    if (payout.senderId !== null) await this.events.transactionChanged(number, [{ kind: 'user_wallet', userId: payout.senderId }]);
  }

  pending(): ReturnType<typeof pendingPayouts> {
    return pendingPayouts(this.db);
  }

  private async reverse(number: number, status: 'cancelled' | 'rejected'): Promise<void> {
    const payout = await findTransaction(this.db, number);
    if (!payout?.senderId) throw new AppError('transaction_not_found');
    const wallet: AccountRef = { kind: 'user_wallet', userId: payout.senderId };
    const settled = await this.ledger.settle(number, {
      expectedStatus: 'pending',
      status,
      currency: payout.currency,
      postings: [
        { account: { kind: 'provider' }, amount: -payout.amount },
        { account: wallet, amount: payout.amount },
      ],
    });
    if (!settled) throw new AppError('method_not_allowed');
    await this.events.transactionChanged(number, [wallet]);
  }
}
