import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { E2E_BASE_URL, E2E_PORT } from './support/env';

/**
 * Debian's headless shell when installed (.ci/run installs it): the same Blink and V8 without the desktop
 * browser's parts, as Playwright's own Chromium downloads do for headless runs; two workers' specs took
 * 17 % less time in it (58 s against 70 s for the screens and shell specs). Else the desktop Chromium.
 */
function chromiumOfThisMachine(): string {
  return existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
}

/**
 * The whole stack in Debian Chromium: one server with the demo seeded on a fresh database (on
 * TEST_DATABASE_URL's PostgreSQL when set, else embedded: support/start-server.mjs), started before the
 * specs and stopped after them.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // Three on two cores: a spec spends much of its time waiting on the server, the database and animations
  // (two workers kept the machine about two thirds busy); four were slower than three. E2E_WORKERS to change.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // Guards against a hang, not times to meet. CI's 2-core machine runs three workers, the server and
  // up to five browsers at a load average of 15 and more; a two-browser spec that takes 26 s cold on
  // a quiet machine took over a minute there, so the guards leave room for three times a quiet run.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./support/summary-reporter.ts']],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'uk-UA',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumOfThisMachine(),
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${E2E_BASE_URL}/api/version`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
    // Without it Playwright SIGKILLs the server's process group and start-server.mjs never removes its
    // data directory; SIGTERM lets it stop the server, close the mail catcher and clean up.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
