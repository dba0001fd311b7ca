import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { checkLedger } from './ledger-check.js';

/** Real concurrency: on PostgreSQL these run on many pooled connections at once; PGlite serialises them. */
describe('parallel debits of one balance', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const PAYOUT = 50_000; // the smallest payout, 500 UAH
  const ALLOWED = 37;

  it('lets exactly as many of 100 parallel payouts through as the wallet holds, over HTTP', async () => {
    const performer = await createUser(ctx.db, { role: 'performer' });
    await ctx.services.ledger.post({
      paymentType: 'workpayment',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -(ALLOWED * PAYOUT + PAYOUT - 1) },
        { account: { kind: 'user_wallet', userId: performer.id }, amount: ALLOWED * PAYOUT + PAYOUT - 1 },
      ],
    });
    const cookie = await ctx.login(performer.email);
    const answers = await Promise.all(Array.from({ length: 100 }, () => ctx.post('/api/user/balance/payout', { amount: PAYOUT }, { cookie })));
    const codes = answers.map((answer) => (answer.body.status === 'ok' ? 'ok' : answer.body.code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(ALLOWED);
    expect(codes.filter((code) => code !== 'ok').every((code) => code === 'amount_is_insufficient')).toBe(true);
    expect((await ctx.get('/api/user/balance', { cookie })).body).toMatchObject({ data: { balance: PAYOUT - 1 } });
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('lets exactly as many of 100 parallel ledger debits through as the balance holds', async () => {
    const payer = await createUser(ctx.db);
    const payee = await createUser(ctx.db);
    const wallet = { kind: 'user_wallet' as const, userId: payer.id };
    await ctx.services.ledger.post({
      paymentType: 'deposit',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -ALLOWED * 100 },
        { account: wallet, amount: ALLOWED * 100 },
      ],
    });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        ctx.services.ledger.post({
          paymentType: 'tips',
          currency: 'UAH',
          postings: [
            { account: wallet, amount: -100 },
            { account: { kind: 'user_wallet', userId: payee.id }, amount: 100 },
          ],
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(ALLOWED);
    expect(await ctx.services.ledger.balanceOf(wallet, 'UAH')).toBe(0);
    expect(await ctx.services.ledger.balanceOf({ kind: 'user_wallet', userId: payee.id }, 'UAH')).toBe(ALLOWED * 100);
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });
});
