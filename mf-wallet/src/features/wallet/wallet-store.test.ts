/**
 * A wallet kept live (issue 32): a posting whose event carries its row and balance is painted without a
 * request; one without them is read; a balance carried by an older transaction never replaces a newer one.
 */
import type { Balance, CarriedPosting, Transaction, WalletAnswer } from '@negayno/shared/contract';
import { apiServerForFile } from '@negayno/shared/testing';
import { WalletStore } from './wallet-store';

const server = apiServerForFile();

function row(number: number, amount: number): Transaction {
  return {
    number,
    date: 1_790_000_000 + number,
    status: 'completed',
    type: 'outcome',
    paymentType: 'taskpayment',
    amount,
    currency: 'UAH',
    balanceBefore: 0,
    balanceAfter: 0,
    project: { id: 3, name: 'Shop' },
    task: null,
    document: null,
    sender: null,
    recipient: null,
    settlementNote: null,
    can: { cancel: false },
  };
}

/** `asOf`: the account's newest posting when the balance was read (by default this transaction's). */
const posted = (number: number, amount: number, balance: number, asOf = number): CarriedPosting => ({ transaction: row(number, amount), balance, asOf });

async function projectWallet(): Promise<WalletStore> {
  const balance: Balance = { balance: 90_000, currency: 'UAH' };
  server.routes = {
    'GET /project/3/balance': { data: balance },
    'GET /project/3/balance/transactions': { data: { list: [row(10, 5_000)], hasMore: false } },
    'GET /project/3/balance/debit-stat': { data: [] },
  };
  const store = new WalletStore({ kind: 'project', projectId: 3 });
  await store.load();
  expect(store.transactions.map((listed) => listed.number)).toEqual([10]);
  return store;
}

describe('a live wallet', () => {
  it('paints a carried posting and its balance without a request', async () => {
    const store = await projectWallet();
    const from = server.requests.length;
    await store.onTransaction(12, posted(12, 20_000, 70_000));
    expect(store.transactions.map((listed) => [listed.number, listed.amount])).toEqual([
      [12, 20_000],
      [10, 5_000],
    ]);
    expect(store.project?.balance).toBe(70_000);
    expect(server.requests.slice(from)).toEqual([]);
  });

  it('replaces a row it lists by the carried one (a pending top-up completed)', async () => {
    const store = await projectWallet();
    await store.onTransaction(10, { transaction: { ...row(10, 5_000), status: 'rejected' }, balance: 90_000, asOf: 10 });
    expect(store.transactions.map((listed) => [listed.number, listed.status])).toEqual([[10, 'rejected']]);
  });

  it('keeps the later balance when an earlier one is told after it, by when each was read, not by number', async () => {
    const store = await projectWallet();
    // Transaction 14 committed first (balance read at posting 40), 13 after it (read at posting 41).
    await store.onTransaction(13, posted(13, 2_000, 58_000, 41));
    await store.onTransaction(14, posted(14, 1_000, 60_000, 40));
    expect(store.project?.balance).toBe(58_000);
    expect(store.transactions.map((listed) => listed.number)).toEqual([14, 13, 10]);
  });

  async function userWallet(): Promise<{ store: WalletStore; wallet: WalletAnswer }> {
    const wallet: WalletAnswer = { balance: 10_000, currency: 'UAH', can: { topUp: false, payout: true, tipsStatistics: false }, billingEmail: null };
    server.routes = {
      'GET /user/balance': { data: wallet },
      'GET /user/bonus-balance': { data: { balance: 0, currency: 'UAH' } },
      'GET /user/balance/transactions': { data: { list: [], hasMore: false } },
      'GET /user/balance/credit-stat': { data: [] },
    };
    const store = new WalletStore({ kind: 'user' });
    await store.load();
    return { store, wallet };
  }
  const pending = { ...row(30, 5_000), status: 'pending' as const };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("keeps a row's state told by an event over a call's answer that was on its way", async () => {
    const { store } = await userWallet();
    // The payout's answer (pending) is slow; meanwhile its cancellation in another tab is told.
    server.routes['POST /user/balance/payout'] = { data: pending, delayMs: 150 };
    const paying = store.requestPayout(5_000, 'key-1');
    await sleep(50);
    await store.onTransaction(30, { transaction: { ...pending, status: 'cancelled' }, balance: 10_000, asOf: 61 });
    await paying;
    expect(store.transactions.map((listed) => [listed.number, listed.status])).toEqual([[30, 'cancelled']]);
  });

  it('keeps a balance told by an event over a read that was on its way', async () => {
    const { store, wallet } = await userWallet();
    // A read answers the balance as it was (5,000) after an event told the later one (10,000).
    server.routes['GET /user/balance'] = { data: { ...wallet, balance: 5_000 }, delayMs: 150 };
    const reading = store.loadBalance();
    await sleep(50);
    await store.onTransaction(30, { transaction: { ...pending, status: 'cancelled' }, balance: 10_000, asOf: 61 });
    await reading;
    expect(store.wallet?.balance).toBe(10_000);
  });

  it('reads the row and the balance when the event came without them', async () => {
    const store = await projectWallet();
    server.routes['GET /project/3/balance/transaction/15'] = { data: row(15, 3_000) };
    server.routes['GET /project/3/balance'] = { data: { balance: 87_000, currency: 'UAH' } };
    const from = server.requests.length;
    await store.onTransaction(15);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      server.requests
        .slice(from)
        .map((request) => request.path)
        .sort(),
    ).toEqual(['/project/3/balance', '/project/3/balance/transaction/15']);
    expect(store.transactions[0]?.number).toBe(15);
    expect(store.project?.balance).toBe(87_000);
  });

  it("moves the user's bonus figure on a bonus posting", async () => {
    const { store } = await userWallet();
    store.onBonusBalance(posted(20, 500, 500));
    expect(store.bonus?.balance).toBe(500);
    expect(store.wallet?.balance).toBe(10_000);
  });
});
