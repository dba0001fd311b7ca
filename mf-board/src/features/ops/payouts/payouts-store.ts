/** The console's payouts: pending requests oldest first (or the settled ones), the payee's wallet history, completing and rejecting. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { makeAutoObservable, runInAction } from 'mobx';
import { type OpsPayout, type Transaction } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { settle, type LoadStatus } from '@negayno/shared/stores';
import { PagedList } from '../paged-list';

export interface PayoutsFilters {
  status: 'pending' | 'settled';
}

export interface WalletHistory {
  status: LoadStatus;
  list: Transaction[];
}

export class PayoutsStore {
  readonly list = new PagedList<OpsPayout, PayoutsFilters>(
    (filters, backFrom) => call(opsEndpoints.payouts, { query: { status: filters.status, backFrom } }, { name: 'ops-payouts', quiet: true }),
    (payout) => payout.number,
    { status: 'pending' },
  );

  /** The wallet histories opened, by payee. */
  histories = new Map<number, WalletHistory>();

  constructor() {
    makeAutoObservable(this, { list: false });
  }

  async loadHistory(payeeId: number): Promise<void> {
    this.histories.set(payeeId, { status: 'loading', list: this.histories.get(payeeId)?.list ?? [] });
    const result = await settle(call(opsEndpoints.walletHistory, { params: { id: payeeId } }, { name: `ops-wallet-${payeeId}`, quiet: true }));
    runInAction(() => {
      this.histories.set(payeeId, result.status === 'ready' ? { status: 'ready', list: result.answer.list } : { status: result.status, list: [] });
    });
  }

  async complete(payout: OpsPayout, reference: string): Promise<OpsPayout> {
    const settled = await call(opsEndpoints.completePayout, { params: { number: payout.number }, body: { reference } }, { quiet: true });
    this.settled(settled);
    return settled;
  }

  async reject(payout: OpsPayout, reason: string): Promise<OpsPayout> {
    const settled = await call(opsEndpoints.rejectPayout, { params: { number: payout.number }, body: { reason } }, { quiet: true });
    this.settled(settled);
    return settled;
  }

  /** A settled payout leaves the pending list; in the settled one it shows its new state. */
  private settled(payout: OpsPayout): void {
    if (this.list.filters.status === 'pending') this.list.items = this.list.items.filter((held) => held.number !== payout.number);
    else this.list.put(payout);
    if (this.histories.has(payout.payee.id)) void this.loadHistory(payout.payee.id);
  }
}
