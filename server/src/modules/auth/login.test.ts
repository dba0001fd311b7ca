import { SESSION_COOKIE, SESSION_HINT_COOKIE, SESSION_TTL_SECONDS } from '@negayno/shared/contract';
import { DEFAULT_TEST_PASSWORD, createUser } from '../../seed/builders.js';
import { createTestContext, sessionCookieOf, type TestContext } from '../../test/harness.js';
import { LIMITS } from './limits.js';

describe('POST /api/login and GET /api/logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
    ctx.post('/api/login', { email, password }, { remoteAddress, headers: { 'accept-language': 'en' } });

  it('signs in with the right password: an HttpOnly, SameSite=Lax session cookie and the profile', async () => {
    const user = await createUser(ctx.db, { firstname: 'Olena', lastname: 'Koval' });
    const response = await login(user.email, DEFAULT_TEST_PASSWORD);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', data: { id: user.id, email: user.email, firstname: 'Olena', lastname: 'Koval' } });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    // The page's hint that a session exists: readable by its code, as long-lived as the session.
    const hint = response.cookies.find((c) => c.name === SESSION_HINT_COOKIE);
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/', maxAge: SESSION_TTL_SECONDS });
    expect(hint?.httpOnly).toBeFalsy();
  });

  it('takes the email in any letter case', async () => {
    const user = await createUser(ctx.db, { email: 'Mixed.Case@Test.test' });
    expect((await login('mixed.case@test.TEST', DEFAULT_TEST_PASSWORD)).status).toBe(200);
    expect(user.email).toBe('Mixed.Case@Test.test');
  });

  it('keeps only a hash of the session id, and an argon2id hash of the password', async () => {
    const user = await createUser(ctx.db);
    const response = await login(user.email, DEFAULT_TEST_PASSWORD);
    const token = response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;

    const sessions = await ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).not.toContain(token);
    expect(sessions[0]!.token_hash).toBe(ctx.services.sessions.hashOf(token));
    const stored = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers authorization_failed alike for a wrong password and for an unknown email', async () => {
    const user = await createUser(ctx.db);
    const wrongPassword = await login(user.email, 'not-the-password');
    const unknownEmail = await login('nobody-here@test.test', 'not-the-password');

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'error', code: 'authorization_failed', message: 'Authentication failed, invalid login or password' });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE && c.value)).toBeUndefined();
      expect(response.cookies.find((c) => c.name === SESSION_HINT_COOKIE && c.value)).toBeUndefined();
    }
  });

  it('names the field of a malformed request', async () => {
    const response = await login('not-an-email', 'x');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'email_is_invalid', details: { email: { code: 'email_is_invalid', message: 'Invalid email' } } });
    const empty = await ctx.post('/api/login', { email: 'someone@test.test' });
    expect(empty.body).toMatchObject({ code: 'password_is_empty', details: { password: { code: 'password_is_empty' } } });
  });

  it('forgets the failures of an account once it signs in', async () => {
    const user = await createUser(ctx.db);
    for (let attempt = 0; attempt < LIMITS.loginAccount.limit - 1; attempt += 1) await login(user.email, 'wrong-password');
    expect((await login(user.email, DEFAULT_TEST_PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < LIMITS.loginAccount.limit - 1; attempt += 1) await login(user.email, 'wrong-password');
    expect((await login(user.email, DEFAULT_TEST_PASSWORD)).status).toBe(200);
  });

  it('ends the session on logout: the cookie is cleared and the old cookie no longer works', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    expect((await ctx.get('/api/user/profile', { cookie })).status).toBe(200);

    const response = await ctx.get('/api/logout', { cookie });
    expect(response.status).toBe(200);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ value: '' });
    expect(response.cookies.find((c) => c.name === SESSION_HINT_COOKIE)).toMatchObject({ value: '' });

    const after = await ctx.get('/api/user/profile', { cookie, headers: { 'accept-language': 'en' } });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'request_denied', message: "You don't have access" });
    expect(await ctx.db.selectFrom('sessions').select('user_id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('answers logout without a session harmlessly', async () => {
    expect((await ctx.get('/api/logout')).status).toBe(200);
  });

  it('keeps the sessions of two browsers apart: logging out of one leaves the other signed in', async () => {
    const user = await createUser(ctx.db);
    const first = sessionCookieOf(await login(user.email, DEFAULT_TEST_PASSWORD));
    const second = sessionCookieOf(await login(user.email, DEFAULT_TEST_PASSWORD));
    await ctx.get('/api/logout', { cookie: first });

    expect((await ctx.get('/api/user/profile', { cookie: first })).status).toBe(401);
    expect((await ctx.get('/api/user/profile', { cookie: second })).status).toBe(200);
  });

  it('refuses a forged session cookie', async () => {
    const response = await ctx.get('/api/user/profile', { cookie: `${SESSION_COOKIE}=${'A'.repeat(43)}` });
    expect(response.status).toBe(401);
  });
});
