/**
 * One wallet drawer's data: the balance (the user's wallet with its bonus, or a project's), the
 * statement paged 20 at a time, the month statistics, the top-up hint, and the moves started here.
 */
import { call } from '@negayno/shared/api';
import {
  endpoints,
  type Balance,
  type BalanceStatMonth,
  type Calculation,
  type Checkout,
  type PaymentOrderState,
  type Transaction,
  type TransactionsPage,
  type WalletAnswer,
} from '@negayno/shared/contract';
import { settle, type LoadStatus } from '@negayno/shared/stores';
import { makeAutoObservable, runInAction } from 'mobx';

export type WalletTarget = { kind: 'user' } | { kind: 'bonus' } | { kind: 'project'; projectId: number };

export class WalletStore {
  wallet: WalletAnswer | null = null;
  bonus: Balance | null = null;
  project: Balance | null = null;
  status: LoadStatus = 'loading';

  transactions: Transaction[] = [];
  hasMore = false;
  listStatus: LoadStatus = 'loading';
  moreStatus: LoadStatus = 'idle';

  months: BalanceStatMonth[] = [];
  monthsStatus: LoadStatus = 'loading';

  calculation: Calculation | null = null;
  order: PaymentOrderState | null = null;

  /** `returnTo`: the task page a top-up of the wallet comes back to (issue 33); else the board. */
  constructor(
    readonly target: WalletTarget,
    private readonly returnTo?: string,
  ) {
    makeAutoObservable<WalletStore, 'returnTo'>(this, { target: false, returnTo: false });
  }

  get balance(): Balance | null {
    return this.target.kind === 'project' ? this.project : this.target.kind === 'bonus' ? this.bonus : this.wallet;
  }

  async load(): Promise<void> {
    await Promise.all([this.loadBalance(), this.loadTransactions(), this.loadMonths()]);
  }

  async loadBalance(): Promise<void> {
    const target = this.target;
    const result = await settle<{ project?: Balance; wallet?: WalletAnswer; bonus?: Balance }>(
      target.kind === 'project'
        ? call(endpoints.money.projectBalance, { params: { id: target.projectId } }).then((project) => ({ project }))
        : Promise.all([call(endpoints.money.balance, {}), call(endpoints.money.bonusBalance, {})]).then(([wallet, bonus]) => ({ wallet, bonus })),
    );
    runInAction(() => {
      if (result.status === 'ready') Object.assign(this, result.answer);
      this.status = result.status;
    });
  }

  async loadTransactions(): Promise<void> {
    this.listStatus = 'loading';
    const result = await settle(this.page());
    runInAction(() => {
      if (result.status === 'ready') {
        this.transactions = result.answer.list;
        this.hasMore = result.answer.hasMore;
      }
      this.listStatus = result.status;
    });
  }

  async loadMore(): Promise<void> {
    const last = this.transactions.at(-1);
    if (!last || this.moreStatus === 'loading') return;
    this.moreStatus = 'loading';
    const result = await settle(this.page(last.number));
    runInAction(() => {
      if (result.status === 'ready') {
        const known = new Set(this.transactions.map((row) => row.number));
        this.transactions.push(...result.answer.list.filter((row) => !known.has(row.number)));
        this.hasMore = result.answer.hasMore;
      }
      this.moreStatus = result.status === 'ready' ? 'idle' : result.status;
    });
  }

  async loadMonths(): Promise<void> {
    const target = this.target;
    this.monthsStatus = 'loading';
    const result = await settle(
      target.kind === 'project'
        ? call(endpoints.money.projectDebitStat, { params: { id: target.projectId } })
        : call(target.kind === 'bonus' ? endpoints.money.bonusCreditStat : endpoints.money.creditStat, {}),
    );
    runInAction(() => {
      if (result.status === 'ready') this.months = result.answer;
      this.monthsStatus = result.status;
    });
  }

  /**
   * A live event named a transaction: refetch it, replace the row with that number, or prepend it
   * unless it is older than the last row listed (an older one belongs to a page not loaded yet).
   */
  async onTransaction(number: number): Promise<void> {
    const result = await settle(this.one(number));
    void this.loadBalance();
    if (result.status !== 'ready') return;
    runInAction(() => {
      const row = result.answer;
      const index = this.transactions.findIndex((existing) => existing.number === row.number);
      if (index >= 0) this.transactions[index] = row;
      else if (this.transactions.length === 0 || row.number > this.transactions.at(-1)!.number) {
        this.transactions.push(row);
        this.transactions.sort((a, b) => b.number - a.number);
      }
    });
  }

  async calculate(amount: number | string): Promise<void> {
    const target = this.target;
    try {
      const calculation =
        target.kind === 'project'
          ? await call(endpoints.money.projectCalculate, { params: { id: target.projectId }, body: { amount } }, { quiet: true })
          : await call(endpoints.money.calculate, { body: { amount } }, { quiet: true });
      runInAction(() => (this.calculation = calculation));
    } catch (error) {
      runInAction(() => (this.calculation = null));
      throw error;
    }
  }

  clearCalculation(): void {
    this.calculation = null;
  }

  /** Opens a card order: the caller sends the browser to the provider's checkout. */
  pay(amount: number | string, idempotencyKey: string): Promise<Checkout> {
    const target = this.target;
    return target.kind === 'project'
      ? call(endpoints.money.projectPayment, { params: { id: target.projectId }, body: { amount } }, { quiet: true, idempotencyKey })
      : call(endpoints.money.payment, { body: { amount, ...(this.returnTo ? { returnTo: this.returnTo } : {}) } }, { quiet: true, idempotencyKey });
  }

  async requestPayout(amount: number | string, idempotencyKey: string): Promise<void> {
    const row = await call(endpoints.money.payout, { body: { amount } }, { quiet: true, idempotencyKey });
    await this.onTransaction(row.number);
  }

  async cancelPayout(number: number): Promise<void> {
    await call(endpoints.money.cancelPayout, { params: { number } }, { idempotencyKey: `cancel-${number}` });
    await this.onTransaction(number);
  }

  /** The order the payer returned from the checkout with. */
  async loadOrder(orderId: string): Promise<void> {
    const result = await settle(call(endpoints.money.order, { params: { orderId } }, { quiet: true }));
    runInAction(() => (this.order = result.status === 'ready' ? result.answer : null));
  }

  private page(backFrom?: number): Promise<TransactionsPage> {
    const target = this.target;
    if (target.kind === 'project') {
      return backFrom === undefined
        ? call(endpoints.money.projectTransactions, { params: { id: target.projectId } })
        : call(endpoints.money.projectTransactionsFrom, { params: { id: target.projectId, backFrom } });
    }
    const bonus = target.kind === 'bonus';
    return backFrom === undefined
      ? call(bonus ? endpoints.money.bonusTransactions : endpoints.money.transactions, {})
      : call(bonus ? endpoints.money.bonusTransactionsFrom : endpoints.money.transactionsFrom, { params: { backFrom } });
  }

  private one(number: number): Promise<Transaction> {
    const target = this.target;
    if (target.kind === 'project') return call(endpoints.money.projectTransaction, { params: { id: target.projectId, number } });
    return call(target.kind === 'bonus' ? endpoints.money.bonusTransaction : endpoints.money.transaction, { params: { number } });
  }
}
