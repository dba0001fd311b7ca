/**
 * Card top-ups (decisions 5): `calculate` prices one, `payment` opens an order (a pending transaction
 * listed at once) and answers the provider's checkout, and `confirm` is the one path by which a
 * provider's word settles it: a LiqPay callback, the test provider's Pay / Decline, a status poll.
 * Confirmation locks the order row, so two deliveries of the same report settle it once; a report that
 * does not match the stored order (amount, currency) changes nothing and is logged.
 */
import { randomBytes } from 'node:crypto';
import type { Calculation, Checkout, Currency, PaymentOrderState } from '@negayno/shared/contract';
import type { MoneyConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { Unit, UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { findUserById } from '../users/index.js';
import type { AccountRef, LedgerService } from './ledger.js';
import { assertWithin, bonusOf, cardFeeOf, canTopUpWallet } from './policy.js';
import type { CardProvider, ProviderReport } from './providers/provider.js';
import {
  findPaymentOrder,
  findTransactionByReference,
  insertPaymentOrder,
  insertPendingTransaction,
  setPaymentOrderStatus,
  stalePendingOrders,
  type PaymentOrderRow,
} from './repo.js';

export interface PaymentLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** What a top-up goes to: the payer's wallet, or a project balance they administer. */
export type TopUpTarget = { kind: 'wallet' } | { kind: 'project'; projectId: number; name: string; currency: Currency };

export type ConfirmSource = 'callback' | 'test' | 'poll';

/** Who hears of a card payment the provider took back (wired in services.ts: the operators, decisions 5), in its transaction. */
export interface ReversalWatch {
  paymentReversed(trx: Db, reversal: { orderId: string; amount: number; currency: Currency }): Promise<void>;
}

const STALE_ORDER_MS = 10 * 60_000;

/** The app page a checkout returns to: the project's for its balance, else the asked one (a task) or the board. */
export function returnPathOf(target: TopUpTarget | { kind: 'project'; projectId: number }, returnTo?: string | null): string {
  return target.kind === 'project' ? `/project/${target.projectId}` : (returnTo ?? '/');
}

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly ledger: LedgerService,
    private readonly config: MoneyConfig,
    private readonly provider: CardProvider | null,
    private readonly log: PaymentLog,
    private readonly publicUrl: string,
    private readonly reversals: ReversalWatch | null = null,
  ) {}

  async calculate(user: AuthUser, target: TopUpTarget, amount: number): Promise<Calculation> {
    const { account, currency } = await this.targetOf(user, target);
    assertWithin(amount, this.config.topUp);
    const fee = cardFeeOf(amount, this.config);
    const balance = await this.ledger.balanceOf(account, currency);
    return { amount, fee, total: amount + fee, balance: balance + amount, currency };
  }

  /** `returnTo`: the app page a wallet top-up comes back to (a task's, for its tips dialog); a project's goes to the project. */
  async start(user: AuthUser, target: TopUpTarget, amount: number, returnTo?: string): Promise<Checkout> {
    const provider = this.provider;
    if (!provider) throw new AppError('payment_is_disabled');
    const { account, currency } = await this.targetOf(user, target);
    assertWithin(amount, this.config.topUp);
    const fee = cardFeeOf(amount, this.config);
    const orderId = randomBytes(18).toString('base64url');
    await this.units.run(async ({ trx, changed }) => {
      const accountId = await this.ledger.getOrCreateAccount(account, currency, trx);
      const transactionId = await insertPendingTransaction(trx, {
        paymentType: target.kind === 'project' ? 'projectdeposit' : 'deposit',
        amount,
        currency,
        projectId: target.kind === 'project' ? target.projectId : null,
        taskId: null,
        senderId: user.id,
        recipientId: null,
        documentName: null,
        externalRef: orderId,
      });
      await insertPaymentOrder(trx, {
        order_id: orderId,
        provider: provider.name,
        user_id: user.id,
        project_id: target.kind === 'project' ? target.projectId : null,
        account_id: accountId,
        transaction_id: transactionId,
        amount,
        fee,
        currency,
        return_path: returnPathOf(target, returnTo),
      });
      // The order is listed at once, pending, on the balance it will go to.
      changed.account(account, transactionId);
    });
    const returnPath = returnPathOf(target, returnTo);
    return provider.checkout({
      orderId,
      total: amount + fee,
      currency,
      description: target.kind === 'project' ? `Negayno: ${target.name}` : 'Negayno',
      returnUrl: `${this.publicUrl}${returnPath}?payment=${orderId}`,
    });
  }

  /** One's own order, for the return from the checkout; a pending LiqPay order is asked about first. */
  async state(user: AuthUser, orderId: string): Promise<PaymentOrderState> {
    let order = await findPaymentOrder(this.db, orderId);
    if (!order || order.user_id !== user.id) throw new AppError('transaction_not_found');
    if (order.status === 'pending' && order.provider === 'liqpay') order = (await this.poll(orderId)) ?? order;
    return stateOf(order);
  }

  /** The test provider's Pay / Decline: only on a test install, only by the payer. */
  async testResult(user: AuthUser, orderId: string, result: 'success' | 'failure'): Promise<PaymentOrderState> {
    const order = await findPaymentOrder(this.db, orderId);
    if (!order || order.user_id !== user.id || order.provider !== 'test' || this.provider?.name !== 'test') throw new AppError('transaction_not_found');
    const settled = await this.confirm({ orderId, outcome: result, total: order.amount + order.fee, currency: order.currency }, 'test');
    return stateOf(settled ?? order);
  }

  /** LiqPay's server callback. Anything unverifiable is logged and refused without a write. */
  async callback(fields: { data: string; signature: string }): Promise<void> {
    const report = this.provider?.name === 'liqpay' ? this.provider.verifyCallback(fields) : null;
    if (!report) {
      this.log.warn({ provider: 'liqpay' }, 'payment callback refused: bad signature or data');
      throw new AppError('access_denied');
    }
    await this.confirm(report, 'callback');
  }

  /** Asks the provider about one order and confirms what it says. */
  async poll(orderId: string): Promise<PaymentOrderRow | null> {
    if (this.provider?.name !== 'liqpay') return null;
    let report: ProviderReport | null;
    try {
      report = await this.provider.status(orderId);
    } catch (error) {
      this.log.warn({ orderId, err: error }, 'payment status poll failed');
      return null;
    }
    return report ? this.confirm(report, 'poll') : null;
  }

  /** The orders whose callback never came, asked about (run every few minutes by the server). */
  async pollStale(now = new Date()): Promise<number> {
    if (this.provider?.name !== 'liqpay') return 0;
    const orderIds = await stalePendingOrders(this.db, 'liqpay', new Date(now.getTime() - STALE_ORDER_MS), 50);
    for (const orderId of orderIds) await this.poll(orderId);
    return orderIds.length;
  }

  /**
   * Settles an order by a provider's report, once: the order row's lock orders concurrent deliveries,
   * and a report that changes nothing (the same one again) is answered with the order as it is.
   * Decisions 5: a `sandbox` payment counts only with LIQPAY_SANDBOX=1; a success after a failure of
   * the same order (the payer retried on the same checkout, and the card was charged) credits it, and a
   * `reversed` after a success is refunded. Answers
   * the order after, or null when the report named no order of ours.
   */
  async confirm(report: ProviderReport, source: ConfirmSource): Promise<PaymentOrderRow | null> {
    const outcome = this.countedOutcome(report);
    if (outcome === null) {
      if (report.outcome === 'sandbox')
        this.log.warn(reportDetails(report, source), 'payment report ignored: a LiqPay sandbox payment without LIQPAY_SANDBOX=1');
      return (await findPaymentOrder(this.db, report.orderId)) ?? null;
    }
    const result = await this.units.run(async (unit) => {
      const { trx, changed } = unit;
      const order = await findPaymentOrder(trx, report.orderId, { lock: true });
      if (!order) return { order: null, settled: false, refused: 'unknown order', note: null };
      const step = settlementOf(order.status, outcome);
      if (step.kind === 'none') return { order, settled: false, refused: null, note: null };
      if (report.total !== order.amount + order.fee || report.currency !== order.currency) {
        return { order, settled: false, refused: 'amount or currency differs from the order', note: null };
      }
      const target: AccountRef = order.project_id === null ? { kind: 'user_wallet', userId: order.user_id } : { kind: 'project', projectId: order.project_id };
      if (step.kind === 'refund') {
        const refunded = await this.refund(unit, order, target);
        return { order, settled: refunded, refused: null, note: refunded ? 'LiqPay reversed a completed payment: refunded' : null };
      }
      // A declined order has no postings for the ledger to record: its balance still shows it rejected.
      changed.account(target, order.transaction_id);
      if (step.kind === 'credit') {
        await this.credit(unit, order, target, step.from);
        await this.payInviterBonus(unit, order);
      } else {
        await this.ledger.settle(order.transaction_id, { expectedStatus: 'pending', status: 'rejected', currency: order.currency, postings: [] }, unit);
      }
      const status = step.kind === 'credit' ? ('completed' as const) : ('rejected' as const);
      await setPaymentOrderStatus(trx, order.id, status);
      return {
        order: { ...order, status },
        settled: true,
        refused: null,
        note: step.kind === 'credit' && step.from === 'rejected' ? 'payment succeeded after it had failed: credited' : null,
      };
    });
    if (result.refused) {
      this.log.warn(reportDetails(report, source), `payment report refused: ${result.refused}`);
      if (result.order === null) return null;
    }
    if (result.note) this.log.warn(reportDetails(report, source), result.note);
    if (result.settled) this.log.info(reportDetails(report, source), 'payment settled');
    return result.order;
  }

  /** The outcome a report settles by here, or null for one that does not count (pending; sandbox unless allowed). */
  private countedOutcome(report: ProviderReport): 'success' | 'failure' | 'reversed' | null {
    if (report.outcome === 'pending') return null;
    if (report.outcome === 'sandbox') return this.config.liqpay?.sandbox ? 'success' : null;
    return report.outcome;
  }

  /** The card's money reaches the balance, the fee the platform: from `pending`, or from `rejected` when a success came late. */
  private async credit(unit: Unit, order: PaymentOrderRow, target: AccountRef, from: 'pending' | 'rejected'): Promise<void> {
    await this.ledger.settle(
      order.transaction_id,
      {
        expectedStatus: from,
        status: 'completed',
        currency: order.currency,
        postings: [
          { account: { kind: 'provider' }, amount: -(order.amount + order.fee) },
          { account: target, amount: order.amount },
          ...(order.fee > 0 ? [{ account: { kind: 'platform' } as AccountRef, amount: order.fee }] : []),
        ],
      },
      unit,
    );
  }

  /**
   * LiqPay took a completed payment back (decisions 5): a `refund` takes the top-up off the balance and
   * the fee off the platform, back to the provider, and the operators are told. Once per order (the order
   * row is locked, and the refund is found by its reference); false when it was refunded before. Money
   * spent meanwhile leaves the balance negative, by the reversed amount at most.
   */
  private async refund(unit: Unit, order: PaymentOrderRow, target: AccountRef): Promise<boolean> {
    const reference = `reversal:${order.order_id}`;
    if (await findTransactionByReference(unit.trx, reference)) return false;
    await this.ledger.post(
      {
        paymentType: 'refund',
        currency: order.currency,
        projectId: order.project_id ?? undefined,
        recipientId: order.user_id,
        externalRef: reference,
        postings: [
          { account: target, amount: -order.amount, overdraft: true },
          ...(order.fee > 0 ? [{ account: { kind: 'platform' } as AccountRef, amount: -order.fee, overdraft: true }] : []),
          { account: { kind: 'provider' }, amount: order.amount + order.fee },
        ],
      },
      unit,
    );
    await this.reversals?.paymentReversed(unit.trx, { orderId: order.order_id, amount: order.amount, currency: order.currency });
    return true;
  }

  /** The partner program: the payer's inviter earns a share of every completed card top-up on their bonus balance. */
  private async payInviterBonus(unit: Unit, order: PaymentOrderRow): Promise<void> {
    const payer = await findUserById(unit.trx, order.user_id);
    const bonus = bonusOf(order.amount, this.config);
    if (!payer?.invited_by || bonus <= 0) return;
    // The bonus is the platform's marketing money: it comes from outside the balances, like a deposit.
    await this.ledger.post(
      {
        paymentType: 'bonus',
        currency: order.currency,
        senderId: order.user_id,
        recipientId: payer.invited_by,
        postings: [
          { account: { kind: 'provider' }, amount: -bonus },
          { account: { kind: 'user_bonus', userId: payer.invited_by }, amount: bonus },
        ],
      },
      unit,
    );
  }

  private async targetOf(user: AuthUser, target: TopUpTarget): Promise<{ account: AccountRef; currency: Currency }> {
    if (target.kind === 'project') return { account: { kind: 'project', projectId: target.projectId }, currency: target.currency };
    const row = await findUserById(this.db, user.id);
    if (!row) throw new AppError('user_not_found');
    if (!canTopUpWallet(row.role, this.config)) throw new AppError(this.config.provider === 'off' ? 'payment_is_disabled' : 'access_denied');
    return { account: { kind: 'user_wallet', userId: user.id }, currency: row.currency };
  }
}

function stateOf(order: PaymentOrderRow): PaymentOrderState {
  return {
    orderId: order.order_id,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    projectId: order.project_id,
    number: order.transaction_id,
  };
}

type Settlement = { kind: 'none' } | { kind: 'credit'; from: 'pending' | 'rejected' } | { kind: 'reject' } | { kind: 'refund' };

/** What a counted report does to an order in a given state (decisions 5). */
function settlementOf(status: PaymentOrderRow['status'], outcome: 'success' | 'failure' | 'reversed'): Settlement {
  if (status === 'pending') return outcome === 'success' ? { kind: 'credit', from: 'pending' } : { kind: 'reject' };
  if (status === 'rejected' && outcome === 'success') return { kind: 'credit', from: 'rejected' };
  if (status === 'completed' && outcome === 'reversed') return { kind: 'refund' };
  return { kind: 'none' };
}

/** What the log says of a provider's report: its order, where it came from, and the provider's own words. */
function reportDetails(report: ProviderReport, source: ConfirmSource): object {
  return {
    orderId: report.orderId,
    source,
    reported: { outcome: report.outcome, total: report.total, currency: report.currency, status: report.providerStatus, code: report.providerCode },
  };
}
