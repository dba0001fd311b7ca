import { sql } from 'kysely';
import { createUser } from '../../seed/builders.js';
import { createTestContext, sessionCookieOf, type TestContext } from '../../test/harness.js';

describe('login by code', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('signs the code’s user in once, whatever the case and dashes of the typed code', async () => {
    const user = await createUser(ctx.db, { firstname: 'Код' });
    const { code, expiresAt } = await ctx.services.loginCodes.issue(user.id, null);
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 1000);

    const response = await ctx.post('/api/login-as', { code: ` ${code.replace('-', ' ').toLowerCase()} ` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', data: { id: user.id, firstname: 'Код' } });
    expect((await ctx.get('/api/user/profile', { cookie: sessionCookieOf(response) })).body).toMatchObject({ data: { id: user.id } });

    const again = await ctx.post('/api/login-as', { code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'code_is_used', details: { code: { code: 'code_is_used' } } });
  });

  it('refuses an empty, a wrong and an expired code', async () => {
    expect((await ctx.post('/api/login-as', {})).body).toMatchObject({ code: 'code_is_empty', details: { code: { code: 'code_is_empty' } } });
    expect((await ctx.post('/api/login-as', { code: 'X'.repeat(65) })).body).toMatchObject({ code: 'code_is_too_long' });
    expect((await ctx.post('/api/login-as', { code: 'ABCDE-FGHJK' })).body).toMatchObject({ code: 'code_is_incorrect' });
    const user = await createUser(ctx.db);
    const { code } = await ctx.services.loginCodes.issue(user.id, null);
    await ctx.db
      .updateTable('login_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await ctx.post('/api/login-as', { code })).body).toMatchObject({ code: 'code_is_expired' });
  });

  it('ends the session the browser had before', async () => {
    const first = await createUser(ctx.db);
    const second = await createUser(ctx.db);
    const cookie = await ctx.login(first.email);
    const { code } = await ctx.services.loginCodes.issue(second.id, first.id);
    const response = await ctx.post('/api/login-as', { code }, { cookie });
    expect(response.body).toMatchObject({ data: { id: second.id } });
    expect((await ctx.get('/api/user/profile', { cookie })).status).toBe(401);
  });

  it('stores the code only as a keyed hash', async () => {
    const user = await createUser(ctx.db);
    const { code } = await ctx.services.loginCodes.issue(user.id, null);
    const row = await ctx.db.selectFrom('login_codes').select('code_hash').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code.replace('-', ''));
  });

  it('limits wrong codes per address, also after a restart', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 20; i += 1) {
      expect((await ctx.post('/api/login-as', { code: 'WRONG-CODE2' }, { remoteAddress: ip })).body).toMatchObject({ code: 'code_is_incorrect' });
    }
    const user = await createUser(ctx.db);
    const { code } = await ctx.services.loginCodes.issue(user.id, null);
    const restarted = await ctx.buildAnotherApp();
    try {
      const locked = await restarted.app.inject({ method: 'POST', url: '/api/login-as', payload: { code }, remoteAddress: ip });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'authorization_too_much' });
    } finally {
      await restarted.close();
    }
    // The code was not spent by the refused call: from another address it still works.
    expect((await ctx.post('/api/login-as', { code }, { remoteAddress: '198.51.100.21' })).status).toBe(200);
  });
});
