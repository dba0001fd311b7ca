import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { newDataDir, runAdmin, startServer, type OwnServer } from '../support/server.mjs';

/**
 * The operator's real flow for login by code, on a server of its own: the shared end-to-end server's
 * embedded database is locked while it runs, and a CLI code lives 10 minutes. So: a fresh data
 * directory, negayno-admin seeds the demo and issues a code with no server running, then the built
 * server starts on that directory and a browser types the code.
 */
let server: OwnServer | undefined;
let loginCode = '';

test.beforeAll(async () => {
  // Seeding (argon2 hashes) and a cold server start take a while on a busy machine.
  test.setTimeout(240_000);
  const dataDir = newDataDir();
  try {
    runAdmin(dataDir, ['seed-demo']);
    const printed = runAdmin(dataDir, ['issue-login-code', '--email', DEMO.user]);
    loginCode = /: ([A-Z0-9]{5}-[A-Z0-9]{5})$/m.exec(printed)?.[1] ?? '';
    expect(loginCode, printed).not.toBe('');
  } catch (error) {
    // Once the server starts, its stop() removes the directory; before that it is ours to remove.
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  server = await startServer({ NEGAYNO_SEED_DEMO: '0' }, { dataDir });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a code issued by negayno-admin signs its user in once; a used or wrong code is answered', async ({ page }) => {
  const url = server!.url;
  await page.goto(`${url}/login-as`);
  await page.getByTestId('login-as-code').fill(loginCode);
  await page.getByTestId('login-as-code').press('Enter');

  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByTestId('task-card').first()).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByText('Андрій Шевченко')).toBeVisible();
  await expect(page.getByText(DEMO.user)).toBeVisible();
  await page.keyboard.press('Escape');

  // The same code again, typed the way a person reads it out: lower case, no dash.
  await page.goto(`${url}/login-as`);
  await page.getByTestId('login-as-code').fill(loginCode.replace('-', '').toLowerCase());
  await page.getByTestId('login-as-submit').click();
  await expect(page.getByText('Цей код уже використано')).toBeVisible();

  await page.getByTestId('login-as-code').fill('ABCDE-FGHJK');
  await page.getByTestId('login-as-submit').click();
  await expect(page.getByText('Неправильний код')).toBeVisible();

  // A refused code leaves the signed-in user as they were.
  const profile = await (await page.request.get(`${url}/api/user/profile`)).json();
  expect(profile.data).toMatchObject({ email: DEMO.user });
});
