/** The console's money: platform revenue, escrow, payouts pending and paid, top-ups, per month and in total. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { makeAutoObservable, runInAction } from 'mobx';
import { type OpsMoney } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { settle, type LoadStatus } from '@negayno/shared/stores';

export const MONEY_SERIES = ['revenue', 'escrow', 'payoutsPending', 'payoutsPaid', 'topUps'] as const;
export type MoneySeries = (typeof MONEY_SERIES)[number];

/** Months shown at once in the chart; "show more" reaches further back. */
export const MONTHS_PAGE = 6;

export class MoneyStore {
  status: LoadStatus = 'idle';
  money: OpsMoney | null = null;
  monthsShown = MONTHS_PAGE;
  hidden = new Set<MoneySeries>();

  constructor() {
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    this.status = 'loading';
    const result = await settle(call(opsEndpoints.money, {}, { name: 'ops-money', quiet: true }));
    runInAction(() => {
      if (result.status === 'ready') this.money = result.answer;
      this.status = result.status;
    });
  }

  toggle(series: MoneySeries): void {
    if (this.hidden.has(series)) this.hidden.delete(series);
    else this.hidden.add(series);
  }

  more(): void {
    this.monthsShown += MONTHS_PAGE;
  }

  get months() {
    return (this.money?.months ?? []).slice(-this.monthsShown);
  }

  get hasMore(): boolean {
    return (this.money?.months.length ?? 0) > this.monthsShown;
  }

  get series(): MoneySeries[] {
    return MONEY_SERIES.filter((series) => !this.hidden.has(series));
  }
}
