// Screenshots of the staffing screens (issue 31) in both themes, both languages, at 390 and 1440 px:
// `node e2e/screens/staffing.mjs [out-dir] [screen-name-prefix…]` (default .screens/staffing, every screen). It starts its own seeded
// server with STAFFING=queue: a demo client's new project waits for its team (the members drawer's
// notice, the am's "New clients"); a second one taken by the am shows the team dialog; the demo
// shop's drawer shows a whole team.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../bench/lib/browser.mjs';
import { repoRoot, startServer } from '../support/server.mjs';

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const out = process.argv[2] ?? join(repoRoot, '.screens', 'staffing');
const prefixes = process.argv.slice(3);
mkdirSync(out, { recursive: true });

const server = await startServer({ STAFFING: 'queue' });
const browser = await launchChromium();

async function apiAs(email) {
  const context = await browser.newContext();
  const login = await context.request.post(`${server.url}/api/login`, { data: { email, password: 'negayno-demo' } });
  if (!login.ok()) throw new Error(`login as ${email} failed`);
  return async (method, path, data) => {
    const response = await context.request[method](`${server.url}/api${path}`, data === undefined ? {} : { data });
    if (!response.ok()) throw new Error(`${method} ${path}: ${await response.text()}`);
    return (await response.json()).data;
  };
}

const admin = await apiAs('admin@demo.test');
const am = await apiAs('am@demo.test');
const waiting = await admin('post', '/project/new', { name: 'Кав’ярня «Зерно»' });
const task = await admin('post', `/project/${waiting.id}/new-task`, { name: 'Лендинг для нового меню' });
await admin('post', `/task/${task.id}/action/publish`, { negayno: false });
const taken = await admin('post', '/project/new', { name: 'Пекарня на Подолі' });
await am('post', `/project/${taken.id}/team/take`);
const shop = (await admin('get', '/projects')).find((project) => project.name === 'Інтернет-магазин');

async function openMembers(page, projectId) {
  await page.goto(`${server.url}/project/${projectId}`);
  await page.getByTestId('members-button').click();
  await page.getByTestId('team-section').waitFor();
}

const SCREENS = [
  { name: 'members-assigning', as: 'admin@demo.test', open: (page) => openMembers(page, waiting.id) },
  { name: 'members-team', as: 'admin@demo.test', open: (page) => openMembers(page, shop.id) },
  {
    name: 'am-home-new-clients',
    as: 'am@demo.test',
    open: async (page) => {
      await page.goto(`${server.url}/`);
      await page.getByTestId('new-client').first().waitFor();
      await page.getByTestId('task-card').first().waitFor();
    },
  },
  {
    name: 'team-dialog',
    as: 'am@demo.test',
    open: async (page) => {
      await openMembers(page, taken.id);
      await page.getByTestId('team-member').and(page.locator('[data-role="pm"]')).getByTestId('team-change').click();
      await page.getByTestId('team-candidate').first().waitFor();
    },
  },
];

try {
  for (const screen of SCREENS.filter((item) => prefixes.length === 0 || prefixes.some((prefix) => item.name.startsWith(prefix)))) {
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
          const response = await page.request.post(`${server.url}/api/login`, { data: { email: screen.as, password: 'negayno-demo' } });
          if (!response.ok()) throw new Error(`login as ${screen.as} failed`);
          await screen.open(page);
          await page.waitForTimeout(600);
          const file = join(out, `${screen.name}-${language}-${theme}-${viewportName}.png`);
          await page.screenshot({ path: file });
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
