/**
 * LiqPay (API version 3). The checkout is a form POST of `data` (base64 JSON of the order) and
 * `signature` = base64(sha1(private_key + data + private_key)) to LiqPay's checkout URL. LiqPay calls
 * back server to server with the same two fields; the signature is compared in constant time before
 * the data is read at all. The status of an order is asked at `{api}/request` with action `status`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Currency } from '@negayno/shared/contract';
import type { CardProvider, CheckoutOrder, ProviderOutcome, ProviderReport } from './provider.js';

export interface LiqpaySettings {
  publicKey: string;
  privateKey: string;
  /** `https://www.liqpay.ua/api`, or a stand-in on loopback in tests. */
  apiUrl: string;
  checkoutUrl: string;
  /** `https://negayno.example/api/payment/liqpay/callback`. */
  callbackUrl: string;
}

const FAILURE = new Set(['failure', 'error']);
const STATUS_TIMEOUT_MS = 15_000;

export function liqpaySignature(privateKey: string, data: string): string {
  return createHash('sha1')
    .update(privateKey + data + privateKey)
    .digest('base64');
}

export function encodeLiqpayData(params: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(params)).toString('base64');
}

function outcomeOf(status: unknown): ProviderOutcome {
  if (status === 'success' || status === 'sandbox' || status === 'reversed') return status;
  if (typeof status === 'string' && FAILURE.has(status)) return 'failure';
  return 'pending';
}

/** LiqPay's `err_code` and `err_description`, kept for the log as LiqPay wrote them. */
function errorCodeOf(params: Record<string, unknown>): string | undefined {
  const parts = [params.err_code, params.err_description].filter((part) => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join(': ') : undefined;
}

/** LiqPay speaks whole units with decimals ("150.75"); the ledger speaks minor units. */
function minorUnits(amount: unknown): number {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

function reportOf(params: Record<string, unknown>): ProviderReport | null {
  if (typeof params.order_id !== 'string') return null;
  return {
    orderId: params.order_id,
    outcome: outcomeOf(params.status),
    total: minorUnits(params.amount),
    currency: String(params.currency ?? ''),
    providerStatus: typeof params.status === 'string' ? params.status : undefined,
    providerCode: errorCodeOf(params),
  };
}

export function liqpayProvider(settings: LiqpaySettings): CardProvider {
  const sign = (data: string) => liqpaySignature(settings.privateKey, data);
  return {
    name: 'liqpay',
    checkout(order: CheckoutOrder) {
      const data = encodeLiqpayData({
        version: 3,
        public_key: settings.publicKey,
        action: 'pay',
        amount: (order.total / 100).toFixed(2),
        currency: order.currency satisfies Currency,
        description: order.description,
        order_id: order.orderId,
        result_url: order.returnUrl,
        server_url: settings.callbackUrl,
      });
      return { orderId: order.orderId, provider: 'liqpay', checkoutUrl: settings.checkoutUrl, data, signature: sign(data) };
    },
    verifyCallback({ data, signature }) {
      const expected = Buffer.from(sign(data));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let params: unknown;
      try {
        params = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
      } catch {
        return null;
      }
      if (!params || typeof params !== 'object') return null;
      const record = params as Record<string, unknown>;
      // A callback signed for another merchant's keys cannot pass the signature; this guards a key mix-up.
      if (record.public_key !== undefined && record.public_key !== settings.publicKey) return null;
      return reportOf(record);
    },
    async status(orderId) {
      const data = encodeLiqpayData({ version: 3, public_key: settings.publicKey, action: 'status', order_id: orderId });
      const response = await fetch(`${settings.apiUrl}/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data, signature: sign(data) }).toString(),
        signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const answer = (await response.json()) as Record<string, unknown>;
      // The request itself failed (a bad signature, an order LiqPay does not know): not the payment's
      // outcome, so nothing is settled and LiqPay's own code reaches the log.
      if (answer.result === 'error' || (answer.status === 'error' && answer.amount === undefined)) {
        throw new Error(`LiqPay status request refused: ${errorCodeOf(answer) ?? 'no error code'}`);
      }
      const report = reportOf({ order_id: orderId, ...answer });
      return report && report.orderId === orderId ? report : null;
    },
  };
}
