/** The balances a wallet drawer shows. */
import { call } from '@negayno/shared/api';
import { endpoints, type Balance } from '@negayno/shared/contract';
import { settle, type LoadStatus } from '@negayno/shared/stores';
import { makeAutoObservable, runInAction } from 'mobx';

export class WalletStore {
  balance: Balance | null = null;
  bonus: Balance | null = null;
  status: LoadStatus = 'loading';

  constructor() {
    makeAutoObservable(this);
  }

  async loadUserWallet(): Promise<void> {
    this.status = 'loading';
    const result = await settle(
      Promise.all([
        call(endpoints.money.balance, {}, { name: 'get-user-balance' }),
        call(endpoints.money.bonusBalance, {}, { name: 'get-user-bonus-balance' }),
      ]),
    );
    runInAction(() => {
      if (result.status === 'ready') [this.balance, this.bonus] = result.answer;
      this.status = result.status;
    });
  }
}
