import type { Balance, Currency } from '@negayno/shared/contract';

export function toBalance(balance: number, currency: Currency): Balance {
  return { balance, currency };
}
