// Screenshots of every section of the operators' console (issue 31) in both themes, both languages, at
// a phone's and a desktop's width: `node e2e/screens/capture-ops.mjs [out-dir]` (default /tmp/ops-shots).
// Starts its own seeded server; first gives each section something to show (a payout request, an
// invitation code, audited actions).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../bench/lib/browser.mjs';
import { startServer } from '../support/server.mjs';

const SECTIONS = ['staff', 'projects', 'invitations', 'payouts', 'deadlines', 'money', 'support', 'audit'];
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const out = process.argv[2] ?? '/tmp/ops-shots';
const only = process.argv.slice(3);
mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await launchChromium();

async function apiAs(email, method, path, data) {
  const context = await browser.newContext();
  const login = await context.request.post(`${server.url}/api/login`, { data: { email, password: 'negayno-demo' } });
  if (!login.ok()) throw new Error(`login as ${email} failed`);
  const response = await context.request[method](`${server.url}/api${path}`, data === undefined ? {} : { data });
  const body = await response.json();
  await context.close();
  if (!response.ok()) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data;
}

try {
  await apiAs('performer@demo.test', 'post', '/user/balance/payout', { amount: 50000 });
  await apiAs('ops@demo.test', 'post', '/ops/invitations', { kind: 'client', maxUses: 10, expiresInDays: 30, note: 'Виставка «Бізнес-2026»' });
  const revoked = await apiAs('ops@demo.test', 'post', '/ops/invitations', { kind: 'performer', maxUses: null, expiresInDays: null, note: '' });
  await apiAs('ops@demo.test', 'post', `/ops/invitation/${revoked.id}/revoke`);
  await apiAs('ops@demo.test', 'post', '/ops/login-code', { email: 'user@demo.test' });

  for (const section of SECTIONS.filter((one) => only.length === 0 || only.includes(one))) {
    for (const language of ['uk', 'en']) {
      for (const theme of ['light', 'dark']) {
        for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
          const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language === 'uk' ? 'uk-UA' : 'en-GB' });
          await context.addInitScript(
            ([lang, th]) => {
              localStorage.setItem('language', lang);
              localStorage.setItem('theme', th);
            },
            [language, theme],
          );
          const page = await context.newPage();
          const login = await page.request.post(`${server.url}/api/login`, { data: { email: 'ops@demo.test', password: 'negayno-demo' } });
          if (!login.ok()) throw new Error('login as ops@demo.test failed');
          await page.goto(`${server.url}/ops/${section}`);
          await page.getByTestId(`ops-${section}`).waitFor();
          await page.getByTestId('ops-skeleton').waitFor({ state: 'detached' });
          if (section === 'payouts')
            await page
              .getByTestId('payout-history-toggle')
              .first()
              .click()
              .catch(() => undefined);
          if (section === 'support') {
            await page.getByTestId('support-email').fill('user@demo.test');
            await page.getByTestId('support-issue').click();
            await page.getByTestId('support-code').waitFor();
          }
          await page.waitForTimeout(500);
          const file = join(out, `ops-${section}-${language}-${theme}-${viewportName}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(file);
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
