/**
 * How long a session lives and what its cookie is called (issue: sessions slid for 30 days with no
 * absolute cap; the cookie had no __Host- prefix in production).
 */
import { SESSION_COOKIE } from '@negayno/shared/contract';
import { sql } from 'kysely';
import { buildApp } from '../../app.js';
import { DEFAULT_TEST_PASSWORD, createUser } from '../../seed/builders.js';
import { createTestContext, injectInto, testConfig, type TestContext } from '../../test/harness.js';

describe('session lifetime and cookie', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { SESSION_ABSOLUTE_DAYS: '2' } });
  });
  afterAll(() => ctx.close());

  const expiresInSeconds = async (userId: number) => {
    const row = await ctx.db
      .selectFrom('sessions')
      .select(sql<number>`extract(epoch from expires_at - now())`.as('left'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  };

  it('never lets a session outlive its absolute cap, however busy it is', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    // A new session expires at the cap, not after the 30 sliding days.
    expect(await expiresInSeconds(user.id)).toBeLessThanOrEqual(2 * 24 * 3600);

    // Signed in almost two days ago and used all along: the slide stops at the cap.
    await ctx.db
      .updateTable('sessions')
      .set({ created_at: sql`now() - interval '47 hours'`, last_seen_at: sql`now() - interval '1 hour'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await ctx.get('/api/user/profile', { cookie })).status).toBe(200);
    expect(await expiresInSeconds(user.id)).toBeLessThanOrEqual(3600);

    await ctx.db
      .updateTable('sessions')
      .set({ created_at: sql`now() - interval '49 hours'`, expires_at: sql`now() + interval '20 days'` })
      .where('user_id', '=', user.id)
      .execute();
    // The rows moved two hours on; so would the clock, far past the few seconds a process caches a session.
    ctx.services.sessions.cache.forgetAll();
    expect((await ctx.get('/api/user/profile', { cookie })).status).toBe(401);
  });

  it('names the session and device cookies with the __Host- prefix when cookies are Secure (production)', async () => {
    const secure = await buildApp({ ...testConfig(), cookieSecure: true }, { database: ctx.database });
    try {
      const user = await createUser(ctx.db);
      const login = await injectInto(secure, 'POST', '/api/login', { payload: { email: user.email, password: DEFAULT_TEST_PASSWORD } });
      const session = login.cookies.find((cookie) => cookie.name === `__Host-${SESSION_COOKIE}`);
      expect(session).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(session).not.toHaveProperty('domain');
      expect(login.cookies.find((cookie) => cookie.name === '__Host-negayno_device')).toMatchObject({ secure: true, path: '/' });

      expect((await injectInto(secure, 'GET', '/api/user/profile', { cookie: `__Host-${SESSION_COOKIE}=${session!.value}` })).status).toBe(200);
      // The unprefixed name, which a sibling subdomain could plant, is not read.
      expect((await injectInto(secure, 'GET', '/api/user/profile', { cookie: `${SESSION_COOKIE}=${session!.value}` })).status).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
