import type { Calculation, Checkout, PaymentOrderState, Transaction, TransactionsPage, WalletAnswer } from '@negayno/shared/contract';
import { addMember, createProject, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { checkLedger } from './ledger-check.js';

describe('card top-ups through the test provider', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function client() {
    const user = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner: user });
    return { user, project, cookie: await ctx.login(user.email) };
  }

  it('calculates the card fee on top and the balance after', async () => {
    const { project, cookie } = await client();
    const answer = await ctx.post<Calculation>(`/api/project/${project.id}/balance/calculate`, { amount: 100_000 }, { cookie });
    expect(answer.body).toEqual({ status: 'ok', data: { amount: 100_000, fee: 1_500, total: 101_500, balance: 100_000, currency: 'UAH' } });
  });

  it('answers each amount rule with its code and writes nothing', async () => {
    const { project, cookie } = await client();
    const cases: Array<[unknown, string]> = [
      [undefined, 'amount_is_empty'],
      ['', 'amount_is_empty'],
      ['12a', 'amount_is_not_number'],
      [10.5, 'amount_is_not_number'],
      ['123456789012345', 'amount_is_too_long'],
      [-5, 'amount_is_too_small'],
      [9_999, 'amount_is_too_small'],
      [100_000_001, 'amount_is_too_big'],
    ];
    for (const [amount, code] of cases) {
      const answer = await ctx.post(`/api/project/${project.id}/balance/payment`, amount === undefined ? {} : { amount }, { cookie });
      expect({ amount, code: answer.body.status === 'error' ? answer.body.code : 'ok' }).toEqual({ amount, code });
    }
    expect((await ctx.get<TransactionsPage>(`/api/project/${project.id}/balance/transactions`, { cookie })).body).toMatchObject({
      data: { list: [], hasMore: false },
    });
  });

  it('lists the order pending, completes it once on Pay, and the postings sum to zero', async () => {
    const { project, cookie } = await client();
    const checkout = await ctx.post<Checkout>(`/api/project/${project.id}/balance/payment`, { amount: 250_000 }, { cookie });
    expect(checkout.body.status).toBe('ok');
    const { orderId, provider, checkoutUrl } = (checkout.body as { data: Checkout }).data;
    expect({ provider, checkoutUrl }).toEqual({ provider: 'test', checkoutUrl: `/api/payment/test/${orderId}` });

    const page = await ctx.get(checkoutUrl, { cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('data-testid="checkout-total"');

    const pending = await ctx.get<TransactionsPage>(`/api/project/${project.id}/balance/transactions`, { cookie });
    expect((pending.body as { data: TransactionsPage }).data.list).toMatchObject([
      { status: 'pending', type: 'income', paymentType: 'projectdeposit', amount: 250_000 },
    ]);

    const paid = await ctx.post<PaymentOrderState>(`/api/payment/test/${orderId}`, { result: 'success' }, { cookie });
    expect(paid.body).toMatchObject({ data: { status: 'completed', amount: 250_000, projectId: project.id } });
    const again = await ctx.post<PaymentOrderState>(`/api/payment/test/${orderId}`, { result: 'success' }, { cookie });
    expect(again.body).toMatchObject({ data: { status: 'completed' } });
    const declinedLate = await ctx.post<PaymentOrderState>(`/api/payment/test/${orderId}`, { result: 'failure' }, { cookie });
    expect(declinedLate.body).toMatchObject({ data: { status: 'completed' } });

    expect((await ctx.get(`/api/project/${project.id}/balance`, { cookie })).body).toMatchObject({ data: { balance: 250_000 } });
    const list = (await ctx.get<TransactionsPage>(`/api/project/${project.id}/balance/transactions`, { cookie })).body as { data: TransactionsPage };
    expect(list.data.list).toMatchObject([{ status: 'completed', balanceBefore: 0, balanceAfter: 250_000 }]);
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('rejects a declined order and moves nothing; a payment on the same order afterwards credits it once (issue 35)', async () => {
    const { project, cookie } = await client();
    const { orderId } = ((await ctx.post<Checkout>(`/api/project/${project.id}/balance/payment`, { amount: 50_000 }, { cookie })).body as { data: Checkout })
      .data;
    expect((await ctx.post(`/api/payment/test/${orderId}`, { result: 'failure' }, { cookie })).body).toMatchObject({ data: { status: 'rejected' } });
    expect((await ctx.post(`/api/payment/test/${orderId}`, { result: 'failure' }, { cookie })).body).toMatchObject({ data: { status: 'rejected' } });
    expect((await ctx.get(`/api/project/${project.id}/balance`, { cookie })).body).toMatchObject({ data: { balance: 0 } });
    expect((await ctx.get(`/api/payment/${orderId}`, { cookie })).body).toMatchObject({ data: { status: 'rejected' } });
    // The payer retried on the same checkout and was charged: the order is credited, and only once.
    expect((await ctx.post(`/api/payment/test/${orderId}`, { result: 'success' }, { cookie })).body).toMatchObject({ data: { status: 'completed' } });
    expect((await ctx.post(`/api/payment/test/${orderId}`, { result: 'success' }, { cookie })).body).toMatchObject({ data: { status: 'completed' } });
    expect((await ctx.get(`/api/project/${project.id}/balance`, { cookie })).body).toMatchObject({ data: { balance: 50_000 } });
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('lets only the payer confirm or see an order, and only an administrator top a project up', async () => {
    const { project, cookie } = await client();
    const { orderId } = ((await ctx.post<Checkout>(`/api/project/${project.id}/balance/payment`, { amount: 50_000 }, { cookie })).body as { data: Checkout })
      .data;
    const stranger = await createUser(ctx.db);
    const strangerCookie = await ctx.login(stranger.email);
    expect((await ctx.post(`/api/payment/test/${orderId}`, { result: 'success' }, { cookie: strangerCookie })).status).toBe(404);
    expect((await ctx.get(`/api/payment/${orderId}`, { cookie: strangerCookie })).status).toBe(404);
    expect((await ctx.post(`/api/project/${project.id}/balance/payment`, { amount: 50_000 }, { cookie: strangerCookie })).status).toBe(404);
    const guest = await createUser(ctx.db);
    await addMember(ctx.db, project, guest, 'user');
    const guestCookie = await ctx.login(guest.email);
    expect((await ctx.post(`/api/project/${project.id}/balance/payment`, { amount: 50_000 }, { cookie: guestCookie })).body).toMatchObject({
      status: 'error',
      code: 'access_denied',
    });
    expect((await ctx.get(`/api/project/${project.id}/balance/transactions`, { cookie: guestCookie })).status).toBe(403);
    expect((await ctx.get(`/api/project/${project.id}/balance`, { cookie })).body).toMatchObject({ data: { balance: 0 } });
  });

  it('tops up the wallet and pays the inviter a 5 % bonus, which can pay a project top-up and nothing else', async () => {
    const inviter = await createUser(ctx.db);
    const invitee = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', invitee.id).execute();
    const inviteeCookie = await ctx.login(invitee.email);
    const { orderId } = ((await ctx.post<Checkout>('/api/user/balance/payment', { amount: 200_000 }, { cookie: inviteeCookie })).body as { data: Checkout })
      .data;
    await ctx.post(`/api/payment/test/${orderId}`, { result: 'success' }, { cookie: inviteeCookie });
    expect((await ctx.get<WalletAnswer>('/api/user/balance', { cookie: inviteeCookie })).body).toMatchObject({
      data: { balance: 200_000, can: { topUp: true, payout: false } },
    });

    const inviterCookie = await ctx.login(inviter.email);
    expect((await ctx.get('/api/user/bonus-balance', { cookie: inviterCookie })).body).toMatchObject({ data: { balance: 10_000 } });
    expect((await ctx.get('/api/user/partner-program', { cookie: inviterCookie })).body).toMatchObject({
      data: { invitedCount: 1, bonusEarned: 10_000, bonusPercent: 5 },
    });
    const bonusList = (await ctx.get<TransactionsPage>('/api/user/bonus-balance/transactions', { cookie: inviterCookie })).body as { data: TransactionsPage };
    expect(bonusList.data.list).toMatchObject([{ paymentType: 'bonus', type: 'income', amount: 10_000, status: 'completed' }]);

    const project = await createProject(ctx.db, { owner: inviter });
    const spent = await ctx.post<Transaction>(`/api/project/${project.id}/balance/deposit`, { amount: 6_000, from: 'bonus' }, { cookie: inviterCookie });
    expect(spent.body).toMatchObject({ data: { paymentType: 'projectdeposit', type: 'income', amount: 6_000 } });
    const over = await ctx.post(`/api/project/${project.id}/balance/deposit`, { amount: 6_000, from: 'bonus' }, { cookie: inviterCookie });
    expect(over.body).toMatchObject({ status: 'error', code: 'balance_is_insufficient' });
    expect((await ctx.get('/api/user/bonus-balance', { cookie: inviterCookie })).body).toMatchObject({ data: { balance: 4_000 } });
    expect((await ctx.get(`/api/project/${project.id}/balance`, { cookie: inviterCookie })).body).toMatchObject({ data: { balance: 6_000 } });
  });

  it('answers the same Idempotency-Key with the first answer, and another body with 409', async () => {
    const { project, cookie } = await client();
    const headers = { 'idempotency-key': 'topup-1' };
    const first = await ctx.post<Checkout>(`/api/project/${project.id}/balance/payment`, { amount: 30_000 }, { cookie, headers });
    const second = await ctx.post<Checkout>(`/api/project/${project.id}/balance/payment`, { amount: 30_000 }, { cookie, headers });
    expect(second.body).toEqual(first.body);
    const other = await ctx.post(`/api/project/${project.id}/balance/payment`, { amount: 40_000 }, { cookie, headers });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
    const orders = await ctx.db.selectFrom('payment_orders').select('order_id').where('project_id', '=', project.id).execute();
    expect(orders).toHaveLength(1);
  });
});
