/** The balances a wallet drawer shows. */
import { api } from '@negayno/shared/api';
import type { Balance } from '@negayno/shared/contract';
import { makeAutoObservable, runInAction } from 'mobx';

export class WalletStore {
  balance: Balance | null = null;
  bonus: Balance | null = null;
  status: 'loading' | 'ready' | 'error' = 'loading';

  constructor() {
    makeAutoObservable(this);
  }

  async loadUserWallet(): Promise<void> {
    this.status = 'loading';
    try {
      const [balance, bonus] = await Promise.all([
        api.get<Balance>('/user/balance', { name: 'get-user-balance' }),
        api.get<Balance>('/user/bonus-balance', { name: 'get-user-bonus-balance' }),
      ]);
      runInAction(() => {
        this.balance = balance;
        this.bonus = bonus;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => {
        this.status = 'error';
      });
    }
  }
}
