import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, E2E_PORT } from '../support/env';
import { registerByApi, uniqueEmail } from '../support/register';
import { signIn, signInByApi } from '../support/session';

/** The Bot API stand-in start-server.mjs runs beside the server. */
function telegramStandIn(): string {
  return (JSON.parse(readFileSync(join(tmpdir(), `negayno-e2e-${E2E_PORT}-mail.json`), 'utf8')) as { telegramUrl: string }).telegramUrl;
}

/** Serious and critical axe findings of this parts: the profile remote's screen and the header's bell. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('#app-mf-profile').include('[data-testid="header-notifications"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('profile', () => {
  test('changes name, phone, avatar and password; the password ends the other session', async ({ page, browser }) => {
    // Two sessions, an axe scan and three uploads: about 50 s alone, past a minute on a busy machine.
    test.slow();
    // A session elsewhere, which the password change must end.
    const elsewhere = await browser.newContext();
    await signInByApi(await elsewhere.newPage(), DEMO.guest);
    await signIn(page, DEMO.guest);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await expect(page.getByTestId('profile-page')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('profile-firstname').fill('Галина');
    await page.getByTestId('profile-lastname').fill('Гостьова');
    await page.getByTestId('profile-name-save').click();
    await expect(page.getByTestId('profile-name')).toHaveText('Галина Гостьова');

    await page.getByTestId('profile-phone').fill('12');
    await page.getByTestId('profile-phone-save').click();
    await expect(page.getByText('Неправильний номер телефону')).toBeVisible();
    await page.getByTestId('profile-phone').fill('+38 (067) 123-45-67');
    await page.getByTestId('profile-phone').press('Enter');
    await expect(page.getByTestId('profile-phone')).toHaveValue('+380671234567');

    // An 8 × 6 PNG: the server makes any picture a 256 px square.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWpWGFTEMpAQAw+Y5YaYB/O4AAAAASUVORK5CYII=',
      'base64',
    );
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const avatar = page.getByTestId('profile-avatar').locator('img');
    await expect(avatar).toHaveAttribute('src', /\/files\/avatars\/\d+-[a-f0-9]+\.webp$/);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
    await page.getByTestId('avatar-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await expect(page.getByTestId('avatar-error')).toHaveText('Тип файлу не підтримується');

    await page.getByTestId('password-current').fill(DEMO_PASSWORD);
    await page.getByTestId('password-new').fill('a-new-password-1');
    await page.getByTestId('password-repeat').fill('a-new-password-1');
    await page.getByTestId('password-submit').click();
    await expect(page.getByTestId('password-changed')).toBeVisible();
    expect((await elsewhere.request.get('/api/user/profile')).status()).toBe(401);
    expect((await page.request.get('/api/user/profile')).status()).toBe(200);

    // Put the demo back as the other specs expect it.
    await page.getByTestId('password-current').fill('a-new-password-1');
    await page.getByTestId('password-new').fill(DEMO_PASSWORD);
    await page.getByTestId('password-repeat').fill(DEMO_PASSWORD);
    await page.getByTestId('password-submit').click();
    await expect(page.getByTestId('password-changed')).toBeVisible();
    await elsewhere.close();
  });

  test('chooses which notifications come by email, and turns email off altogether', async ({ page }) => {
    await signInByApi(page, DEMO.pm);
    await page.goto('/profile');
    const enabled = page.getByTestId('email-enabled');
    const chat = page.getByTestId('email-group-chat');
    await expect(enabled).toBeChecked();
    await expect(chat).toBeChecked();
    const emailOnServer = async () =>
      ((await (await page.request.get('/api/user/profile')).json()) as { data: { channels: { email: Record<string, boolean> } } }).data.channels.email;

    await chat.click();
    await expect(chat).not.toBeChecked();
    await expect.poll(emailOnServer).toMatchObject({ enabled: true, chat: false, tasks: true });
    await enabled.click();
    await expect(enabled).not.toBeChecked();
    await expect(page.getByTestId('email-group-tasks')).toBeDisabled();
    await page.reload();
    await expect(page.getByTestId('email-enabled')).not.toBeChecked();
    await expect(page.getByTestId('email-group-chat')).not.toBeChecked();

    // Put the demo back as the other specs expect it.
    await page.getByTestId('email-enabled').click();
    await expect(page.getByTestId('email-group-chat')).toBeEnabled();
    await page.getByTestId('email-group-chat').click();
    await expect.poll(emailOnServer).toMatchObject({ enabled: true, chat: true });
  });

  test('a new client deletes their account: first told to close the project they alone administer, then signed out for good', async ({ page }) => {
    const email = uniqueEmail('leaving');
    const password = 'leaving-password-1';
    await registerByApi(page.request, email, password);
    await signIn(page, email, password);
    const created = await page.request.post('/api/project/new', { data: { name: 'Мій перший проєкт' } });
    expect(created.ok()).toBe(true);
    const projects = (await (await page.request.get('/api/projects')).json()) as { data: Array<{ id: number; name: string }> };
    expect(projects.data.map((project) => project.name)).toEqual(['Мій перший проєкт']);

    await page.goto('/profile');
    await page.getByTestId('close-account-open').click();
    await page.getByTestId('close-account-password').fill(password);
    await page.getByTestId('close-account-confirm').click();
    await expect(page.getByTestId('close-account-error')).toContainText('передайте або закрийте');
    for (const project of projects.data) await expect(page.getByRole('link', { name: project.name })).toBeVisible();

    // Closed from its menu in the app; the account has nothing left it alone holds.
    for (const project of projects.data) expect((await page.request.delete(`/api/project/${project.id}/delete`)).ok()).toBe(true);
    await page.getByTestId('close-account-confirm').click();
    await expect(page).toHaveURL(/\/login/);
    const again = await page.request.post('/api/login', { data: { email, password } });
    expect(again.ok()).toBe(false);
  });

  test('links the Telegram bot through the deep link and the bot stand-in', async ({ page }) => {
    await signInByApi(page, DEMO.sm);
    await page.goto('/profile');
    await page.getByTestId('telegram-link').click();
    const command = await page.getByTestId('telegram-command').inputValue();
    expect(command).toMatch(/^\/start [A-Za-z0-9_-]+$/);
    await expect(page.getByTestId('telegram-open')).toHaveAttribute('href', /^https:\/\/t\.me\/\w+\?start=[A-Za-z0-9_-]+$/);

    // The person writes to the bot in Telegram.
    const response = await fetch(`${telegramStandIn()}/__stand-in/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ chatId: 4242, text: command, username: 'sales_demo' }),
    });
    expect(response.ok).toBe(true);
    await expect(async () => {
      await page.getByTestId('telegram-check').click();
      await expect(page.getByTestId('telegram-linked')).toHaveText(/@sales_demo/, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('telegram-enabled')).toBeChecked();
    await page.getByTestId('telegram-enabled').click();
    await expect(page.getByTestId('telegram-enabled')).not.toBeChecked();
    await page.getByTestId('telegram-unlink').click();
    await expect(page.getByTestId('telegram-link')).toBeVisible();
  });
});

test('an action by one user shows a live notification and badge to another, who opens it and lands on the task', async ({ page, browser }) => {
  // The client watches every task of their projects.
  await signInByApi(page, DEMO.user);
  expect((await page.request.put('/api/user/update-settings', { data: { notifyAllTasks: true } })).ok()).toBe(true);
  await page.request.post('/api/notifications/viewed');
  await page.goto('/');
  await expect(page.getByTestId('header-notifications')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // The administrator creates a task in a project they share.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInByApi(adminPage, DEMO.admin);
  const projects = (await (await adminPage.request.get('/api/projects')).json()) as { data: Array<{ id: number; role: string }> };
  const shared = projects.data.find((project) => project.role === 'administrator')!;
  const created = (await (await adminPage.request.post(`/api/project/${shared.id}/new-task`, { data: { name: 'Нова сторінка оплати' } })).json()) as {
    data: { id: number };
  };
  await admin.close();

  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await page.getByTestId('header-notifications').click();
  const item = page.getByTestId('notification-item').first();
  await expect(item).toContainText('Нова сторінка оплати');
  await expect(item).toHaveAttribute('data-unread', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/task/${created.data.id}`));
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
});
