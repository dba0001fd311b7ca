import { sql } from 'kysely';
import { FlowClient, NEW_PASSWORD, lastCodeTo } from '../../test/flows.js';
import { DEFAULT_TEST_PASSWORD, createUser } from '../../seed/builders.js';
import { createTestContext, sessionCookieOf, type TestContext } from '../../test/harness.js';
import { LIMITS } from '../auth/index.js';
import { readOutbox } from '../../infra/mail/outbox.js';

describe('password recovery', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('mails a code, takes a new password, ends the old sessions and lets the new password in', async () => {
    const user = await createUser(ctx.db, { email: 'forgetful@example.test' });
    const oldSession = await ctx.login(user.email);
    const flow = new FlowClient(ctx, 'restore-password');
    expect(await flow.ok('email', { email: 'Forgetful@Example.test' })).toEqual({ next: 'check-email' });
    const [mail] = await readOutbox(ctx.db, { to: user.email, limit: 1 });
    expect(mail!.subject).toContain('Відновлення пароля');
    expect(await flow.ok('check-email', { code: mail!.code })).toEqual({ next: 'password' });
    expect((await flow.call('password', { password: 'short' })).body).toMatchObject({ code: 'password_is_too_short' });
    expect(await flow.ok('password', { password: NEW_PASSWORD })).toEqual({ next: 'done' });

    expect((await ctx.get('/api/user/profile', { cookie: oldSession })).status).toBe(401);
    expect((await ctx.post('/api/login', { email: user.email, password: DEFAULT_TEST_PASSWORD })).body).toMatchObject({ code: 'authorization_failed' });
    const login = await ctx.post('/api/login', { email: user.email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect((await ctx.get('/api/user/profile', { cookie: sessionCookieOf(login) })).body).toMatchObject({ data: { email: user.email } });
  });

  it('lifts the login lock of the account it restores', async () => {
    const user = await createUser(ctx.db, { email: 'locked-out@example.test' });
    for (let i = 0; i < 5; i += 1) await ctx.post('/api/login', { email: user.email, password: 'wrong-password' });
    expect((await ctx.post('/api/login', { email: user.email, password: DEFAULT_TEST_PASSWORD })).body).toMatchObject({ code: 'authorization_too_much' });
    const flow = new FlowClient(ctx, 'restore-password');
    await flow.ok('email', { email: user.email });
    await flow.ok('check-email', { code: await lastCodeTo(ctx, user.email) });
    await flow.ok('password', { password: NEW_PASSWORD });
    expect((await ctx.post('/api/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('answers an unknown email like a known one but mails nothing, and no code gets through', async () => {
    const flow = new FlowClient(ctx, 'restore-password');
    expect(await flow.ok('email', { email: 'nobody@example.test' })).toEqual({ next: 'check-email' });
    expect(await readOutbox(ctx.db, { to: 'nobody@example.test', limit: 1 })).toEqual([]);
    expect((await flow.call('check-email', { code: '123456' })).body).toMatchObject({ code: 'code_is_incorrect' });
  });

  it('follows the order: no code check or password before the email, no password before the code', async () => {
    expect((await new FlowClient(ctx, 'restore-password').call('check-email', { code: '123456' })).body).toMatchObject({ code: 'method_not_allowed' });
    expect((await new FlowClient(ctx, 'restore-password').call('password', { password: NEW_PASSWORD })).body).toMatchObject({ code: 'method_not_allowed' });
    for (const step of ['check-invitation-code', 'country', 'fullname', 'nickname']) {
      expect((await new FlowClient(ctx, 'restore-password').call(step, {})).status).toBe(404);
    }
    const user = await createUser(ctx.db);
    const flow = new FlowClient(ctx, 'restore-password');
    await flow.ok('email', { email: user.email });
    expect((await flow.call('password', { password: NEW_PASSWORD })).body).toMatchObject({ code: 'method_not_allowed' });
    const code = await lastCodeTo(ctx, user.email);
    await flow.ok('check-email', { code });
    const sameCookie = flow.fork();
    await flow.ok('password', { password: NEW_PASSWORD });
    // The finished flow is gone: its cookie cannot set the password again.
    expect((await sameCookie.call('password', { password: 'another-password-2' })).body).toMatchObject({ code: 'method_not_allowed' });
  });

  it('is not held up by a registration code sent to the same address a moment ago, but by its own send-again', async () => {
    const user = await createUser(ctx.db);
    await ctx.services.limiter.consumeAll([[LIMITS.codeSendMinute, `registration:${user.email}`]]);
    const flow = new FlowClient(ctx, 'restore-password');
    expect(await flow.ok('email', { email: user.email })).toEqual({ next: 'check-email' });
    expect((await flow.call('email', { email: user.email })).body).toMatchObject({ code: 'authorization_too_much' });
  });

  it('forgets a flow after an hour without a step', async () => {
    const user = await createUser(ctx.db);
    const flow = new FlowClient(ctx, 'restore-password');
    await flow.ok('email', { email: user.email });
    await ctx.db
      .updateTable('auth_flows')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .execute();
    expect((await flow.call('check-email', { code: await lastCodeTo(ctx, user.email) })).body).toMatchObject({ code: 'method_not_allowed' });
  });
});
