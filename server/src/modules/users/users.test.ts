import { addMember, attachStaff, createProject, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('GET /api/user/profile and GET /api/user/{id}', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers the signed-in user with the fields of spec section 3, balances and project count included', async () => {
    const user = await createUser(ctx.db, { firstname: 'Ірина', lastname: 'Шевчук', currency: 'UAH' });
    const other = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner: user });
    await createProject(ctx.db, { owner: other });
    await ctx.services.ledger.post({
      paymentType: 'deposit',
      currency: 'UAH',
      postings: [
        { account: { kind: 'user_wallet', userId: user.id }, amount: 150_000 },
        { account: { kind: 'provider' }, amount: -150_000 },
      ],
    });
    const cookie = await ctx.login(user.email);

    const response = await ctx.get('/api/user/profile', { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      data: {
        id: user.id,
        email: user.email,
        firstname: 'Ірина',
        lastname: 'Шевчук',
        role: 'user',
        currency: 'UAH',
        balance: 150_000,
        bonusBalance: 0,
        projectCount: 1,
        canNegayno: false,
        language: 'uk',
        channels: { telegram: { enabled: false } },
      },
    });
    expect(project.id).toBeGreaterThan(0);
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon2/);
  });

  it('answers 401 request_denied without a session', async () => {
    const response = await ctx.get('/api/user/profile');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: 'error', code: 'request_denied' });
  });

  it('shows a user to themselves and to the people they work with, not to strangers', async () => {
    const owner = await createUser(ctx.db);
    const member = await createUser(ctx.db, { firstname: 'Петро' });
    const manager = await createUser(ctx.db, { role: 'pm' });
    const stranger = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner });
    await addMember(ctx.db, project, member, 'user');
    await attachStaff(ctx.db, project, manager);

    const ownerCookie = await ctx.login(owner.email);
    const seen = await ctx.get(`/api/user/${member.id}`, { cookie: ownerCookie });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ data: { id: member.id, firstname: 'Петро' } });
    expect(seen.body).not.toHaveProperty('data.balance');
    expect(seen.body).not.toHaveProperty('data.phone');

    expect((await ctx.get(`/api/user/${owner.id}`, { cookie: ownerCookie })).status).toBe(200);
    expect((await ctx.get(`/api/user/${manager.id}`, { cookie: ownerCookie })).status).toBe(200);
    expect((await ctx.get(`/api/user/${owner.id}`, { cookie: await ctx.login(manager.email) })).status).toBe(200);

    const hidden = await ctx.get(`/api/user/${member.id}`, { cookie: await ctx.login(stranger.email) });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ code: 'user_not_found' });
  });

  it('answers user_not_found for an id that does not exist or is not a number', async () => {
    const cookie = await ctx.login((await createUser(ctx.db)).email);
    expect((await ctx.get('/api/user/999999', { cookie })).body).toMatchObject({ code: 'user_not_found' });
    expect((await ctx.get('/api/user/abc', { cookie })).body).toMatchObject({ code: 'user_not_found' });
  });
});
