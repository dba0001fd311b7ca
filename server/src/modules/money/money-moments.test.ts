/**
 * Issue 33, the money moments on the real database and HTTP: who is offered tips on which task (the
 * drawer's Tips button), a wallet top-up that returns to the task it started from, the test checkout
 * in the app's money format and look with a way back, and a partner tab that never shows "—".
 */
import type { Checkout, PartnerProgram, TaskActions, TaskStatus } from '@negayno/shared/contract';
import { createChats, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { castOf, dataOf, type Cast, type Role } from '../../test/workflow-kit.js';

describe('money moments (issue 33): tips everywhere they apply, the top-up way back, the checkout, promo codes', () => {
  let ctx: TestContext;
  let cast: Cast;

  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx);
  }, 120_000);
  afterAll(() => ctx.close());

  const as = (role: Role) => ({ cookie: cast.cookies[role] });
  async function task(status: TaskStatus, options: { performers?: boolean; archivedFrom?: TaskStatus } = {}) {
    const created = await createTask(ctx.db, {
      project: { id: cast.projectId },
      author: cast.people.author,
      status,
      performers: options.performers === false ? [] : [cast.people.performer],
    });
    await createChats(ctx.db, created);
    if (options.archivedFrom) await ctx.db.updateTable('tasks').set({ archived_from: options.archivedFrom }).where('id', '=', created.id).execute();
    return created.id;
  }
  const tipOf = async (taskId: number, role: Role) => dataOf<TaskActions>(await ctx.get(`/api/task/${taskId}/actions`, as(role))).tip;

  it('offers tips on every task whose work was accepted, to its client administrators and users only, while it had performers', async () => {
    const rating = await task('rating');
    const archived = await task('archived');
    for (const id of [rating, archived]) {
      expect(await tipOf(id, 'admin')).toBe(true);
      expect(await tipOf(id, 'author')).toBe(true);
      for (const role of ['guest', 'am', 'pm', 'sm', 'performer'] as const) expect([role, await tipOf(id, role)]).toEqual([role, false]);
    }
    // Not before the work is accepted, not on a task the am archived before it, not without performers.
    for (const id of [
      await task('in_work'),
      await task('review'),
      await task('archived', { archivedFrom: 'offer' }),
      await task('rating', { performers: false }),
    ])
      expect(await tipOf(id, 'admin')).toBe(false);
  });

  it('returns a wallet top-up to the task it started from, and refuses any other return address', async () => {
    const taskId = await task('rating');
    const answer = await ctx.post<Checkout>('/api/user/balance/payment', { amount: 500_000, returnTo: `/task/${taskId}` }, as('admin'));
    const { orderId, checkoutUrl } = dataOf<Checkout>(answer);
    const page = await ctx.get(checkoutUrl, as('admin'));
    expect(page.text).toContain(`data-return="/task/${taskId}?payment=${orderId}"`);
    const order = await ctx.db.selectFrom('payment_orders').select('return_path').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.return_path).toBe(`/task/${taskId}`);

    for (const returnTo of ['https://evil.example/task/1', '//evil.example', '/task/1?x=1', '/project/1', '']) {
      const refused = await ctx.post('/api/user/balance/payment', { amount: 500_000, returnTo }, as('admin'));
      expect([returnTo, refused.status, (refused.body as { code?: string }).code]).toEqual([returnTo, 400, 'invalid_value']);
    }
    // Without one, the board as before.
    const plain = dataOf<Checkout>(await ctx.post('/api/user/balance/payment', { amount: 500_000 }, as('admin')));
    expect((await ctx.get(plain.checkoutUrl, as('admin'))).text).toContain(`data-return="/?payment=${plain.orderId}"`);
  });

  it("shows the checkout in the app's money format and look, with a way back", async () => {
    const uk = dataOf<Checkout>(await ctx.post('/api/user/balance/payment', { amount: 500_000 }, as('admin')));
    const page = (await ctx.get(uk.checkoutUrl, { ...as('admin'), headers: { 'accept-language': 'uk' } })).text;
    // 5 000 грн and the 1.5 % card fee: "5 075 грн" as the app writes it, never "5 075,00 ₴".
    expect(page).toMatch(/data-testid="checkout-total">5\s075 грн</);
    expect(page).not.toContain('₴');
    expect(page).toMatch(/Сплатити 5\s075 грн/);
    expect(page).toMatch(/<dd>5\s000 грн<\/dd>/);
    expect(page).toContain('<dd>75 грн</dd>');
    expect(page).toContain('Negayno');
    expect(page).toContain('<svg');
    expect(page).toContain('data-testid="checkout-cancel"');
    expect(page).toContain('Скасувати та повернутися до Negayno');

    const en = (await ctx.get(uk.checkoutUrl, { ...as('admin'), headers: { 'accept-language': 'en' } })).text;
    expect(en).toMatch(/data-testid="checkout-total">5,075 грн</);
    expect(en).toContain('Cancel and go back to Negayno');
  });

  it('gives an account without a promo code one on its partner tab, once, and keeps it', async () => {
    const staff = await createUser(ctx.db, { role: 'sm' });
    const cookie = await ctx.login(staff.email);
    const first = dataOf<PartnerProgram>(await ctx.get('/api/user/partner-program', { cookie }));
    expect(first.promoCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    const again = dataOf<PartnerProgram>(await ctx.get('/api/user/partner-program', { cookie }));
    expect(again.promoCode).toBe(first.promoCode);
    const row = await ctx.db.selectFrom('users').select('promo_code').where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.promo_code).toBe(first.promoCode);
  });
});
