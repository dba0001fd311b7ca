import type { Checkout } from '@negayno/shared/contract';
import { createProject, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startLiqpayStandIn, type LiqpayStandIn } from '../../test/liqpay-stand-in.js';
import { checkLedger } from './ledger-check.js';
import { liqpaySignature } from './providers/liqpay.js';

describe('LiqPay: checkout, callback and status poll against a loopback stand-in', () => {
  let ctx: TestContext;
  let liqpay: LiqpayStandIn;
  beforeAll(async () => {
    liqpay = await startLiqpayStandIn();
    ctx = await createTestContext({
      env: { LIQPAY_PUBLIC_KEY: liqpay.publicKey, LIQPAY_PRIVATE_KEY: liqpay.privateKey, LIQPAY_API_URL: liqpay.apiUrl, PUBLIC_URL: 'https://negayno.example' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await liqpay.close();
  });

  async function order(amount = 100_000) {
    const user = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner: user });
    const cookie = await ctx.login(user.email);
    const checkout = ((await ctx.post<Checkout>(`/api/project/${project.id}/balance/payment`, { amount }, { cookie })).body as { data: Checkout }).data;
    const balance = async () => ((await ctx.get(`/api/project/${project.id}/balance`, { cookie })).body as { data: { balance: number } }).data.balance;
    return { checkout, cookie, balance, project };
  }

  /** Everything a callback could have written: the orders, transactions and postings. */
  async function snapshot() {
    return {
      orders: await ctx.db.selectFrom('payment_orders').select(['order_id', 'status']).orderBy('id').execute(),
      transactions: await ctx.db.selectFrom('ledger_transactions').select(['id', 'status']).orderBy('id').execute(),
      postings: (await ctx.db.selectFrom('postings').select('id').execute()).length,
    };
  }

  const callback = (form: { data: string; signature: string }) =>
    ctx.request('POST', '/api/payment/liqpay/callback', {
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('answers a signed checkout form for the order, fee included, with our callback and return URLs', async () => {
    const { checkout, project } = await order(100_000);
    expect(checkout.provider).toBe('liqpay');
    expect(checkout.checkoutUrl).toBe(`${liqpay.apiUrl}/3/checkout`);
    expect(checkout.signature).toBe(liqpaySignature(liqpay.privateKey, checkout.data!));
    expect(JSON.parse(Buffer.from(checkout.data!, 'base64').toString())).toMatchObject({
      version: 3,
      action: 'pay',
      public_key: liqpay.publicKey,
      amount: '1015.00',
      currency: 'UAH',
      order_id: checkout.orderId,
      server_url: 'https://negayno.example/api/payment/liqpay/callback',
      result_url: `https://negayno.example/project/${project.id}?payment=${checkout.orderId}`,
    });
  });

  it('completes the order on a verified callback, once however often it is delivered', async () => {
    const { checkout, balance } = await order(100_000);
    const form = liqpay.callbackForm({ order_id: checkout.orderId, status: 'success', amount: 1015, currency: 'UAH' });
    expect((await callback(form)).status).toBe(200);
    expect(await balance()).toBe(100_000);
    const before = await snapshot();
    const replays = await Promise.all([callback(form), callback(form), callback(form)]);
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await snapshot()).toEqual(before);
    expect(await balance()).toBe(100_000);
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('changes nothing on a forged, mismatched or unknown callback', async () => {
    const { checkout, balance } = await order(100_000);
    const before = await snapshot();
    const good = liqpay.callbackForm({ order_id: checkout.orderId, status: 'success', amount: 1015, currency: 'UAH' });
    const forgedSignature = { data: good.data, signature: liqpaySignature('not-the-key', good.data) };
    const tamperedData = {
      data: liqpay.callbackForm({ order_id: checkout.orderId, status: 'success', amount: 999_999, currency: 'UAH' }).data,
      signature: good.signature,
    };
    expect((await callback(forgedSignature)).status).toBe(403);
    expect((await callback(tamperedData)).status).toBe(403);
    expect((await callback({ data: good.data, signature: '' })).status).toBe(403);
    expect((await callback(liqpay.callbackForm({ order_id: checkout.orderId, status: 'success', amount: 10, currency: 'UAH' }))).status).toBe(200);
    expect((await callback(liqpay.callbackForm({ order_id: checkout.orderId, status: 'success', amount: 1015, currency: 'USD' }))).status).toBe(200);
    expect((await callback(liqpay.callbackForm({ order_id: 'unknown-order-000', status: 'success', amount: 1015, currency: 'UAH' }))).status).toBe(200);
    expect((await ctx.request('POST', '/api/payment/liqpay/callback', { payload: { data: 1 } })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await balance()).toBe(0);
  });

  it('asks LiqPay about an order whose callback never came', async () => {
    const { checkout, cookie, balance } = await order(50_000);
    expect((await ctx.get(`/api/payment/${checkout.orderId}`, { cookie })).body).toMatchObject({ data: { status: 'pending' } });
    liqpay.statuses.set(checkout.orderId, { status: 'success', amount: 507.5, currency: 'UAH' });
    expect((await ctx.get(`/api/payment/${checkout.orderId}`, { cookie })).body).toMatchObject({ data: { status: 'completed' } });
    expect(await balance()).toBe(50_000);

    const failed = await order(50_000);
    liqpay.statuses.set(failed.checkout.orderId, { status: 'failure', amount: 507.5, currency: 'UAH' });
    await ctx.db
      .updateTable('payment_orders')
      .set({ created_at: new Date(Date.now() - 3600_000) })
      .where('order_id', '=', failed.checkout.orderId)
      .execute();
    expect(await ctx.services.payments.pollStale()).toBeGreaterThanOrEqual(1);
    expect((await ctx.get(`/api/payment/${failed.checkout.orderId}`, { cookie: failed.cookie })).body).toMatchObject({ data: { status: 'rejected' } });
  });

  /** What the payments service logs as warnings while `run` runs: each message with its details. */
  async function warningsDuring(run: () => Promise<unknown>): Promise<Array<{ message: string; details: object }>> {
    const spy = jest.spyOn(ctx.services.payments['log'], 'warn');
    try {
      await run();
      return spy.mock.calls.map(([details, message]) => ({ message, details }));
    } finally {
      spy.mockRestore();
    }
  }

  it('does not credit a LiqPay sandbox payment without LIQPAY_SANDBOX=1, and says so in the log (issue 35 LP4)', async () => {
    const { checkout, balance } = await order(100_000);
    const warnings = await warningsDuring(async () => {
      const sandbox = liqpay.callbackForm({ order_id: checkout.orderId, status: 'sandbox', amount: 1015, currency: 'UAH' });
      expect((await callback(sandbox)).status).toBe(200);
    });
    expect(await balance()).toBe(0);
    expect(warnings).toEqual([expect.objectContaining({ message: expect.stringMatching(/sandbox/) })]);
    expect(await ctx.db.selectFrom('payment_orders').select('status').where('order_id', '=', checkout.orderId).executeTakeFirst()).toEqual({
      status: 'pending',
    });
  });

  it('credits a success that comes after a failure of the same order, and logs it (issue 35)', async () => {
    const { checkout, balance } = await order(100_000);
    const failure = liqpay.callbackForm({ order_id: checkout.orderId, status: 'failure', amount: 1015, currency: 'UAH', err_code: 'limit' });
    expect((await callback(failure)).status).toBe(200);
    expect(await balance()).toBe(0);
    const warnings = await warningsDuring(async () => {
      const success = liqpay.callbackForm({ order_id: checkout.orderId, status: 'success', amount: 1015, currency: 'UAH' });
      expect((await callback(success)).status).toBe(200);
      expect((await callback(success)).status).toBe(200);
    });
    expect(await balance()).toBe(100_000);
    expect(warnings.map((warning) => warning.message)).toEqual(['payment succeeded after it had failed: credited']);
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('logs LiqPay’s own error code when its status request fails, and settles nothing (issue 35)', async () => {
    const { checkout, cookie } = await order(50_000);
    const warnings = await warningsDuring(() => ctx.get(`/api/payment/${checkout.orderId}`, { cookie }));
    const said = warnings.map(({ message, details }) => `${message} ${(details as { err?: Error }).err?.message ?? ''}`).join('\n');
    expect(said).toMatch(/payment_not_found/);
    expect(said).not.toMatch(/amount or currency differs/);
  });

  it('refunds a completed payment LiqPay reversed, once (decisions 5)', async () => {
    const { checkout, balance, project } = await order(100_000);
    expect((await callback(liqpay.callbackForm({ order_id: checkout.orderId, status: 'success', amount: 1015, currency: 'UAH' }))).status).toBe(200);
    expect(await balance()).toBe(100_000);
    const reversed = liqpay.callbackForm({ order_id: checkout.orderId, status: 'reversed', amount: 1015, currency: 'UAH' });
    expect((await callback(reversed)).status).toBe(200);
    expect((await callback(reversed)).status).toBe(200);
    expect(await balance()).toBe(0);
    const refunds = await ctx.db
      .selectFrom('ledger_transactions')
      .select(['payment_type', 'amount'])
      .where('project_id', '=', project.id)
      .where('payment_type', '=', 'refund')
      .execute();
    // The transaction is what went back to the card: the top-up and its fee.
    expect(refunds).toEqual([{ payment_type: 'refund', amount: 101_500 }]);
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('refunds a reversal the balance no longer covers below zero by that amount, once, and tells the operators', async () => {
    const operator = await createUser(ctx.db, { role: 'performer' });
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', operator.id).execute();
    const { checkout, balance, project } = await order(100_000);
    expect((await callback(liqpay.callbackForm({ order_id: checkout.orderId, status: 'success', amount: 1015, currency: 'UAH' }))).status).toBe(200);
    // The money was spent meanwhile (moved on to a task's escrow, say).
    await ctx.services.ledger.post({
      paymentType: 'taskpayment',
      currency: 'UAH',
      postings: [
        { account: { kind: 'project', projectId: project.id }, amount: -60_000 },
        { account: { kind: 'platform' }, amount: 60_000 },
      ],
    });
    const reversed = liqpay.callbackForm({ order_id: checkout.orderId, status: 'reversed', amount: 1015, currency: 'UAH' });
    const warnings = await warningsDuring(() => callback(reversed));
    expect(warnings).toEqual([expect.objectContaining({ message: expect.stringMatching(/reversed/) })]);
    // Decisions 5: below zero by the reversed amount at most (40,000 − 100,000).
    expect(await balance()).toBe(-60_000);
    await callback(reversed);
    expect(await balance()).toBe(-60_000);
    const told = await ctx.db.selectFrom('notifications').select(['user_id', 'payload']).where('kind', '=', 'payment_reversed').execute();
    expect(told).toEqual([{ user_id: operator.id, payload: expect.objectContaining({ amount: 100_000, currency: 'UAH', note: checkout.orderId }) }]);
    // The overdraft is the refund's alone: the balance takes no other debit while below zero.
    await expect(
      ctx.services.ledger.post({
        paymentType: 'taskpayment',
        currency: 'UAH',
        postings: [
          { account: { kind: 'project', projectId: project.id }, amount: -1 },
          { account: { kind: 'platform' }, amount: 1 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'balance_is_insufficient' });
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('refuses the test provider’s Pay on a LiqPay install', async () => {
    const { checkout, cookie, balance } = await order(50_000);
    expect((await ctx.post(`/api/payment/test/${checkout.orderId}`, { result: 'success' }, { cookie })).status).toBe(404);
    expect(await balance()).toBe(0);
  });
});
