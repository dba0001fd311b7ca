import { sql } from 'kysely';
import type { BuiltApp } from '../../app.js';
import { createUser } from '../../seed/builders.js';
import { createTestContext, injectInto, type TestContext } from '../../test/harness.js';
import { SESSION_CACHE_MAX_ENTRIES, SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.js';

const someone = { id: 1, role: 'user' as const, email: 'a@test.test' };

describe('SessionCache', () => {
  it('keeps a session until its TTL or its own end, whichever comes first', () => {
    let now = 1_000_000;
    const cache = new SessionCache(() => now);
    cache.set('long', someone, now + 60 * 60_000);
    cache.set('ending', someone, now + 2_000);

    now += 1_999;
    expect(cache.get('ending')).toEqual(someone);
    now += 1;
    expect(cache.get('ending')).toBeNull();
    expect(cache.get('long')).toEqual(someone);
    now += SESSION_CACHE_TTL_MS - 2_000;
    expect(cache.get('long')).toBeNull();
  });

  it('forgets one session or all of them, and drops the oldest past its size', () => {
    const cache = new SessionCache();
    const later = Date.now() + 60_000;
    cache.set('a', someone, later);
    cache.set('b', someone, later);
    cache.forget('a');
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toEqual(someone);
    cache.forgetAll();
    expect(cache.get('b')).toBeNull();

    for (let i = 0; i <= SESSION_CACHE_MAX_ENTRIES; i++) cache.set(`s${i}`, someone, later);
    expect(cache.get('s0')).toBeNull();
    expect(cache.get(`s${SESSION_CACHE_MAX_ENTRIES}`)).toEqual(someone);
  });
});

describe('the session cache of a server process', () => {
  let ctx: TestContext;
  let other: BuiltApp;
  beforeAll(async () => {
    ctx = await createTestContext();
    other = await ctx.buildAnotherApp();
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  const profileStatus = async (app: BuiltApp, cookie: string) => (await injectInto(app, 'GET', '/api/user/profile', { cookie })).status;
  const tokenHashOf = (app: BuiltApp, cookie: string) => app.services.sessions.hashOf(cookie.slice(cookie.indexOf('=') + 1));

  /** Polls until the process refuses the cookie; answers how long that took. */
  async function msUntilRefused(app: BuiltApp, cookie: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 5_000) {
      if ((await profileStatus(app, cookie)) === 401) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the session was still accepted 5 s after it ended');
  }

  it('answers a signed-in read from the cache once the session was read', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    expect(await profileStatus(ctx, cookie)).toBe(200);
    expect(ctx.services.sessions.cache.get(tokenHashOf(ctx, cookie))).toMatchObject({ id: user.id });
  });

  it('refuses the old cookie at once after logout in the same process', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    expect(await profileStatus(ctx, cookie)).toBe(200);
    await ctx.get('/api/logout', { cookie });
    expect(await profileStatus(ctx, cookie)).toBe(401);
  });

  it('refuses it in a second process too, which had it cached, within a second of the logout', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    expect(await profileStatus(other, cookie)).toBe(200);
    expect(other.services.sessions.cache.get(tokenHashOf(other, cookie))).not.toBeNull();

    await ctx.get('/api/logout', { cookie });
    expect(await msUntilRefused(other, cookie)).toBeLessThan(1_000);
  });

  it('forgets a session deleted straight in the database (an operator, the expiry sweep)', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    expect(await profileStatus(ctx, cookie)).toBe(200);
    await sql`DELETE FROM sessions WHERE user_id = ${user.id}`.execute(ctx.db);
    expect(await msUntilRefused(ctx, cookie)).toBeLessThan(1_000);
  });
});
