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
import { findPaymentOrder, insertPaymentOrder, insertPendingTransaction, setPaymentOrderStatus, stalePendingOrders, type PaymentOrderRow } from './repo.js';

export interface PaymentLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** What a top-up goes to: the payer's wallet, or a project balance they administer. */
export type TopUpTarget = { kind: 'wallet' } | { kind: 'project'; projectId: number; name: string; currency: Currency };

export type ConfirmSource = 'callback' | 'test' | 'poll';

const STALE_ORDER_MS = 10 * 60_000;

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly ledger: LedgerService,
    private readonly config: MoneyConfig,
    private readonly provider: CardProvider | null,
    private readonly log: PaymentLog,
    private readonly publicUrl: string,
  ) {}

  async calculate(user: AuthUser, target: TopUpTarget, amount: number): Promise<Calculation> {
    const { account, currency } = await this.targetOf(user, target);
    assertWithin(amount, this.config.topUp);
    const fee = cardFeeOf(amount, this.config);
    const balance = await this.ledger.balanceOf(account, currency);
    return { amount, fee, total: amount + fee, balance: balance + amount, currency };
  }

  async start(user: AuthUser, target: TopUpTarget, amount: number): Promise<Checkout> {
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
      });
      // The order is listed at once, pending, on the balance it will go to.
      changed.account(account, transactionId);
    });
    const returnPath = target.kind === 'project' ? `/project/${target.projectId}` : '/';
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
   * Settles a pending order by a provider's report, once: the order row's lock orders concurrent
   * deliveries, and a settled order is answered as it is. Answers the order after, or null when the
   * report named no order of ours.
   */
  async confirm(report: ProviderReport, source: ConfirmSource): Promise<PaymentOrderRow | null> {
    if (report.outcome === 'pending') return (await findPaymentOrder(this.db, report.orderId)) ?? null;
    const result = await this.units.run(async (unit) => {
      const { trx, changed } = unit;
      const order = await findPaymentOrder(trx, report.orderId, { lock: true });
      if (!order) return { order: null, settled: false, refused: 'unknown order' };
      if (order.status !== 'pending') return { order, settled: false, refused: null };
      if (report.total !== order.amount + order.fee || report.currency !== order.currency) {
        return { order, settled: false, refused: 'amount or currency differs from the order' };
      }
      const target: AccountRef = order.project_id === null ? { kind: 'user_wallet', userId: order.user_id } : { kind: 'project', projectId: order.project_id };
      // A declined order has no postings for the ledger to record: its balance still shows it rejected.
      changed.account(target, order.transaction_id);
      if (report.outcome === 'success') {
        await this.ledger.settle(
          order.transaction_id,
          {
            expectedStatus: 'pending',
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
        await this.payInviterBonus(unit, order);
      } else {
        await this.ledger.settle(order.transaction_id, { expectedStatus: 'pending', status: 'rejected', currency: order.currency, postings: [] }, unit);
      }
      await setPaymentOrderStatus(trx, order.id, report.outcome === 'success' ? 'completed' : 'rejected');
      return { order: { ...order, status: report.outcome === 'success' ? ('completed' as const) : ('rejected' as const) }, settled: true, refused: null };
    });
    if (result.refused) {
      this.log.warn(
        { orderId: report.orderId, source, reported: { total: report.total, currency: report.currency } },
        `payment report refused: ${result.refused}`,
      );
      if (result.order === null) return null;
    }
    if (result.settled) this.log.info({ orderId: report.orderId, source, outcome: report.outcome }, 'payment settled');
    return result.order;
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
