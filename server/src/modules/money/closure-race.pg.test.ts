import type { WalletAnswer } from '@negayno/shared/contract';
import { createProject, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { AccountRef } from './ledger.js';
import { checkLedger } from './ledger-check.js';

/**
 * Issue 35 M12: money that reaches a project while it is being closed makes the closure refuse (409), and
 * a refused closure has moved nothing: the transfer and the archiving are one transaction. The deposit is
 * slipped in on another connection right after the closure read the balance, which only PostgreSQL can
 * run beside an open transaction (PGlite is one session).
 */
describe('closing a project while money lands on it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const fund = (account: AccountRef, amount: number) =>
    ctx.services.ledger.post({
      paymentType: 'workpayment',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -amount },
        { account, amount },
      ],
    });

  it('a closure refused with 409 leaves the balance where it was', async () => {
    const admin = await createUser(ctx.db);
    const closing = await createProject(ctx.db, { owner: admin });
    const account: AccountRef = { kind: 'project', projectId: closing.id };
    await fund(account, 75_000);
    const cookie = await ctx.login(admin.email);

    const { ledger } = ctx.services;
    const read = ledger.balanceOf.bind(ledger);
    let landed = false;
    const spy = jest.spyOn(ledger, 'balanceOf').mockImplementation(async (...args: Parameters<typeof read>) => {
      const balance = await read(...args);
      const [ref] = args;
      if (!landed && ref.kind === 'project' && ref.projectId === closing.id) {
        landed = true;
        await fund(account, 5_000);
      }
      return balance;
    });
    try {
      const closed = await ctx.post(`/api/project/${closing.id}/close`, {}, { cookie });
      expect(closed.status).toBe(409);
      expect(closed.body).toMatchObject({ code: 'method_not_allowed' });
    } finally {
      spy.mockRestore();
    }
    expect(landed).toBe(true);
    expect(await ledger.balanceOf(account, 'UAH')).toBe(80_000);
    expect((await ctx.get(`/api/user/balance`, { cookie })).body).toMatchObject({ data: { balance: 0 } satisfies Partial<WalletAnswer> });
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });

    // Asked again, the closure moves everything and archives the project.
    expect((await ctx.post(`/api/project/${closing.id}/close`, {}, { cookie })).status).toBe(200);
    expect((await ctx.get(`/api/user/balance`, { cookie })).body).toMatchObject({ data: { balance: 80_000 } });
  });

  it('a wallet deposit that passed its check while the project was being closed is refused, not stranded on the archive', async () => {
    const admin = await createUser(ctx.db);
    const closing = await createProject(ctx.db, { owner: admin });
    await fund({ kind: 'user_wallet', userId: admin.id }, 10_000);
    const cookie = await ctx.login(admin.email);

    const { projects } = ctx.services;
    const check = projects.balanceOwnedBy.bind(projects);
    let closedMeanwhile = false;
    const spy = jest.spyOn(projects, 'balanceOwnedBy').mockImplementation(async (...args: Parameters<typeof check>) => {
      const answer = await check(...args);
      if (!closedMeanwhile) {
        closedMeanwhile = true;
        expect((await ctx.post(`/api/project/${closing.id}/close`, {}, { cookie })).status).toBe(200);
      }
      return answer;
    });
    try {
      const deposit = await ctx.post(`/api/project/${closing.id}/balance/deposit`, { amount: 5_000, from: 'wallet' }, { cookie });
      expect(deposit.body).toMatchObject({ code: 'project_not_found' });
    } finally {
      spy.mockRestore();
    }
    expect(await ctx.services.ledger.balanceOf({ kind: 'project', projectId: closing.id }, 'UAH')).toBe(0);
    expect(await ctx.services.ledger.balanceOf({ kind: 'user_wallet', userId: admin.id }, 'UAH')).toBe(10_000);
  });
});
