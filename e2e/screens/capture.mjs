// Screenshots of the suite's screens in both themes, both languages, at a phone and a desktop
// width: `node e2e/screens/capture.mjs [screen-name-prefix…]`. Writes PNGs to .screens/ at the repo
// root. It starts its own seeded server (see support/server.mjs).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../bench/lib/browser.mjs';
import { repoRoot, startServer } from '../support/server.mjs';
import { SCREENS } from './screens.mjs';

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const out = join(repoRoot, '.screens');
mkdirSync(out, { recursive: true });
const prefixes = process.argv.slice(2);

const server = await startServer();
const browser = await launchChromium();
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
          if (screen.as) {
            const response = await page.request.post(`${server.url}/api/login`, { data: { email: screen.as, password: 'negayno-demo' } });
            if (!response.ok()) throw new Error(`login as ${screen.as} failed`);
          }
          await screen.open(page, server.url, { viewport: viewportName });
          await page.waitForTimeout(400);
          const file = join(out, `${screen.name}-${language}-${theme}-${viewportName}.png`);
          await page.screenshot({ path: file, fullPage: Boolean(screen.fullPage) });
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
