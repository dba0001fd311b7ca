/**
 * The limits hold against parallel bursts: every attempt is counted before it is checked, so sending
 * many at once gets no more checks than sending them one by one (issue: the login limit could be raced).
 */
import { DEFAULT_TEST_PASSWORD, createUser } from '../../seed/builders.js';
import { FlowClient } from '../../test/flows.js';
import { createTestContext, type TestContext, type TestResponse } from '../../test/harness.js';
import { LIMITS } from './limits.js';

function codesOf(responses: TestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const response of responses) {
    const code = response.body.status === 'ok' ? 'ok' : response.body.code;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

describe('attempt limits under parallel bursts', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** Takes `count` attempts of a rule directly (argon2 is slow on purpose; the limit is what is tested). */
  const useUp = async (rule: (typeof LIMITS)[keyof typeof LIMITS], subject: string, count: number) => {
    for (let i = 0; i < count; i += 1) await ctx.services.limiter.consumeAll([[rule, subject]]);
  };

  it('checks only five of twenty wrong passwords sent at once, and refuses the right one sent in the burst', async () => {
    const user = await createUser(ctx.db);
    const wrong = Array.from({ length: 20 }, (_, i) =>
      ctx.post('/api/login', { email: user.email, password: `wrong-${i}` }, { remoteAddress: `198.51.100.${i + 1}` }),
    );
    const right = ctx.post('/api/login', { email: user.email, password: DEFAULT_TEST_PASSWORD }, { remoteAddress: '198.51.100.99' });
    const answers = await Promise.all([...wrong, right]);

    expect(codesOf(answers.slice(0, 20))).toEqual({ authorization_failed: LIMITS.loginAccount.limit, authorization_too_much: 20 - LIMITS.loginAccount.limit });
    const refused = answers[20]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'authorization_too_much' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LIMITS.loginAccount.windowSeconds);
  });

  it('checks only what is left of an address’s limit when it tries many accounts at once', async () => {
    const ip = '198.51.100.200';
    await useUp(LIMITS.loginIp, ip, LIMITS.loginIp.limit - 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ctx.post('/api/login', { email: `nobody-${i}@test.test`, password: 'wrong-password' }, { remoteAddress: ip })),
    );
    expect(codesOf(answers)).toEqual({ authorization_failed: 5, authorization_too_much: 15 });
  });

  it('checks only what is left of the login-as limit of an address', async () => {
    const ip = '198.51.100.201';
    await useUp(LIMITS.loginCodeIp, ip, LIMITS.loginCodeIp.limit - 3);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ctx.post('/api/login-as', { code: `WRONG-CODE${i}` }, { remoteAddress: ip })));
    expect(codesOf(answers)).toEqual({ code_is_incorrect: 3, authorization_too_much: 7 });
  });

  it('checks only what is left of the invitation-code limit of an address', async () => {
    const ip = '198.51.100.202';
    await useUp(LIMITS.invitationIp, ip, LIMITS.invitationIp.limit - 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => new FlowClient(ctx, 'registration', { remoteAddress: ip }).call('check-invitation-code', { code: `WRONG-${i}XYZ` })),
    );
    expect(codesOf(answers)).toEqual({ code_is_incorrect: 3, authorization_too_much: 7 });
  });

  it('checks only what is left of the confirmation-code limit of an email', async () => {
    const ip = '198.51.100.203';
    const invitation = await ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null });
    const email = 'parallel-codes@test.test';
    const flow = new FlowClient(ctx, 'registration', { remoteAddress: ip });
    await flow.ok('check-invitation-code', { code: invitation.code });
    await flow.ok('email', { email });
    await useUp(LIMITS.codeCheckAccount, email, LIMITS.codeCheckAccount.limit - 2);
    const answers = await Promise.all(Array.from({ length: 5 }, () => flow.fork().call('check-email', { code: '000000' })));
    expect(codesOf(answers)).toEqual({ code_is_incorrect: 2, authorization_too_much: 3 });
  });

  it('answers the code send-again’s 429 with Retry-After', async () => {
    const flow = new FlowClient(ctx, 'restore-password', { remoteAddress: '198.51.100.204' });
    await flow.ok('email', { email: 'resend@test.test' });
    const again = await flow.call('email', { email: 'resend@test.test' });
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(LIMITS.codeSendMinute.windowSeconds);
  });
});
