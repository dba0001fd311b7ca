import { createTestContext, type TestContext } from '../test/harness.js';

describe('maintenance mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { MAINTENANCE_MODE: '1' } });
  });
  afterAll(() => ctx.close());

  it.each([
    ['GET', '/api/projects'],
    ['POST', '/api/login'],
    ['GET', '/api/no-such-call'],
  ] as const)('answers %s %s with 503 maintenance_mode', async (method, url) => {
    const response = await ctx.request(method, url, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'error', code: 'maintenance_mode', message: 'Maintenance in progress. We will be back soon' });
  });

  it('still answers the version check, so browsers notice the end of maintenance', async () => {
    expect((await ctx.get('/api/version')).status).toBe(200);
  });

  it('is off unless asked for', async () => {
    const normal = await ctx.buildAnotherApp({ MAINTENANCE_MODE: '0' });
    try {
      expect((await normal.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
    } finally {
      await normal.close();
    }
  });
});
