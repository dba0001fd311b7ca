import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('GET /api/user/balance and GET /api/user/bonus-balance', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers zero balances in the user currency before any money moved', async () => {
    const user = await createUser(ctx.db, { currency: 'USD' });
    const cookie = await ctx.login(user.email);
    expect((await ctx.get('/api/user/balance', { cookie })).body).toMatchObject({ status: 'ok', data: { balance: 0, currency: 'USD' } });
    expect((await ctx.get('/api/user/bonus-balance', { cookie })).body).toMatchObject({ status: 'ok', data: { balance: 0, currency: 'USD' } });
  });

  it('answers the sums of the ledger postings of each account, in minor units', async () => {
    const user = await createUser(ctx.db);
    const wallet = { kind: 'user_wallet' as const, userId: user.id };
    const bonus = { kind: 'user_bonus' as const, userId: user.id };
    await ctx.services.ledger.post({
      paymentType: 'deposit',
      currency: 'UAH',
      postings: [
        { account: wallet, amount: 50_000 },
        { account: { kind: 'provider' }, amount: -50_000 },
      ],
    });
    await ctx.services.ledger.post({
      paymentType: 'deposit',
      currency: 'UAH',
      postings: [
        { account: wallet, amount: 2_550 },
        { account: { kind: 'provider' }, amount: -2_550 },
      ],
    });
    await ctx.services.ledger.post({
      paymentType: 'bonus',
      currency: 'UAH',
      postings: [
        { account: bonus, amount: 700 },
        { account: { kind: 'provider' }, amount: -700 },
      ],
    });
    const cookie = await ctx.login(user.email);

    expect((await ctx.get('/api/user/balance', { cookie })).body).toMatchObject({ data: { balance: 52_550, currency: 'UAH' } });
    expect((await ctx.get('/api/user/bonus-balance', { cookie })).body).toMatchObject({ data: { balance: 700, currency: 'UAH' } });
  });

  it('is only for a signed-in user', async () => {
    expect((await ctx.get('/api/user/balance')).status).toBe(401);
    expect((await ctx.get('/api/user/bonus-balance')).status).toBe(401);
  });
});
