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
  type CarriedPosting,
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

  /**
   * Events carry their rows and balances (issue 32), reads answer what was true when they were made: a
   * read answered after an event that was sent after it was made would paint the older facts. `heard`
   * counts the carried events applied; a read keeps the count it started at and gives way to any event
   * applied since (for its row, or for the balance).
   */
  private heard = 0;
  /** Per transaction number, `heard` when its carried row was applied. */
  private heardRows = new Map<number, number>();
  /** The `asOf` of the carried balance shown (see takeBalance). */
  private balanceAsOf = 0;

  /** `returnTo`: the task page a top-up of the wallet comes back to (issue 33); else the board. */
  constructor(
    readonly target: WalletTarget,
    private readonly returnTo?: string,
  ) {
    makeAutoObservable<WalletStore, 'returnTo' | 'heard' | 'heardRows' | 'balanceAsOf'>(this, {
      target: false,
      returnTo: false,
      heard: false,
      heardRows: false,
      balanceAsOf: false,
    });
  }

  get balance(): Balance | null {
    return this.target.kind === 'project' ? this.project : this.target.kind === 'bonus' ? this.bonus : this.wallet;
  }

  async load(): Promise<void> {
    await Promise.all([this.loadBalance(), this.loadTransactions(), this.loadMonths()]);
  }

  /** The balance read; a carried balance applied while the read was under way wins (see `heard`). */
  async loadBalance(): Promise<void> {
    const target = this.target;
    const since = this.heard;
    const result = await settle<{ project?: Balance; wallet?: WalletAnswer; bonus?: Balance }>(
      target.kind === 'project'
        ? call(endpoints.money.projectBalance, { params: { id: target.projectId } }).then((project) => ({ project }))
        : Promise.all([call(endpoints.money.balance, {}), call(endpoints.money.bonusBalance, {})]).then(([wallet, bonus]) => ({ wallet, bonus })),
    );
    runInAction(() => {
      if (result.status === 'ready' && (since === this.heard || this.balance === null)) Object.assign(this, result.answer);
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
   * A live event named a transaction: the row it carries (issue 32) or, without one, the row read again
   * with the balance. The row replaces the one with that number, or is prepended unless it is older than
   * the last row listed (an older one belongs to a page not loaded yet).
   */
  async onTransaction(number: number, posted?: CarriedPosting): Promise<void> {
    if (posted) {
      this.heard += 1;
      this.heardRows.set(number, this.heard);
      this.place(posted.transaction);
      this.takeBalance(posted);
      return;
    }
    const since = this.heard;
    const result = await settle(this.one(number));
    void this.loadBalance();
    if (result.status === 'ready') this.placeRead(result.answer, since);
  }

  /**
   * The user's wallet shows the bonus balance beside its own: a posting on the bonus account (a partner's
   * bonus, a transfer between the two) moves that figure.
   */
  onBonusBalance(posted?: CarriedPosting): void {
    if (!posted) void this.loadBalance();
    else if (this.bonus) {
      this.heard += 1;
      this.bonus = { ...this.bonus, balance: posted.balance };
    }
  }

  /** A row as a read or a call answered it, unless its event carried a newer state since the read started. */
  private placeRead(row: Transaction, since: number): void {
    if ((this.heardRows.get(row.number) ?? 0) <= since) this.place(row);
  }

  private place(row: Transaction): void {
    const index = this.transactions.findIndex((existing) => existing.number === row.number);
    if (index >= 0) this.transactions[index] = row;
    else if (this.transactions.length === 0 || row.number > this.transactions.at(-1)!.number) {
      this.transactions.push(row);
      this.transactions.sort((a, b) => b.number - a.number);
    }
  }

  /** A carried balance, unless a later one is shown already (two events may arrive in either order). */
  private takeBalance({ balance, asOf }: CarriedPosting): void {
    if (asOf < this.balanceAsOf) return;
    this.balanceAsOf = asOf;
    const shown = this.balance;
    if (!shown) return;
    if (this.target.kind === 'project') this.project = { ...shown, balance };
    else if (this.target.kind === 'bonus') this.bonus = { ...shown, balance };
    else if (this.wallet) this.wallet = { ...this.wallet, balance };
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

  /** The answer is the row; the balance is read (the event carries it too, and wins if it came since). */
  async requestPayout(amount: number | string, idempotencyKey: string): Promise<void> {
    const since = this.heard;
    const row = await call(endpoints.money.payout, { body: { amount } }, { quiet: true, idempotencyKey });
    this.placeRead(row, since);
    await this.loadBalance();
  }

  async cancelPayout(number: number): Promise<void> {
    const since = this.heard;
    const row = await call(endpoints.money.cancelPayout, { params: { number } }, { idempotencyKey: `cancel-${number}` });
    this.placeRead(row, since);
    await this.loadBalance();
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
