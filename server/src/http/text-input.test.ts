/**
 * Names and other text a caller sends (issue: a NUL byte answered 500, right-to-left overrides and
 * zero-width-only names were accepted): hidden control characters are dropped, an invisible-only name
 * is empty, and a NUL byte that reaches the database anyway is the caller's mistake, not a 500.
 */
import { fullnameBody, type Project } from '@negayno/shared/contract';
import { createUser } from '../seed/builders.js';
import { createTestContext, type TestContext } from '../test/harness.js';

describe('text input', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = await ctx.login((await createUser(ctx.db)).email);
  });
  afterAll(() => ctx.close());

  const create = (name: string) => ctx.post<Project>('/api/project/new', { name }, { cookie, headers: { 'accept-language': 'en' } });

  it('drops a NUL byte and other control characters from a name', async () => {
    const response = await create('Shop\u0000 on\u0007line');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ data: { name: 'Shop online' } });
  });

  it('drops right-to-left overrides and isolates, so a name cannot display backwards', async () => {
    const response = await create('invoice\u202Efdp.exe\u2067');
    expect(response.body).toMatchObject({ status: 'ok', data: { name: 'invoicefdp.exe' } });
  });

  it('refuses a name of only zero-width characters as empty', async () => {
    for (const name of ['\u200B\u200C\u200D', '\uFEFF \u2060', '\u202E\u200B']) {
      const response = await create(name);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'name_is_empty', details: { name: { code: 'name_is_empty' } } });
    }
  });

  it('keeps what a name may hold: emoji joined by zero-width joiners, apostrophes, other scripts', async () => {
    const response = await create('Сім’я 👨‍👩‍👧 ʼОлесяʼ');
    expect(response.body).toMatchObject({ status: 'ok', data: { name: 'Сім’я 👨‍👩‍👧 ʼОлесяʼ' } });
  });

  it('cleans the person names of a registration the same way', async () => {
    expect(fullnameBody.safeParse({ firstname: '\u200B', lastname: 'Koval' }).success).toBe(false);
    expect(fullnameBody.parse({ firstname: 'Ol\u0000ena\u202E', lastname: 'Koval' })).toEqual({ firstname: 'Olena', lastname: 'Koval' });
  });

  it('answers a NUL byte in a search invalid_value, not a server error', async () => {
    await create('Searched');
    const response = await ctx.get(`/api/tasks?taskName=${encodeURIComponent('a\u0000b')}`, { cookie });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 'error', code: 'invalid_value' });
  });
});
