import type { Transaction } from '@negayno/shared/contract';
import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { checkLedger } from '../money/index.js';

/**
 * A payout settled twice at once, or settled while its asker cancels it, moves money once (issue 31).
 * On PostgreSQL the requests run on pooled connections at the same moment; PGlite serialises them.
 */
describe('settling a payout in parallel', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const operator = await createUser(ctx.db, { role: 'am' });
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', operator.id).execute();
    cookie = await ctx.login(operator.email);
  });
  afterAll(() => ctx.close());

  const AMOUNT = 60_000;
  const FUNDS = 200_000;
  const ROUNDS = 5;

  async function payee() {
    const performer = await createUser(ctx.db, { role: 'performer' });
    await ctx.services.ledger.post({
      paymentType: 'workpayment',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -FUNDS },
        { account: { kind: 'user_wallet', userId: performer.id }, amount: FUNDS },
      ],
    });
    const payeeCookie = await ctx.login(performer.email);
    const asked = await ctx.post('/api/user/balance/payout', { amount: AMOUNT }, { cookie: payeeCookie });
    return { performer, payeeCookie, number: (asked.body as { data: Transaction }).data.number };
  }

  const outcome = (response: { status: number; body: unknown }) => (response.status === 200 ? 'ok' : (response.body as { code: string }).code);

  async function statusOf(number: number) {
    return (await ctx.db.selectFrom('ledger_transactions').select(['status', 'settlement_note']).where('id', '=', number).executeTakeFirstOrThrow()).status;
  }

  async function walletOf(userId: number) {
    return ctx.services.ledger.balanceOf({ kind: 'user_wallet', userId }, 'UAH');
  }

  async function notificationsOf(userId: number) {
    return (await ctx.db.selectFrom('notifications').select('kind').where('user_id', '=', userId).where('kind', '=', 'payout_settled').execute()).length;
  }

  it('complete + complete: one completes, the other is told it is already settled', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { performer, number } = await payee();
      const answers = await Promise.all([
        ctx.post(`/api/ops/payout/${number}/complete`, { reference: 'A' }, { cookie }),
        ctx.post(`/api/ops/payout/${number}/complete`, { reference: 'B' }, { cookie }),
      ]);
      expect(answers.map(outcome).sort()).toEqual(['ok', 'payout_already_settled']);
      expect(await statusOf(number)).toBe('completed');
      expect(await walletOf(performer.id)).toBe(FUNDS - AMOUNT);
      expect(await notificationsOf(performer.id)).toBe(1);
      const audits = await ctx.db.selectFrom('operator_audit').select('action').where('target_id', '=', String(number)).execute();
      expect(audits).toEqual([{ action: 'payout.complete' }]);
    }
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('complete + reject: exactly one outcome, and the money moves back only if the rejection won', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { performer, number } = await payee();
      const [complete, reject] = await Promise.all([
        ctx.post(`/api/ops/payout/${number}/complete`, { reference: 'REF' }, { cookie }),
        ctx.post(`/api/ops/payout/${number}/reject`, { reason: 'no' }, { cookie }),
      ]);
      expect([outcome(complete), outcome(reject)].sort()).toEqual(['ok', 'payout_already_settled']);
      const status = await statusOf(number);
      expect(status).toBe(outcome(complete) === 'ok' ? 'completed' : 'rejected');
      expect(await walletOf(performer.id)).toBe(status === 'completed' ? FUNDS - AMOUNT : FUNDS);
      expect(await notificationsOf(performer.id)).toBe(1);
    }
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('complete + the payee’s cancel: exactly one wins, the money moves once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { performer, payeeCookie, number } = await payee();
      const [complete, cancel] = await Promise.all([
        ctx.post(`/api/ops/payout/${number}/complete`, { reference: 'REF' }, { cookie }),
        ctx.post(`/api/user/balance/payout/${number}/cancel`, {}, { cookie: payeeCookie }),
      ]);
      const outcomes = [outcome(complete), outcome(cancel)];
      expect(outcomes.filter((answer) => answer === 'ok')).toHaveLength(1);
      const status = await statusOf(number);
      if (outcome(complete) === 'ok') {
        expect(status).toBe('completed');
        expect(outcome(cancel)).toBe('method_not_allowed');
        expect(await walletOf(performer.id)).toBe(FUNDS - AMOUNT);
      } else {
        expect(status).toBe('cancelled');
        expect(outcome(complete)).toBe('payout_already_settled');
        expect(await walletOf(performer.id)).toBe(FUNDS);
      }
    }
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });
});
