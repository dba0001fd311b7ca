import type {
  AuditEntry,
  OpsDeadlines,
  OpsInvitation,
  OpsInvitationsPage,
  OpsLoginCode,
  OpsMoney,
  OpsPayout,
  OpsPayoutsPage,
  OpsProjectsPage,
  OpsStaffMember,
  OpsStaffPage,
  Transaction,
  TransactionsPage,
  UserProfile,
} from '@negayno/shared/contract';
import { sql } from 'kysely';
import { addMember, assignPerformer, attachStaff, createProject, createTask, createUser } from '../../seed/builders.js';
import { FlowClient, NEW_PASSWORD, lastCodeTo } from '../../test/flows.js';
import { createTestContext, sessionCookieOf, type TestContext } from '../../test/harness.js';
import type { AccountRef } from '../money/index.js';

describe('the operators’ console (/ops)', () => {
  let ctx: TestContext;
  let operator: { id: number; email: string };
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    operator = await createUser(ctx.db, { role: 'am', firstname: 'Опер', lastname: 'Аторенко' });
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', operator.id).execute();
    cookie = await ctx.login(operator.email);
  });
  afterAll(() => ctx.close());

  const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

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

  async function auditOf(action: string, targetId: number | string): Promise<AuditEntry | undefined> {
    const entries = data<{ list: AuditEntry[] }>(await ctx.get(`/api/ops/audit?q=${encodeURIComponent(action)}`, { cookie })).list;
    return entries.find((entry) => entry.action === action && entry.target.id === String(targetId));
  }

  const EVERY_CALL: Array<[string, string, unknown?]> = [
    ['GET', '/api/ops/staff'],
    ['POST', '/api/ops/staff', { role: 'pm', email: 'x@test.test', firstname: 'X', lastname: 'Y' }],
    ['POST', '/api/ops/staff/1/deactivate', {}],
    ['POST', '/api/ops/staff/1/reactivate', {}],
    ['GET', '/api/ops/projects'],
    ['GET', '/api/ops/invitations'],
    ['POST', '/api/ops/invitations', { kind: 'bogus' }],
    ['POST', '/api/ops/invitation/1/revoke', {}],
    ['GET', '/api/ops/payouts'],
    ['GET', '/api/ops/user/1/transactions'],
    ['POST', '/api/ops/payout/1/complete', {}],
    ['POST', '/api/ops/payout/1/reject', {}],
    ['GET', '/api/ops/deadlines'],
    ['GET', '/api/ops/money'],
    ['POST', '/api/ops/login-code', { email: 'nobody' }],
    ['GET', '/api/ops/audit'],
  ];

  it('answers every call with 404 to a pm, a client and a performer, and 401 signed out', async () => {
    const others = await Promise.all(
      (['pm', 'user', 'performer'] as const).map(async (role) => {
        const user = await createUser(ctx.db, { role });
        // A client's flag is no way in: only staff accounts are operators.
        if (role === 'user') await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', user.id).execute();
        return ctx.login(user.email);
      }),
    );
    for (const [method, url, payload] of EVERY_CALL) {
      for (const other of others) {
        const response = await ctx.request(method as 'GET', url, { cookie: other, payload: payload as object });
        expect({ url, status: response.status, code: (response.body as { code?: string }).code }).toEqual({ url, status: 404, code: 'action_not_found' });
      }
      const signedOut = await ctx.request(method as 'GET', url, { payload: payload as object });
      expect({ url, status: signedOut.status }).toEqual({ url, status: 401 });
    }
    expect(data<UserProfile>(await ctx.get('/api/user/profile', { cookie: others[0] })).can.ops).toBe(false);
  });

  it('reads the flag from the account on each call: granting and revoking take effect at once, in the profile too', async () => {
    const pm = await createUser(ctx.db, { role: 'pm' });
    const pmCookie = await ctx.login(pm.email);
    expect((await ctx.get('/api/ops/staff', { cookie: pmCookie })).status).toBe(404);
    expect(data<UserProfile>(await ctx.get('/api/user/profile', { cookie: pmCookie })).can.ops).toBe(false);
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', pm.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await ctx.get('/api/ops/staff', { cookie: pmCookie })).status).toBe(200);
    expect(data<UserProfile>(await ctx.get('/api/user/profile', { cookie: pmCookie })).can.ops).toBe(true);
    await ctx.db.updateTable('users').set({ is_operator: false }).where('id', '=', pm.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await ctx.get('/api/ops/staff', { cookie: pmCookie })).status).toBe(404);
    expect(data<UserProfile>(await ctx.get('/api/user/profile', { cookie: pmCookie })).can.ops).toBe(false);
    // A deactivated operator is no operator.
    await ctx.db.updateTable('users').set({ is_operator: true, deactivated_at: new Date() }).where('id', '=', pm.id).execute();
    expect((await ctx.get('/api/ops/staff', { cookie: pmCookie })).status).not.toBe(200);
  });

  it('lists staff with role, load, last seen and status, filtered and paged by 20', async () => {
    const client = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner: client });
    const sm = await createUser(ctx.db, { role: 'sm', firstname: 'Сейлз', lastname: 'Знайденко' });
    await attachStaff(ctx.db, project, sm);
    await createTask(ctx.db, { project, author: client, status: 'discussion' });
    await ctx.db
      .updateTable('users')
      .set({ last_seen_at: new Date('2026-01-02T03:04:05Z') })
      .where('id', '=', sm.id)
      .execute();

    const found = data<OpsStaffPage>(await ctx.get('/api/ops/staff?q=знайденко', { cookie }));
    expect(found.list).toEqual([
      expect.objectContaining({ id: sm.id, role: 'sm', operator: false, load: { projects: 1, openTasks: 1 }, lastSeen: 1767323045, dateDeactivated: null }),
    ]);
    const sms = data<OpsStaffPage>(await ctx.get('/api/ops/staff?role=sm', { cookie })).list;
    expect(sms.every((member) => member.role === 'sm')).toBe(true);
    expect(data<OpsStaffPage>(await ctx.get('/api/ops/staff?status=deactivated&q=знайденко', { cookie })).list).toEqual([]);
    expect(data<OpsStaffPage>(await ctx.get(`/api/ops/staff?q=${client.email}`, { cookie })).list).toEqual([]);

    for (let index = 0; index < 21; index++) await createUser(ctx.db, { role: 'performer', lastname: 'Сторінковий' });
    const first = data<OpsStaffPage>(await ctx.get('/api/ops/staff?q=сторінковий', { cookie }));
    expect(first.list).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = data<OpsStaffPage>(await ctx.get(`/api/ops/staff?q=сторінковий&backFrom=${first.list.at(-1)!.id}`, { cookie }));
    expect(second).toMatchObject({ hasMore: false, list: [expect.objectContaining({ lastname: 'Сторінковий' })] });
  });

  it('creates a staff account with no usable password and mails a link to set one; audits it', async () => {
    const created = await ctx.post('/api/ops/staff', { role: 'pm', email: 'New.PM@test.test', firstname: 'Нова', lastname: 'Менеджерка' }, { cookie });
    expect(created.status).toBe(200);
    const member = data<OpsStaffMember>(created);
    expect(member).toMatchObject({ email: 'new.pm@test.test', role: 'pm', operator: false, load: { projects: 0, openTasks: 0 }, lastSeen: null });

    const mail = await ctx.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'new.pm@test.test').executeTakeFirstOrThrow();
    expect(mail.body).toContain('/restore-password?email=new.pm%40test.test');
    expect(mail.code).toBeNull();
    expect(mail.body).not.toMatch(/^(Password|Пароль): /m);
    // The link's way: the owner proves the address with the mailed code and sets their password.
    const flow = new FlowClient(ctx, 'restore-password');
    await flow.ok('email', { email: 'new.pm@test.test' });
    await flow.ok('check-email', { code: await lastCodeTo(ctx, 'new.pm@test.test') });
    await flow.ok('password', { password: NEW_PASSWORD });
    const staffCookie = await ctx.login('new.pm@test.test', NEW_PASSWORD);
    expect(data<UserProfile>(await ctx.get('/api/user/profile', { cookie: staffCookie }))).toMatchObject({ role: 'pm', firstname: 'Нова' });

    const entry = await auditOf('staff.create', member.id);
    expect(entry).toMatchObject({ operator: { id: operator.id }, target: { kind: 'user' }, before: null, after: { email: 'new.pm@test.test', role: 'pm' } });
    expect(JSON.stringify(entry)).not.toMatch(/password/i);
    // Looked up by the new person's address (not the operator's), as the console's search box does.
    const byAddress = data<{ list: AuditEntry[] }>(await ctx.get(`/api/ops/audit?q=${encodeURIComponent('NEW.pm@test')}`, { cookie })).list;
    expect(byAddress.map((found) => [found.action, found.target.id])).toContainEqual(['staff.create', String(member.id)]);

    const again = await ctx.post('/api/ops/staff', { role: 'pm', email: 'new.pm@test.test', firstname: 'Н', lastname: 'М' }, { cookie });
    expect(again).toMatchObject({ status: 409, body: { code: 'email_already_added' } });
    expect((await ctx.post('/api/ops/staff', { role: 'boss', email: 'b@test.test', firstname: 'Н', lastname: 'М' }, { cookie })).body).toMatchObject({
      code: 'role_not_found',
    });
    expect((await ctx.post('/api/ops/staff', { role: 'pm', email: 'not-an-email', firstname: 'Н', lastname: 'М' }, { cookie })).body).toMatchObject({
      code: 'email_is_invalid',
    });
  });

  it('deactivates a staff member through staffing (their projects to the successor, audited) and reactivates them', async () => {
    const client = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner: client });
    const leaver = await createUser(ctx.db, { role: 'pm', email: 'leaver@test.test' });
    const successor = await createUser(ctx.db, { role: 'pm' });
    await attachStaff(ctx.db, project, leaver);
    const leaverCookie = await ctx.login('leaver@test.test');

    expect((await ctx.post(`/api/ops/staff/${leaver.id}/deactivate`, { successorId: client.id }, { cookie })).body).toMatchObject({
      code: 'staff_role_is_wrong',
    });
    expect((await ctx.post('/api/ops/staff/999999/deactivate', {}, { cookie })).body).toMatchObject({ code: 'user_not_found' });
    const deactivated = data<OpsStaffMember>(await ctx.post(`/api/ops/staff/${leaver.id}/deactivate`, { successorId: successor.id }, { cookie }));
    expect(deactivated).toMatchObject({ id: leaver.id, dateDeactivated: expect.any(Number), load: { projects: 0 } });
    const team = await ctx.db.selectFrom('project_staff').select(['user_id', 'role']).where('project_id', '=', project.id).execute();
    expect(team).toEqual([{ user_id: successor.id, role: 'pm' }]);
    expect((await ctx.get('/api/user/profile', { cookie: leaverCookie })).status).toBe(401);
    const listed = data<OpsStaffPage>(await ctx.get('/api/ops/staff?status=deactivated&q=leaver@test.test', { cookie })).list;
    expect(listed.map((member) => member.id)).toEqual([leaver.id]);
    expect(await auditOf('staff.deactivate', leaver.id)).toMatchObject({ operator: { id: operator.id }, before: { active: true }, after: { active: false } });

    const reactivated = data<OpsStaffMember>(await ctx.post(`/api/ops/staff/${leaver.id}/reactivate`, {}, { cookie }));
    expect(reactivated).toMatchObject({ id: leaver.id, dateDeactivated: null });
    expect(await auditOf('staff.reactivate', leaver.id)).toMatchObject({ operator: { id: operator.id }, after: { active: true } });
    await ctx.login('leaver@test.test');
  });

  it('lists projects with client, team, missing roles, balance and open tasks, unstaffed first', async () => {
    const client = await createUser(ctx.db, { email: 'projects-client@test.test' });
    const staffed = await createProject(ctx.db, { owner: client, name: 'Укомплектований' });
    for (const role of ['am', 'pm', 'sm'] as const) await attachStaff(ctx.db, staffed, await createUser(ctx.db, { role }));
    const lonely = await createProject(ctx.db, { owner: client, name: 'Самотній' });
    await createTask(ctx.db, { project: lonely, author: client, status: 'published' });
    await createTask(ctx.db, { project: lonely, author: client, status: 'draft' });
    await fund({ kind: 'project', projectId: lonely.id }, 12_345);

    const page = data<OpsProjectsPage>(await ctx.get('/api/ops/projects?q=projects-client', { cookie }));
    expect(page.list.map((project) => project.name)).toEqual(['Самотній', 'Укомплектований']);
    expect(page.list[0]).toMatchObject({
      id: lonely.id,
      client: { id: client.id, email: 'projects-client@test.test' },
      team: [],
      missing: ['am', 'pm', 'sm'],
      balance: 12_345,
      currency: 'UAH',
      openTasks: 1,
    });
    expect(page.list[1]).toMatchObject({ missing: [], team: expect.arrayContaining([expect.objectContaining({ role: 'am' })]) });
    const unstaffed = data<OpsProjectsPage>(await ctx.get('/api/ops/projects?q=projects-client&unstaffed=true', { cookie }));
    expect(unstaffed.list.map((project) => project.id)).toEqual([lonely.id]);
    const after = data<OpsProjectsPage>(await ctx.get(`/api/ops/projects?q=projects-client&backFrom=${lonely.id}`, { cookie }));
    expect(after.list.map((project) => project.id)).toEqual([staffed.id]);
  });

  it('issues, lists and revokes invitation codes, audited with before and after', async () => {
    const issued = data<OpsInvitation>(
      await ctx.post('/api/ops/invitations', { kind: 'performer', maxUses: 3, expiresInDays: 7, note: 'Осінній набір' }, { cookie }),
    );
    expect(issued).toMatchObject({ kind: 'performer', maxUses: 3, useCount: 0, status: 'active', note: 'Осінній набір', issuer: { id: operator.id } });
    expect(issued.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(issued.dateExpires! - Date.now() / 1000).toBeGreaterThan(6.9 * 86_400);

    const listed = data<OpsInvitationsPage>(await ctx.get('/api/ops/invitations?q=осінній&kind=performer', { cookie }));
    expect(listed.list.map((item) => item.id)).toEqual([issued.id]);
    expect(data<OpsInvitationsPage>(await ctx.get('/api/ops/invitations?q=осінній&kind=client', { cookie })).list).toEqual([]);

    const revoked = data<OpsInvitation>(await ctx.post(`/api/ops/invitation/${issued.id}/revoke`, {}, { cookie }));
    expect(revoked).toMatchObject({ id: issued.id, status: 'revoked' });
    expect((await ctx.post(`/api/ops/invitation/${issued.id}/revoke`, {}, { cookie })).status).toBe(409);
    expect((await ctx.post('/api/ops/invitation/999999/revoke', {}, { cookie })).body).toMatchObject({ code: 'invitation_not_found' });

    expect(await auditOf('invitation.issue', issued.id)).toMatchObject({ before: null, after: { code: issued.code, status: 'active', maxUses: 3 } });
    expect(await auditOf('invitation.revoke', issued.id)).toMatchObject({ before: { status: 'active' }, after: { status: 'revoked' } });

    expect((await ctx.post('/api/ops/invitations', { kind: 'boss', maxUses: null, expiresInDays: null }, { cookie })).body).toMatchObject({
      code: 'option_not_found',
    });
    expect((await ctx.post('/api/ops/invitations', { kind: 'client', maxUses: 0, expiresInDays: null }, { cookie })).body).toMatchObject({
      code: 'invalid_value',
    });
    const unlimited = data<OpsInvitation>(await ctx.post('/api/ops/invitations', { kind: 'client', maxUses: null, expiresInDays: null, note: '' }, { cookie }));
    expect(unlimited).toMatchObject({ maxUses: null, dateExpires: null, note: null, status: 'active' });
  });

  it('settles payouts once: the payee sees the reference or reason, is notified, and the money returns on rejection', async () => {
    const performer = await createUser(ctx.db, { role: 'performer', email: 'payee@test.test' });
    await fund({ kind: 'user_wallet', userId: performer.id }, 300_000);
    const payeeCookie = await ctx.login(performer.email);
    const ask = async (amount: number) => data<Transaction>(await ctx.post('/api/user/balance/payout', { amount }, { cookie: payeeCookie }));
    const first = await ask(100_000);
    const second = await ask(50_000);

    const pending = data<OpsPayoutsPage>(await ctx.get('/api/ops/payouts', { cookie })).list.filter((payout) => payout.payee.id === performer.id);
    expect(pending.map((payout) => payout.number)).toEqual([first.number, second.number]);
    expect(pending[0]).toMatchObject({ amount: 100_000, status: 'pending', walletBalance: 150_000, payee: { email: 'payee@test.test', role: 'performer' } });
    const history = data<TransactionsPage>(await ctx.get(`/api/ops/user/${performer.id}/transactions`, { cookie }));
    expect(history.list.map((transaction) => transaction.number)).toEqual(expect.arrayContaining([first.number, second.number]));

    expect((await ctx.post(`/api/ops/payout/${first.number}/complete`, { reference: ' ' }, { cookie })).body).toMatchObject({ code: 'reference_is_empty' });
    expect((await ctx.post(`/api/ops/payout/${first.number}/reject`, {}, { cookie })).body).toMatchObject({ code: 'reason_is_empty' });
    expect((await ctx.post('/api/ops/payout/999999/complete', { reference: 'R' }, { cookie })).body).toMatchObject({ code: 'payout_not_found' });

    const completed = data<OpsPayout>(await ctx.post(`/api/ops/payout/${first.number}/complete`, { reference: 'ПЛ-2026-001' }, { cookie }));
    expect(completed).toMatchObject({ status: 'completed', settlementNote: 'ПЛ-2026-001' });
    const twice = await ctx.post(`/api/ops/payout/${first.number}/reject`, { reason: 'запізно' }, { cookie });
    expect(twice).toMatchObject({ status: 409, body: { code: 'payout_already_settled' } });

    const rejected = data<OpsPayout>(await ctx.post(`/api/ops/payout/${second.number}/reject`, { reason: 'Картку заблоковано' }, { cookie }));
    expect(rejected).toMatchObject({ status: 'rejected', settlementNote: 'Картку заблоковано', walletBalance: 200_000 });

    expect(data<Transaction>(await ctx.get(`/api/user/balance/transaction/${first.number}`, { cookie: payeeCookie }))).toMatchObject({
      status: 'completed',
      settlementNote: 'ПЛ-2026-001',
    });
    expect(data<Transaction>(await ctx.get(`/api/user/balance/transaction/${second.number}`, { cookie: payeeCookie }))).toMatchObject({
      status: 'rejected',
      settlementNote: 'Картку заблоковано',
    });
    const notes = await ctx.db.selectFrom('notifications').select(['kind', 'payload']).where('user_id', '=', performer.id).orderBy('id').execute();
    expect(notes).toEqual([
      { kind: 'payout_settled', payload: expect.objectContaining({ outcome: 'completed', amount: 100_000, note: 'ПЛ-2026-001' }) },
      { kind: 'payout_settled', payload: expect.objectContaining({ outcome: 'rejected', amount: 50_000, note: 'Картку заблоковано' }) },
    ]);
    const settled = data<OpsPayoutsPage>(await ctx.get('/api/ops/payouts?status=settled', { cookie })).list.filter(
      (payout) => payout.payee.id === performer.id,
    );
    expect(settled.map((payout) => payout.number)).toEqual([second.number, first.number]);
    expect(await auditOf('payout.complete', first.number)).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'completed', note: 'ПЛ-2026-001' },
    });
    expect(await auditOf('payout.reject', first.number)).toBeUndefined();
  });

  it('shows overdue tasks with who is to move them on, by person', async () => {
    const client = await createUser(ctx.db, { firstname: 'Клієнт', lastname: 'Яковенко' });
    const project = await createProject(ctx.db, { owner: client, name: 'Прострочений' });
    const pm = await createUser(ctx.db, { role: 'pm', firstname: 'Пем', lastname: 'Бабенко' });
    await attachStaff(ctx.db, project, pm);
    const performer = await createUser(ctx.db, { role: 'performer', firstname: 'Вик', lastname: 'Антоненко' });
    const past = new Date(Date.now() - 3600_000);
    const discussion = await createTask(ctx.db, { project, author: client, status: 'discussion', dates: { date_discuss_expiration: past } });
    const estimation = await createTask(ctx.db, { project, author: client, status: 'estimation', dates: { date_calc_expiration: past } });
    await assignPerformer(ctx.db, estimation, performer);
    const offer = await createTask(ctx.db, { project, author: client, status: 'offer', dates: { date_offer_expiration: past } });
    const onTime = await createTask(ctx.db, { project, author: client, status: 'offer' });

    const deadlines = data<OpsDeadlines>(await ctx.get('/api/ops/deadlines', { cookie }));
    const ours = deadlines.tasks.filter((task) => task.project.id === project.id);
    expect(ours.map((task) => [task.id, task.status, task.responsible?.id, task.responsible?.role])).toEqual([
      [estimation.id, 'estimation', performer.id, 'performer'],
      [discussion.id, 'discussion', pm.id, 'pm'],
      [offer.id, 'offer', client.id, 'client'],
    ]);
    expect(ours.map((task) => task.id)).not.toContain(onTime.id);
    expect(ours[0]!.dateExpired).toBe(Math.floor(past.getTime() / 1000));

    // Projects past the staffing SLA (4 hours by default) with a role unfilled; a fresh one is not late yet.
    const late = await createProject(ctx.db, { owner: client, name: 'Давно без команди' });
    await ctx.db
      .updateTable('projects')
      .set({ created_at: new Date(Date.now() - 5 * 3600_000) })
      .where('id', '=', late.id)
      .execute();
    const fresh = await createProject(ctx.db, { owner: client, name: 'Щойно створений' });
    const projects = data<OpsDeadlines>(await ctx.get('/api/ops/deadlines', { cookie })).projects.map((item) => item.id);
    expect(projects).toContain(late.id);
    expect(projects).not.toContain(fresh.id);
  });

  it('sums the money per month and in total', async () => {
    const before = data<OpsMoney>(await ctx.get('/api/ops/money', { cookie }));
    await ctx.services.ledger.post({
      paymentType: 'workpayment',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -7_000 },
        { account: { kind: 'platform' }, amount: 7_000 },
      ],
    });
    const after = data<OpsMoney>(await ctx.get('/api/ops/money', { cookie }));
    expect(after.months).toHaveLength(12);
    const month = new Date().toISOString().slice(0, 7);
    expect(after.months.at(-1)!.month).toBe(month);
    expect(after.months.at(-1)!.revenue - before.months.at(-1)!.revenue).toBe(7_000);
    expect(after.totals.revenue - before.totals.revenue).toBe(7_000);
    expect(after.currency).toBe('UAH');

    // A confirmed card top-up, and money put in a task's escrow.
    const client = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner: client });
    const task = await createTask(ctx.db, { project, author: client, status: 'in_work' });
    const clientCookie = await ctx.login(client.email);
    const checkout = data<{ orderId: string }>(await ctx.post(`/api/project/${project.id}/balance/payment`, { amount: 250_000 }, { cookie: clientCookie }));
    await ctx.post(`/api/payment/test/${checkout.orderId}`, { result: 'success' }, { cookie: clientCookie });
    await ctx.services.ledger.post({
      paymentType: 'taskpayment',
      currency: 'UAH',
      postings: [
        { account: { kind: 'project', projectId: project.id }, amount: -90_000 },
        { account: { kind: 'escrow', taskId: task.id }, amount: 90_000 },
      ],
    });
    const later = data<OpsMoney>(await ctx.get('/api/ops/money', { cookie }));
    expect(later.months.at(-1)!.topUps - after.months.at(-1)!.topUps).toBe(250_000);
    expect(later.totals.topUps - after.totals.topUps).toBe(250_000);
    expect(later.months.at(-1)!.escrow - after.months.at(-1)!.escrow).toBe(90_000);
    expect(later.totals.escrow - after.totals.escrow).toBe(90_000);
    expect(later.months.at(-2)!.escrow).toBe(after.months.at(-2)!.escrow);

    // A payout asked (pending), then completed (paid).
    const performer = await createUser(ctx.db, { role: 'performer' });
    await fund({ kind: 'user_wallet', userId: performer.id }, 100_000);
    const payout = data<Transaction>(await ctx.post('/api/user/balance/payout', { amount: 70_000 }, { cookie: await ctx.login(performer.email) }));
    const asked = data<OpsMoney>(await ctx.get('/api/ops/money', { cookie }));
    expect(asked.totals.payoutsPending - later.totals.payoutsPending).toBe(70_000);
    await ctx.post(`/api/ops/payout/${payout.number}/complete`, { reference: 'R-1' }, { cookie });
    const paid = data<OpsMoney>(await ctx.get('/api/ops/money', { cookie }));
    expect(paid.totals.payoutsPending).toBe(later.totals.payoutsPending);
    expect(paid.months.at(-1)!.payoutsPaid - later.months.at(-1)!.payoutsPaid).toBe(70_000);
  });

  it('issues a login-as code shown once, usable once, whose use the person is told of; audited without the code', async () => {
    const client = await createUser(ctx.db, { email: 'helpme@test.test', firstname: 'Допоможіть' });
    const answer = await ctx.post('/api/ops/login-code', { email: 'HelpMe@test.test' }, { cookie });
    const issued = data<OpsLoginCode>(answer);
    expect(issued).toMatchObject({ user: { id: client.id, email: 'helpme@test.test' } });
    expect(issued.code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await ctx.post('/api/ops/login-code', { email: 'ghost@test.test' }, { cookie })).body).toMatchObject({ code: 'user_not_found' });

    const kinds = () =>
      ctx.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', client.id)
        .execute()
        .then((rows) => rows.map((row) => row.kind));
    expect(await kinds()).toEqual([]);
    const used = await ctx.post('/api/login-as', { code: issued.code });
    expect(used.status).toBe(200);
    expect(data<UserProfile>(await ctx.get('/api/user/profile', { cookie: sessionCookieOf(used) })).id).toBe(client.id);
    expect((await ctx.post('/api/login-as', { code: issued.code })).body).toMatchObject({ code: 'code_is_used' });
    expect(await kinds()).toEqual(['login_as_used']);

    const entry = await auditOf('support.login_code', client.id);
    expect(entry).toMatchObject({ operator: { id: operator.id }, after: { email: 'helpme@test.test' } });
    expect(JSON.stringify(entry)).not.toContain(issued.code);
    expect(JSON.stringify(entry)).not.toContain(issued.code.replace('-', ''));
  });

  it('lists the audit log newest first, paged by 20', async () => {
    for (let index = 0; index < 21; index++) {
      await ctx.post('/api/ops/invitations', { kind: 'client', maxUses: 1, expiresInDays: null, note: `audit-page-${index}` }, { cookie });
    }
    const first = data<{ list: AuditEntry[]; hasMore: boolean }>(await ctx.get('/api/ops/audit', { cookie }));
    expect(first.list).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.list[0]!.after).toMatchObject({ note: 'audit-page-20' });
    const ids = first.list.map((entry) => entry.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = data<{ list: AuditEntry[] }>(await ctx.get(`/api/ops/audit?backFrom=${ids.at(-1)}`, { cookie }));
    expect(second.list[0]!.id).toBeLessThan(ids.at(-1)!);
    const count = await ctx.db
      .selectFrom('operator_audit')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBeGreaterThan(21);
  });

  it('keeps member administrators as the responsible client even when the owner left', async () => {
    const owner = await createUser(ctx.db);
    const admin = await createUser(ctx.db, { firstname: 'Адмін' });
    const project = await createProject(ctx.db, { owner });
    await addMember(ctx.db, project, admin, 'administrator');
    await ctx.db.deleteFrom('project_members').where('project_id', '=', project.id).where('user_id', '=', owner.id).execute();
    const review = await createTask(ctx.db, { project, author: owner, status: 'review', dates: { date_prod_expiration: new Date(Date.now() - 60_000) } });
    const task = data<OpsDeadlines>(await ctx.get('/api/ops/deadlines', { cookie })).tasks.find((item) => item.id === review.id);
    expect(task?.responsible).toMatchObject({ id: admin.id, role: 'client' });
  });
});
