import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('GET /api/version and POST /api/log/new', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('says when payments are not real: the test provider allowed by name (decisions 5, issue 35 K7)', async () => {
    expect(((await ctx.get('/api/version')).body as { data: { testPayments: boolean } }).data.testPayments).toBe(false);
    const demo = await createTestContext({ env: { PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: '1' } });
    try {
      expect(((await demo.get('/api/version')).body as { data: { testPayments: boolean } }).data.testPayments).toBe(true);
    } finally {
      await demo.close();
    }
  });

  it('answers the version without a session', async () => {
    const response = await ctx.get('/api/version');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', data: { version: expect.stringMatching(/^\d+\.\d+\.\d+/) } });
    expect(response.headers['cache-control']).toMatch(/no-store|no-cache/);
  });

  it('records a failure a signed-in browser reports, with who and which browser', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    const response = await ctx.post(
      '/api/log/new',
      { code: 'card_root_error', message: 'task 7 of project 3' },
      { cookie, headers: { 'user-agent': 'Chromium test' } },
    );
    expect(response.status).toBe(200);

    const rows = await ctx.db.selectFrom('client_logs').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toEqual([expect.objectContaining({ code: 'card_root_error', message: 'task 7 of project 3', user_agent: 'Chromium test' })]);
  });

  it('takes a beacon: a text/plain body holding the JSON', async () => {
    const response = await ctx.request('POST', '/api/log/new', {
      payload: JSON.stringify({ code: 'remote_load_failed', message: 'mf_board/app' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(response.status).toBe(200);
    const row = await ctx.db.selectFrom('client_logs').selectAll().where('code', '=', 'remote_load_failed').executeTakeFirst();
    expect(row).toMatchObject({ message: 'mf_board/app', user_id: null });
  });

  it('refuses an empty or malformed report and stores nothing', async () => {
    const before = await ctx.db.selectFrom('client_logs').select(ctx.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const empty = await ctx.post('/api/log/new', { code: '', message: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'code_is_empty' });
    const garbage = await ctx.request('POST', '/api/log/new', { payload: '{not json', headers: { 'content-type': 'text/plain' } });
    expect(garbage.status).toBe(400);
    const after = await ctx.db.selectFrom('client_logs').select(ctx.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
