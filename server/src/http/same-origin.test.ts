import { createTestContext, type TestContext } from '../test/harness.js';

describe('the same-origin check of state-changing calls', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  // An empty login form reaches the route (400 email_is_empty) when the check lets it through.
  const login = (headers: Record<string, string>) => ctx.post('/api/login', {}, { headers: { host: 'negayno.test', ...headers } });

  it('lets our own pages and non-browser clients through', async () => {
    expect((await login({ origin: 'https://negayno.test' })).body).toMatchObject({ code: 'email_is_empty' });
    expect((await login({ 'sec-fetch-site': 'same-origin' })).body).toMatchObject({ code: 'email_is_empty' });
    expect((await login({})).body).toMatchObject({ code: 'email_is_empty' });
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.test' }],
    ['our host on another port', { origin: 'https://negayno.test:8443' }],
    ['an opaque Origin', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 access_denied', async (_name, headers) => {
    const response = await login(headers);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: 'error', code: 'access_denied' });
  });

  it('leaves reads alone but guards the logout GET', async () => {
    const foreign = { host: 'negayno.test', origin: 'https://evil.test' };
    expect((await ctx.get('/api/version', { headers: foreign })).status).toBe(200);
    expect((await ctx.get('/api/logout', { headers: foreign })).status).toBe(403);
    expect((await ctx.get('/api/logout', { headers: { host: 'negayno.test', origin: 'http://negayno.test' } })).status).toBe(200);
  });
});
