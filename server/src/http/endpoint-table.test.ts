/**
 * Every API route is an entry of the contract's endpoint table (issue 32): the browser's calls, the
 * uploads and the downloads are typed in one place, so a route the table does not name could only be
 * called by hand-built paths. Registered here exactly as app.ts mounts them, and compared both ways.
 */
import { API_ROOT, endpoints, type AnyEndpoint } from '@negayno/shared/contract';
import { exportEndpoints } from '@negayno/shared/contract/export';
import { importEndpoints } from '@negayno/shared/contract/project-import';
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { searchEndpoint } from '@negayno/shared/contract/search';
import Fastify from 'fastify';
import { API_ROUTES } from '../app.js';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * Not calls of the app: the test card provider's checkout page and its script (money/test-checkout.ts),
 * and a mail's unsubscribe link, opened as a page (GET) or posted by the mail client itself (RFC 8058).
 */
const PAGES = new Set([
  'GET /api/payment/test/checkout.js',
  'GET /api/payment/test/:orderId',
  'GET /api/email/unsubscribe/:userId/:token',
  'POST /api/email/unsubscribe/:userId/:token',
]);

/**
 * Entries declared beside the table, not in it, so the first screen's bundle (which holds the table)
 * does not carry their schemas: the same `endpoint()` entries, used alike by the server and the browser.
 */
const BESIDE_THE_TABLE: AnyEndpoint[] = [searchEndpoint, ...Object.values(importEndpoints), ...Object.values(exportEndpoints), ...Object.values(opsEndpoints)];

function tableEntries(): string[] {
  return [...Object.values(endpoints).flatMap((group) => Object.values(group) as AnyEndpoint[]), ...BESIDE_THE_TABLE].map(
    (entry) => `${entry.method} ${API_ROOT}${entry.path}`,
  );
}

describe('the endpoint table', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('names every API route the modules register, uploads and downloads included, and no route is missing', async () => {
    const app = Fastify();
    const registered: string[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    });
    for (const routes of API_ROUTES) await app.register(routes(ctx.services), { prefix: API_ROOT });
    await app.ready();
    await app.close();

    const table = tableEntries();
    expect(table.length).toBeGreaterThan(100);
    expect(registered.filter((route) => !table.includes(route) && !PAGES.has(route))).toEqual([]);
    expect(table.filter((entry) => !registered.includes(entry))).toEqual([]);
    for (const upload of ['POST /api/task/:id/upload-file', 'POST /api/chat/:id/new-message', 'POST /api/user/upload-avatar', 'GET /api/file/:id/content'])
      expect(table).toContain(upload);
  });
});
