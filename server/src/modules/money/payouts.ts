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
import type { UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Notifier } from '../notifications/index.js';
import { findUserById } from '../users/index.js';
import type { AccountRef, LedgerService } from './ledger.js';
import { assertWithin, canCancelPayout, canRequestPayout } from './policy.js';
import { findTransaction, pendingPayouts, setSettlementNote } from './repo.js';
import type { Statements } from './statements.js';

export type PayoutSettlement = 'completed' | 'rejected';

export interface SettleOptions {
  /** What the payee sees: the payment reference of a completed payout, the reason of a rejected one. */
  note?: string | null;
  /** Who settled it (named in the payee's notification); null for the command-line tool. */
  operatorId?: number | null;
  /** Written in the settlement's own transaction (the operator's audit entry): kept or lost with it. */
  alsoWithin?: (trx: Db) => Promise<void>;
}

export class PayoutsService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly ledger: LedgerService,
    private readonly config: MoneyConfig,
    private readonly statements: Statements,
    /** Tells the payee of the operator's decision (payout_settled), in the settlement's transaction. */
    private readonly notifier?: Notifier,
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
    return this.statements.one(user, wallet, row.currency, posted.id);
  }

  async cancel(user: AuthUser, number: number): Promise<Transaction> {
    const payout = await findTransaction(this.db, number);
    if (!payout || payout.paymentType !== 'payout' || payout.senderId !== user.id) throw new AppError('transaction_not_found');
    if (!canCancelPayout(user.id, payout)) throw new AppError('method_not_allowed');
    await this.reverse(number, 'cancelled');
    return this.statements.one(user, { kind: 'user_wallet', userId: user.id }, payout.currency, number);
  }

  /**
   * The operator's decision (the console, negayno-admin payout complete|reject N). The status change,
   * the money's way back (a rejection), the note, the payee's notification and `alsoWithin` commit
   * together; a payout no longer pending (settled by someone else, or cancelled by its asker a moment
   * earlier) moves nothing and answers payout_already_settled.
   */
  async settle(number: number, outcome: PayoutSettlement, options: SettleOptions = {}): Promise<void> {
    const payout = await findTransaction(this.db, number);
    if (!payout || payout.paymentType !== 'payout' || payout.senderId === null) throw new AppError('payout_not_found');
    const payeeId = payout.senderId;
    const wallet: AccountRef = { kind: 'user_wallet', userId: payeeId };
    const postings =
      outcome === 'rejected'
        ? [
            { account: { kind: 'provider' } as AccountRef, amount: -payout.amount },
            { account: wallet, amount: payout.amount },
          ]
        : [];
    const note = options.note?.trim() || null;
    // The payee's open wallet hears of the settlement through the ledger's record of it.
    await this.units.run(async (unit) => {
      const { trx } = unit;
      const settled = await this.ledger.settle(number, { expectedStatus: 'pending', status: outcome, currency: payout.currency, postings }, unit);
      if (!settled) throw new AppError('payout_already_settled');
      if (note !== null) await setSettlementNote(trx, number, note);
      await this.notifier?.notify(trx, {
        kind: 'payout_settled',
        actorId: options.operatorId ?? null,
        userIds: [payeeId],
        payload: { outcome, amount: payout.amount, currency: payout.currency, note: note ?? '' },
      });
      await options.alsoWithin?.(trx);
    });
  }

  pending(): ReturnType<typeof pendingPayouts> {
    return pendingPayouts(this.db);
  }

  private async reverse(number: number, status: 'cancelled' | 'rejected'): Promise<void> {
    const payout = await findTransaction(this.db, number);
    if (!payout?.senderId) throw new AppError('transaction_not_found');
    const settled = await this.ledger.settle(number, {
      expectedStatus: 'pending',
      status,
      currency: payout.currency,
      postings: [
        { account: { kind: 'provider' }, amount: -payout.amount },
        { account: { kind: 'user_wallet', userId: payout.senderId }, amount: payout.amount },
      ],
    });
    if (!settled) throw new AppError('method_not_allowed');
  }
}
