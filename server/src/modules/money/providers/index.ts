import { API_ROOT } from '@negayno/shared/contract';
import type { Config } from '../../../config.js';
import { liqpayProvider } from './liqpay.js';
import type { CardProvider } from './provider.js';
import { testProvider } from './test-provider.js';

/** The configured card provider, or null when card top-ups are off. */
export function cardProviderOf(config: Pick<Config, 'money' | 'publicUrl'>): CardProvider | null {
  const { provider, liqpay } = config.money;
  if (provider === 'test') return testProvider;
  if (provider === 'liqpay' && liqpay) return liqpayProvider({ ...liqpay, callbackUrl: `${config.publicUrl}${API_ROOT}/payment/liqpay/callback` });
  return null;
}
