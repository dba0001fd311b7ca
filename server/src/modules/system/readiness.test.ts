/**
 * Health and readiness for a load balancer (issue 18): both answer without a session; readiness turns
 * 503 `not_ready` once the process is stopping, while health still answers (the process is alive).
 */
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('GET /api/health and /api/ready', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { MAINTENANCE_MODE: '1' } });
  });
  afterAll(() => ctx.close());

  it('answers both while the process serves (maintenance mode included: the process is up)', async () => {
    expect(await ctx.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok', data: { status: 'ok' } } });
    expect(await ctx.get('/api/ready')).toMatchObject({ status: 200, body: { status: 'ok', data: { status: 'ready' } } });
  });

  it('answers not ready once the process is stopping, and still healthy', async () => {
    ctx.services.readiness.drain();
    expect(await ctx.get('/api/ready')).toMatchObject({ status: 503, body: { status: 'error', code: 'not_ready' } });
    expect((await ctx.get('/api/health')).status).toBe(200);
  });
});
