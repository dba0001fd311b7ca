import { z } from 'zod';
import { emailField, errorText, requiredText } from '@negayno/shared/contract';
import { createUser } from '../seed/builders.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { AppError } from './app-error.js';
import { validate } from './validate.js';

describe('the error envelope', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    // Test-only routes, added before the app is ready, to reach each branch of the one error handler.
    const form = z.object({ email: emailField(), firstname: requiredText('firstname', 10), age: z.number() });
    ctx.app.post('/api/test/form', async (request) => ({ status: 'ok', data: validate(form, request.body ?? {}) }));
    ctx.app.get('/api/test/boom', async () => {
      throw new Error('connection to 10.1.2.3 refused: password=hunter2');
    });
    ctx.app.get('/api/test/denied', async () => {
      throw new AppError('access_denied');
    });
  });
  afterAll(() => ctx.close());

  it('answers ok data in the ok envelope', async () => {
    const response = await ctx.get('/api/version');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', data: { version: expect.any(String), testPayments: false } });
  });

  it('names every invalid field with its catalogue code and the first one at the top', async () => {
    const response = await ctx.post('/api/test/form', { email: 'not-an-email', firstname: 'far too long a name', age: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'error',
      code: 'email_is_invalid',
      message: errorText('email_is_invalid', 'uk'),
      details: {
        email: { code: 'email_is_invalid', message: errorText('email_is_invalid', 'uk') },
        firstname: { code: 'firstname_is_too_long', message: errorText('firstname_is_too_long', 'uk') },
        // A zod default message is not a code: the field says invalid_value.
        age: { code: 'invalid_value', message: errorText('invalid_value', 'uk') },
      },
    });
  });

  it('treats a missing body as an empty form', async () => {
    const response = await ctx.request('POST', '/api/test/form');
    expect(response.body).toMatchObject({ status: 'error', code: 'email_is_empty', details: { email: { code: 'email_is_empty' } } });
  });

  it('answers in the language of Accept-Language, Ukrainian by default', async () => {
    const payload = { email: '', firstname: 'a', age: 1 };
    const english = await ctx.post('/api/test/form', payload, { headers: { 'accept-language': 'en-GB,en;q=0.9,uk;q=0.8' } });
    expect(english.body).toMatchObject({ code: 'email_is_empty', message: 'This field is required' });
    const preferredUk = await ctx.post('/api/test/form', payload, { headers: { 'accept-language': 'en;q=0.5, uk' } });
    expect(preferredUk.body).toMatchObject({ message: errorText('email_is_empty', 'uk') });
    const unsupported = await ctx.post('/api/test/form', payload, { headers: { 'accept-language': 'de-DE' } });
    expect(unsupported.body).toMatchObject({ message: errorText('email_is_empty', 'uk') });
  });

  it('takes the HTTP status of an AppError from the catalogue', async () => {
    const response = await ctx.get('/api/test/denied');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: 'error', code: 'access_denied', message: errorText('access_denied', 'uk') });
  });

  it('answers unknown API routes with 404 action_not_found, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.request(method, '/api/no/such/route');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: 'error', code: 'action_not_found' });
    }
  });

  it('answers malformed JSON with 400 invalid_value', async () => {
    const response = await ctx.request('POST', '/api/login', { payload: '{"email": "a@b.cd", ', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 'error', code: 'invalid_value' });
  });

  it('hides the internals of an unexpected failure behind 500 server_error', async () => {
    const response = await ctx.get('/api/test/boom', { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ status: 'error', code: 'server_error', message: errorText('server_error', 'en') });
    expect(response.text).not.toMatch(/10\.1\.2\.3|hunter2|Error/);
  });

  it('rejects a bad id in a path as that entity not found', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    const response = await ctx.get('/api/project/abc', { cookie });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'project_not_found' });
  });
});
