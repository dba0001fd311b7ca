/**
 * Money (spec 3 "Transaction", 7 "Balance", decisions 5): request bodies as zod schemas named with
 * the amount codes of spec 8, and the answers of the wallet calls. Amounts are integer minor units.
 */
import { z } from 'zod';
import type { Currency, PaymentType, TransactionStatus, TransactionType } from './enums.js';
import type { UnixSeconds } from './entities.js';
import type { Paged } from './envelope.js';
import { MAX_ID } from './limits.js';

/** Longest amount in digits (minor units): 1,000,000,000,000.00 is more than any bound allows. */
export const AMOUNT_MAX_DIGITS = 14;

/**
 * An amount in minor units, as a number or a numeric string (a form field). Its bounds are server
 * configuration (decisions 5) and checked there, so only the shape is checked here.
 */
export const amountField = z.unknown().transform((value, ctx): number => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  const fail = (code: string) => {
    ctx.addIssue({ code: 'custom', message: code });
    return z.NEVER;
  };
  if (value === undefined || value === null || text === '') return fail('amount_is_empty');
  if (text === undefined) return fail('amount_is_not_number');
  if (text.replace(/^[-+]/, '').length > AMOUNT_MAX_DIGITS) return fail('amount_is_too_long');
  if (!/^[-+]?\d+$/.test(text)) return fail('amount_is_not_number');
  const amount = Number(text);
  return amount <= 0 ? fail('amount_is_too_small') : amount;
});

/** `POST …/calculate`, `…/payment`, `POST /user/balance/payout`. */
export const amountBody = z.object({ amount: amountField });
export type AmountBody = z.infer<typeof amountBody>;

/** Where in the app a wallet top-up returns after the checkout: a task (its tips dialog, issue 33), else the board. */
export const TOP_UP_RETURN = /^\/task\/[1-9]\d{0,9}$/;

/** `POST /user/balance/payment`: the amount, and optionally the task page to come back to. */
export const walletPaymentBody = amountBody.extend({
  returnTo: z.string({ error: 'invalid_value' }).regex(TOP_UP_RETURN, { error: 'invalid_value' }).optional(),
});

/** `POST /project/{id}/balance/deposit`: a project top-up from the user's wallet or bonus balance. */
export const depositBody = z.object({
  amount: amountField,
  from: z.enum(['wallet', 'bonus'], { error: 'invalid_value' }),
});
export type DepositBody = z.infer<typeof depositBody>;

/** `POST /task/{id}/tips`: a client's tip to one performer of the task. */
export const tipsBody = z.object({
  amount: amountField,
  userId: z.coerce
    .number({ error: 'user_not_found' })
    .int({ error: 'user_not_found' })
    .positive({ error: 'user_not_found' })
    .max(MAX_ID, { error: 'user_not_found' }),
});
export type TipsBody = z.infer<typeof tipsBody>;

/** `POST /project/{id}/close`: where the remaining balance goes, another project of the admin's or the wallet. */
export const closeProjectBody = z.object({
  projectId: z.coerce
    .number({ error: 'project_not_found' })
    .int({ error: 'project_not_found' })
    .positive({ error: 'project_not_found' })
    .max(MAX_ID, { error: 'project_not_found' })
    .optional(),
});
export type CloseProjectBody = z.infer<typeof closeProjectBody>;

/** `POST /payment/test/{orderId}`: the test provider's Pay or Decline. */
export const testPaymentBody = z.object({ result: z.enum(['success', 'failure'], { error: 'invalid_value' }) });
export type TestPaymentBody = z.infer<typeof testPaymentBody>;

/** `POST /payment/liqpay/callback`: LiqPay's form fields. */
export const liqpayCallbackBody = z.object({
  data: z.string({ error: 'invalid_value' }).max(20_000, { error: 'invalid_value' }),
  signature: z.string({ error: 'invalid_value' }).max(200, { error: 'invalid_value' }),
});
export type LiqpayCallbackBody = z.infer<typeof liqpayCallbackBody>;

export const orderIdParam = z.string({ error: 'transaction_not_found' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'transaction_not_found' });

/** What a top-up of `amount` costs: the card fee on top, and the balance after it arrives. */
export interface Calculation {
  amount: number;
  fee: number;
  /** Charged to the card: amount + fee. */
  total: number;
  balance: number;
  currency: Currency;
}

export type PaymentProvider = 'test' | 'liqpay';

/** `…/payment`: where the browser goes to pay. LiqPay's checkout is a form POST of `data` and `signature`. */
export interface Checkout {
  orderId: string;
  provider: PaymentProvider;
  checkoutUrl: string;
  data?: string;
  signature?: string;
}

/** `GET /payment/{orderId}`: the state of one's own card order, for the return from the checkout. */
export interface PaymentOrderState {
  orderId: string;
  status: 'pending' | 'completed' | 'rejected';
  amount: number;
  currency: Currency;
  projectId: number | null;
  number: number;
}

export interface PersonName {
  firstname: string;
  lastname: string;
}

/** One row of a wallet's or a project's statement (spec 3 "Transaction"), seen from that account. */
export interface Transaction {
  number: number;
  date: UnixSeconds;
  status: TransactionStatus;
  type: TransactionType;
  paymentType: PaymentType;
  amount: number;
  currency: Currency;
  balanceBefore: number;
  balanceAfter: number;
  project: { id: number; name: string } | null;
  task: { id: number; number: number; name: string } | null;
  document: { name: string } | null;
  sender: PersonName | null;
  recipient: PersonName | null;
  /**
   * A settled payout's words from the operator (issue 31): the payment reference of a completed one,
   * the reason of a rejected one; null otherwise.
   */
  settlementNote: string | null;
  can: { cancel: boolean };
}

export type TransactionsPage = Paged<Transaction>;

/**
 * What a wallet event carries (issue 32): the transaction's row on the receiver's account as they see
 * it, and the account's balance when the event was sent, so that an open wallet paints it without a read.
 */
export interface CarriedPosting {
  transaction: Transaction;
  balance: number;
  /**
   * When the balance was read: the account's newest posting then. Postings to one account are made one
   * after another, so a larger `asOf` is a later balance, whatever order two events arrive in.
   */
  asOf: number;
}

/** One month of a balance's statistics (spec 3): money in, money out to projects, earned for tasks and tips. */
export interface BalanceStatMonth {
  /** `2026-11`. */
  month: string;
  debit: number;
  debits: { projects: number };
  credits: { tasks: number; tips: number };
}

/** The partner program screen: one's promo code and what it brought. */
export interface PartnerProgram {
  promoCode: string | null;
  invitedCount: number;
  bonusEarned: number;
  bonusPercent: number;
  currency: Currency;
}

/** What the wallet drawer may offer, from the same rules the calls ask (spec 6 "Wallet"). */
export interface WalletPermissions {
  topUp: boolean;
  payout: boolean;
  /** The tips series of the chart: performers only. */
  tipsStatistics: boolean;
}

/** `GET /user/balance`: the wallet with what its owner may do with it. */
export interface WalletAnswer {
  balance: number;
  currency: Currency;
  can: WalletPermissions;
  /** Shown instead of the top-up button when card top-ups are off. */
  billingEmail: string | null;
}

/** `POST /project/{id}/close`: the project to show next. */
export interface CloseProjectAnswer {
  projectId: number | null;
}
