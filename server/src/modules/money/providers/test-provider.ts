/**
 * The `test` provider (decisions 5): the default of a fresh install and of the demo. Its checkout page
 * is Negayno's own (`GET /api/payment/test/{orderId}`), whose Pay and Decline buttons post the result
 * to `POST /api/payment/test/{orderId}`; that call reports through the same confirmation path as a
 * provider callback. It has no callback of its own, and nothing to ask about an order.
 */
import { API_ROOT } from '@negayno/shared/contract';
import type { CardProvider } from './provider.js';

export const testProvider: CardProvider = {
  name: 'test',
  checkout: (order) => ({ orderId: order.orderId, provider: 'test', checkoutUrl: `${API_ROOT}/payment/test/${order.orderId}` }),
  verifyCallback: () => null,
  status: () => Promise.resolve(null),
};
