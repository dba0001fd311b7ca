/**
 * The demo a fresh `npm start` shows: every status on the boards, an offer waiting for the client with
 * two versions, contracts for the accepted work, money that adds up, and a second start that seeds nothing.
 */
import type { PartnerProgram, TaskCard, TaskDocument, TaskEstimate } from '@negayno/shared/contract';
import { checkLedger } from '../modules/money/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { dataOf } from '../test/workflow-kit.js';
import { DEMO_BONUS_PERCENT, DEMO_INVITEE_TOP_UP_UAH, DEMO_PASSWORD, seedDemo } from './demo.js';

describe('the demo seed', () => {
  let ctx: TestContext;
  let cookie: string;
  let cards: TaskCard[];
  beforeAll(async () => {
    ctx = await createTestContext();
    expect(await seedDemo(ctx.db)).toBe(true);
    cookie = await ctx.login('admin@demo.test', DEMO_PASSWORD);
    const projects = dataOf<Array<{ id: number; name: string }>>(await ctx.get('/api/projects', { cookie }));
    const shop = projects.find((project) => project.name === 'Інтернет-магазин')!;
    cards = dataOf<TaskCard[]>(await ctx.get(`/api/project/${shop.id}/tasks`, { cookie }));
    // The whole demo (hundreds of tasks and a ledger) on PGlite's one thread: past a minute on a loaded machine.
  }, 180_000);
  afterAll(() => ctx.close());

  const documentsOf = async (taskId: number) => dataOf<TaskDocument[]>(await ctx.get(`/api/task/${taskId}/documents`, { cookie }));

  it('answers the offer waiting for the client in two versions, the second adding a work item at new prices', async () => {
    const waiting = cards.find((card) => card.status === 'offer')!;
    const [offer] = (await documentsOf(waiting.id)).filter((document) => document.type === 'offer');
    expect(offer).toMatchObject({ version: 2 });
    const versions = dataOf<TaskDocument[]>(await ctx.get(`/api/document/${offer!.id}/versions`, { cookie }));
    expect(versions).toHaveLength(2);
    const [first, second] = [...versions].sort((a, b) => a.version - b.version);
    expect(second!.workList.length).toBe(first!.workList.length + 1);
    expect(second!.urgencies[0]!.price!).toBeGreaterThan(first!.urgencies[0]!.price!);
  });

  it("shows the staff the performer's estimate the offer was written from, and a client nothing of it (issue 33)", async () => {
    const waiting = cards.find((card) => card.status === 'offer')!;
    expect((await ctx.get(`/api/task/${waiting.id}/estimates`, { cookie })).status).toBe(403);
    const sm = await ctx.login('sm@demo.test', DEMO_PASSWORD);
    const [estimate] = dataOf<TaskEstimate[]>(await ctx.get(`/api/task/${waiting.id}/estimates`, { cookie: sm }));
    expect(estimate).toMatchObject({ performer: { firstname: 'Тарас' } });
    expect(estimate!.jobItem.length).toBeGreaterThan(0);
    expect(estimate!.executionTime).toBe(8 * estimate!.jobItem.length);
  });

  it('gives accepted work a contract at the price that went into escrow', async () => {
    const paid = cards.find((card) => card.name === 'Оплата через LiqPay')!;
    const contract = (await documentsOf(paid.id)).find((document) => document.type === 'contract');
    expect(contract).toMatchObject({ cost: 18_000 * 100, progress: 40 });
    const ledger = dataOf<{ inEscrow: number }>(await ctx.get(`/api/task/${paid.id}/ledger`, { cookie }));
    expect(ledger.inEscrow).toBe(18_000 * 100);
  });

  it("shows a partner tab that adds up: the admin's promo code, the one person she invited and the bonus on his top-up (issue 33)", async () => {
    const partner = dataOf<PartnerProgram>(await ctx.get('/api/user/partner-program', { cookie }));
    expect(partner).toEqual({
      promoCode: 'ADMIN-DEMO',
      invitedCount: 1,
      bonusEarned: (DEMO_INVITEE_TOP_UP_UAH * 100 * partner.bonusPercent) / 100,
      bonusPercent: DEMO_BONUS_PERCENT,
      currency: 'UAH',
    });
    // Every account that earned a bonus has a promo code.
    const earners = await ctx.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('users as u', 'u.id', 't.recipient_id')
      .select(['u.email', 'u.promo_code'])
      .where('t.payment_type', '=', 'bonus')
      .execute();
    expect(earners).toEqual([{ email: 'admin@demo.test', promo_code: 'ADMIN-DEMO' }]);
  });

  it('keeps the ledger whole and seeds only once', async () => {
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
    expect(await seedDemo(ctx.db)).toBe(false);
  });
});
