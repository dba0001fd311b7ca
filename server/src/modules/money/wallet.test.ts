import type { BalanceStatMonth, Project, Transaction, TransactionsPage, WalletAnswer } from '@negayno/shared/contract';
import { COMMANDS, UsageError } from '../../admin/commands.js';
import { addMember, assignPerformer, createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { AccountRef } from './ledger.js';
import { checkLedger } from './ledger-check.js';

describe('payouts, tips, statements, statistics and project closure', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function fund(account: AccountRef, amount: number) {
    await ctx.services.ledger.post({
      paymentType: 'workpayment',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -amount },
        { account, amount },
      ],
    });
  }

  /** negayno-admin in-process: its output and the exit code the command line would end with. */
  async function runAdmin([command, ...args]: string[]): Promise<{ code: number; output: string }> {
    const lines: string[] = [];
    try {
      await COMMANDS[command!]!.run({ database: ctx.database, config: ctx.config, print: (line) => lines.push(line) }, args);
      return { code: 0, output: lines.join('\n') };
    } catch (error) {
      return { code: error instanceof UsageError ? 2 : 1, output: [...lines, String(error)].join('\n') };
    }
  }

  const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

  it('reserves a payout, lets the asker cancel it while pending, and the operator complete or reject it', async () => {
    const performer = await createUser(ctx.db, { role: 'performer' });
    await fund({ kind: 'user_wallet', userId: performer.id }, 200_000);
    const cookie = await ctx.login(performer.email);
    expect(data<WalletAnswer>(await ctx.get('/api/user/balance', { cookie })).can).toEqual({ topUp: false, payout: true, tipsStatistics: true });

    expect((await ctx.post('/api/user/balance/payout', { amount: 49_999 }, { cookie })).body).toMatchObject({ code: 'amount_is_too_small' });
    expect((await ctx.post('/api/user/balance/payout', { amount: 200_001 }, { cookie })).body).toMatchObject({ code: 'amount_is_insufficient' });
    const first = data<Transaction>(await ctx.post('/api/user/balance/payout', { amount: 60_000 }, { cookie }));
    expect(first).toMatchObject({
      paymentType: 'payout',
      status: 'pending',
      type: 'outcome',
      amount: 60_000,
      balanceBefore: 200_000,
      balanceAfter: 140_000,
      can: { cancel: true },
    });

    const cancelled = data<Transaction>(await ctx.post(`/api/user/balance/payout/${first.number}/cancel`, {}, { cookie }));
    expect(cancelled).toMatchObject({ status: 'cancelled', balanceAfter: 200_000, can: { cancel: false } });
    expect((await ctx.post(`/api/user/balance/payout/${first.number}/cancel`, {}, { cookie })).status).toBe(409);

    const second = data<Transaction>(await ctx.post('/api/user/balance/payout', { amount: 70_000 }, { cookie }));
    const third = data<Transaction>(await ctx.post('/api/user/balance/payout', { amount: 80_000 }, { cookie }));
    const listed = await runAdmin(['payouts']);
    expect(listed.output).toContain(`#${second.number}`);
    expect((await runAdmin(['payout', 'complete', String(second.number)])).code).toBe(0);
    expect((await runAdmin(['payout', 'reject', String(third.number)])).code).toBe(0);
    expect((await runAdmin(['payout', 'reject', String(second.number)])).code).toBe(1);

    expect(data<Transaction>(await ctx.get(`/api/user/balance/transaction/${second.number}`, { cookie }))).toMatchObject({
      status: 'completed',
      can: { cancel: false },
    });
    expect(data<Transaction>(await ctx.get(`/api/user/balance/transaction/${third.number}`, { cookie }))).toMatchObject({ status: 'rejected' });
    expect(data<WalletAnswer>(await ctx.get('/api/user/balance', { cookie })).balance).toBe(130_000);

    const stranger = await createUser(ctx.db, { role: 'performer' });
    const strangerCookie = await ctx.login(stranger.email);
    expect((await ctx.get(`/api/user/balance/transaction/${second.number}`, { cookie: strangerCookie })).status).toBe(404);
    expect((await ctx.post(`/api/user/balance/payout/${third.number}/cancel`, {}, { cookie: strangerCookie })).status).toBe(404);

    const client = await createUser(ctx.db);
    expect((await ctx.post('/api/user/balance/payout', { amount: 60_000 }, { cookie: await ctx.login(client.email) })).status).toBe(403);
    expect((await runAdmin(['ledger', 'check'])).code).toBe(0);
  });

  it('moves tips from a client to a performer of the task within the bounds', async () => {
    const client = await createUser(ctx.db);
    const performer = await createUser(ctx.db, { role: 'performer', firstname: 'Олена', lastname: 'Коваль' });
    const outsider = await createUser(ctx.db, { role: 'performer' });
    const project = await createProject(ctx.db, { owner: client });
    const task = await createTask(ctx.db, { project, author: client, status: 'rating' });
    await assignPerformer(ctx.db, task, performer);
    await fund({ kind: 'user_wallet', userId: client.id }, 50_000);
    const cookie = await ctx.login(client.email);

    expect((await ctx.post(`/api/task/${task.id}/tips`, { amount: 999, userId: performer.id }, { cookie })).body).toMatchObject({
      code: 'amount_is_too_small',
    });
    expect((await ctx.post(`/api/task/${task.id}/tips`, { amount: 2_000, userId: outsider.id }, { cookie })).status).toBe(404);
    expect((await ctx.post(`/api/task/${task.id}/tips`, { amount: 60_000, userId: performer.id }, { cookie })).body).toMatchObject({
      code: 'balance_is_insufficient',
    });
    const tip = data<Transaction>(await ctx.post(`/api/task/${task.id}/tips`, { amount: 2_000, userId: performer.id }, { cookie }));
    expect(tip).toMatchObject({
      paymentType: 'tips',
      type: 'outcome',
      amount: 2_000,
      recipient: { firstname: 'Олена', lastname: 'Коваль' },
      task: { id: task.id },
    });

    const performerCookie = await ctx.login(performer.email);
    expect(data<TransactionsPage>(await ctx.get('/api/user/balance/transactions', { cookie: performerCookie })).list).toMatchObject([
      { paymentType: 'tips', type: 'income', amount: 2_000 },
    ]);
    const months = data<BalanceStatMonth[]>(await ctx.get('/api/user/balance/credit-stat', { cookie: performerCookie }));
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toMatchObject({ credits: { tips: 2_000, tasks: 0 } });
    expect((await ctx.post(`/api/task/${task.id}/tips`, { amount: 2_000, userId: client.id }, { cookie: performerCookie })).status).toBe(403);
  });

  it('pages a statement 20 at a time, newest first, by backFrom', async () => {
    const user = await createUser(ctx.db);
    for (let i = 1; i <= 25; i++) await fund({ kind: 'user_wallet', userId: user.id }, i * 100);
    const cookie = await ctx.login(user.email);
    const first = data<TransactionsPage>(await ctx.get('/api/user/balance/transactions', { cookie }));
    expect(first.list).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.list[0]).toMatchObject({ amount: 2_500, balanceAfter: 32_500 });
    const rest = data<TransactionsPage>(await ctx.get(`/api/user/balance/transactions/${first.list.at(-1)!.number}`, { cookie }));
    expect(rest.list.map((row) => row.amount)).toEqual([500, 400, 300, 200, 100]);
    expect(rest.hasMore).toBe(false);
    const debits = data<BalanceStatMonth[]>(await ctx.get('/api/user/balance/debit-stat', { cookie }));
    expect(debits.at(-1)).toMatchObject({ debit: 0, credits: { tasks: 32_500 } });
  });

  it('takes tips only from a client administrator or user, once the work is accepted (issue 35 M9b, decisions 5)', async () => {
    const admin = await createUser(ctx.db);
    const user = await createUser(ctx.db);
    const guest = await createUser(ctx.db);
    const performer = await createUser(ctx.db, { role: 'performer' });
    const project = await createProject(ctx.db, { owner: admin });
    await addMember(ctx.db, project, user, 'user');
    await addMember(ctx.db, project, guest, 'guest');
    const taskIn = async (status: 'in_work' | 'rating' | 'archived', archivedFrom: 'published' | null = null) => {
      const task = await createTask(ctx.db, { project, author: admin, status, performers: [performer] });
      if (archivedFrom) await ctx.db.updateTable('tasks').set({ archived_from: archivedFrom }).where('id', '=', task.id).execute();
      return task;
    };
    const [inWork, rating, finished, archivedByAm] = [
      await taskIn('in_work'),
      await taskIn('rating'),
      await taskIn('archived'),
      await taskIn('archived', 'published'),
    ];
    const cookies = { admin: await ctx.login(admin.email), user: await ctx.login(user.email), guest: await ctx.login(guest.email) };
    for (const client of [admin, user, guest]) await fund({ kind: 'user_wallet', userId: client.id }, 50_000);
    const tip = (who: keyof typeof cookies, task: { id: number }) =>
      ctx.post(`/api/task/${task.id}/tips`, { amount: 1_000, userId: performer.id }, { cookie: cookies[who] });

    expect((await tip('guest', rating)).body).toMatchObject({ code: 'access_denied' });
    expect((await tip('admin', inWork)).body).toMatchObject({ code: 'method_not_allowed' });
    expect((await tip('user', archivedByAm)).body).toMatchObject({ code: 'method_not_allowed' });
    expect((await tip('user', rating)).status).toBe(200);
    expect((await tip('admin', finished)).status).toBe(200);
    expect(await ctx.services.ledger.balanceOf({ kind: 'user_wallet', userId: guest.id }, 'UAH')).toBe(50_000);
    expect(await ctx.services.ledger.balanceOf({ kind: 'user_wallet', userId: performer.id }, 'UAH')).toBe(2_000);
  });

  it('closes a project into another of the administrator’s projects or into the wallet', async () => {
    const admin = await createUser(ctx.db);
    const closing = await createProject(ctx.db, { owner: admin });
    const kept = await createProject(ctx.db, { owner: admin });
    const foreign = await createProject(ctx.db, { owner: await createUser(ctx.db) });
    const joinedAsUser = await createProject(ctx.db, { owner: await createUser(ctx.db) });
    await addMember(ctx.db, joinedAsUser, admin, 'user');
    await fund({ kind: 'project', projectId: closing.id }, 75_000);
    const cookie = await ctx.login(admin.email);
    // The closure dialog offers what the server would accept: the other projects whose balance the viewer administers.
    expect(data<Project>(await ctx.get(`/api/project/${closing.id}`, { cookie })).closureTargets).toEqual([{ id: kept.id, name: kept.name }]);
    expect((await ctx.post(`/api/project/${closing.id}/close`, { projectId: joinedAsUser.id }, { cookie })).status).toBe(403);
    // Deleting outright would strand the money on an archived project: refused, nothing changed.
    const deleted = await ctx.request('DELETE', `/api/project/${closing.id}/delete`, { cookie });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ code: 'method_not_allowed' });
    expect(data<{ balance: number }>(await ctx.get(`/api/project/${closing.id}/balance`, { cookie })).balance).toBe(75_000);
    expect((await ctx.post(`/api/project/${closing.id}/close`, { projectId: foreign.id }, { cookie })).status).toBe(404);
    expect((await ctx.post(`/api/project/${closing.id}/close`, { projectId: closing.id }, { cookie })).status).toBe(400);
    expect(data(await ctx.post(`/api/project/${closing.id}/close`, { projectId: kept.id }, { cookie }))).toEqual({ projectId: kept.id });
    expect(data<{ balance: number }>(await ctx.get(`/api/project/${kept.id}/balance`, { cookie })).balance).toBe(75_000);
    expect((await ctx.get(`/api/project/${closing.id}/balance`, { cookie })).status).toBe(404);
    expect(data<TransactionsPage>(await ctx.get(`/api/project/${kept.id}/balance/transactions`, { cookie })).list).toMatchObject([
      { paymentType: 'projecttransfer', type: 'income', amount: 75_000 },
    ]);

    // Into the wallet; the project shown next is the one the viewer still has.
    expect(data(await ctx.post(`/api/project/${kept.id}/close`, {}, { cookie }))).toEqual({ projectId: joinedAsUser.id });
    expect(data<WalletAnswer>(await ctx.get('/api/user/balance', { cookie })).balance).toBe(75_000);
    expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
  });

  it('finds a cached balance that differs from its postings (negayno-admin ledger check exits 1)', async () => {
    const user = await createUser(ctx.db);
    await fund({ kind: 'user_wallet', userId: user.id }, 1_000);
    await ctx.db.updateTable('accounts').set({ balance: 1_001 }).where('user_id', '=', user.id).where('kind', '=', 'user_wallet').execute();
    const check = await runAdmin(['ledger', 'check']);
    expect(check.code).toBe(1);
    expect(check.output).toMatch(/cached 1001, postings sum 1000/);
    await ctx.db.updateTable('accounts').set({ balance: 1_000 }).where('user_id', '=', user.id).where('kind', '=', 'user_wallet').execute();
  });
});
