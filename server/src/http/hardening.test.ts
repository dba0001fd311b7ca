/**
 * The HTTP layer's protections (issue: an attack on the running app): security headers, 405 for a
 * wrong method, the envelope for a malformed URL, 413 for too large a body, request timeouts and the
 * per-session API rate limit. Each test fails when its protection is taken away.
 */
import { connect } from 'node:net';
import { errorText } from '@negayno/shared/contract';
import { buildApp } from '../app.js';
import { DEFAULT_TEST_PASSWORD, createUser } from '../seed/builders.js';
import { createTestContext, injectInto, testConfig, type TestContext } from '../test/harness.js';

describe('HTTP hardening', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { API_RATE_LIMIT_PER_MINUTE: '30', REQUEST_TIMEOUT_SECONDS: '1' } });
  });
  afterAll(() => ctx.close());

  it('sends the security headers: a CSP with no inline scripts and no framing, nosniff, a referrer policy, COOP, X-Frame-Options DENY', async () => {
    for (const url of ['/api/version', '/']) {
      const { headers } = await ctx.get(url);
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      // Plain http on a laptop: no HSTS and no upgrade of every request to https.
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('sends HSTS in production', async () => {
    const production = await buildApp({ ...testConfig(), isProduction: true, cookieSecure: true }, { database: ctx.database });
    try {
      const response = await injectInto(production, 'GET', '/api/version');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await production.close();
    }
  });

  it('answers a known path called with a wrong method 405 method_not_allowed in the envelope, with Allow', async () => {
    const response = await ctx.request('DELETE', '/api/project/12', { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.body).toEqual({ status: 'error', code: 'method_not_allowed', message: errorText('method_not_allowed', 'en') });
    expect((await ctx.get('/api/login')).status).toBe(405);
    // A path nobody serves stays 404.
    expect((await ctx.get('/api/no-such-thing')).body).toMatchObject({ code: 'action_not_found' });
  });

  it('answers a malformed URL with the envelope', async () => {
    const response = await ctx.get('/api/project/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 'error', code: 'invalid_value' });
  });

  it('answers a 2 MiB body 413 file_is_too_large', async () => {
    const response = await ctx.post('/api/login', JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }), {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: 'error', code: 'file_is_too_large' });
  });

  it('cuts off a body sent a byte at a time once the request timeout has passed', async () => {
    const base = new URL(await ctx.listen());
    const socket = connect(Number(base.port), base.hostname);
    const startedAt = Date.now();
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => socket.write(' '), 200);
    try {
      const text = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - startedAt).toBeLessThan(4000);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('limits API calls per session with 429 authorization_too_much and Retry-After, apart for each session', async () => {
    const [user, other] = [await createUser(ctx.db), await createUser(ctx.db)];
    const cookie = await ctx.login(user.email);
    const answers = [];
    for (let i = 0; i < 35; i += 1) answers.push(await ctx.get('/api/user/profile', { cookie, remoteAddress: `192.0.2.${i + 1}` }));
    // The login counted for the address it came from; the session's own 30 calls pass, from any address.
    expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(30).fill(200), ...Array<number>(5).fill(429)]);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'error', code: 'authorization_too_much' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await ctx.get('/api/user/profile', { cookie: await ctx.login(other.email) })).status).toBe(200);
  });

  it('behind the proxy (TRUST_PROXY), takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const proxied = await buildApp(testConfig({ TRUST_PROXY: '1' }), { database: ctx.database });
    try {
      const user = await createUser(ctx.db);
      const response = await injectInto(proxied, 'POST', '/api/login', {
        payload: { email: user.email, password: DEFAULT_TEST_PASSWORD },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      });
      expect(response.status).toBe(200);
      const session = await ctx.db.selectFrom('sessions').select('ip').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(session.ip).toBe('203.0.113.7');

      // A client reaching the server directly cannot choose its address by writing the header.
      const direct = await createUser(ctx.db);
      await injectInto(proxied, 'POST', '/api/login', {
        payload: { email: direct.email, password: DEFAULT_TEST_PASSWORD },
        remoteAddress: '198.51.100.1',
        headers: { 'x-forwarded-for': '6.6.6.6' },
      });
      const directSession = await ctx.db.selectFrom('sessions').select('ip').where('user_id', '=', direct.id).executeTakeFirstOrThrow();
      expect(directSession.ip).toBe('198.51.100.1');
    } finally {
      await proxied.close();
    }
  });
});
