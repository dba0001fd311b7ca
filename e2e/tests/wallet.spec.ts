import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { registerByApi, uniqueEmail } from '../support/register';
import { signInByApi } from '../support/session';

const PASSWORD = 'wallet-e2e-password';

async function openProjectWallet(page: Page, projectId: number) {
  await page.goto(`/project/${projectId}`);
  await page.getByTestId('project-wallet').click();
  await expect(page.getByTestId('wallet-drawer')).toBeVisible();
}

test.describe('money: the wallet drawer', () => {
  test('a client tops a project up through the test provider; a second browser sees the balance and the row arrive live', async ({ page, browser }) => {
    const email = uniqueEmail('wallet-client');
    await registerByApi(page.request, email, PASSWORD);
    await signInByApi(page, email, PASSWORD);
    const created = await page.request.post('/api/project/new', { data: { name: 'Гаманець e2e' } });
    const projectId = ((await created.json()) as { data: { id: number } }).data.id;

    const watcherContext = await browser.newContext();
    const watcher = await watcherContext.newPage();
    await signInByApi(watcher, email, PASSWORD);
    await openProjectWallet(watcher, projectId);
    await expect(watcher.getByTestId('transactions-empty')).toBeVisible();

    await openProjectWallet(page, projectId);
    const form = page.getByTestId('top-up-form');
    await form.getByTestId('amount-input').fill('50');
    await expect(form).toContainText(/замала|too small/i);
    await form.getByTestId('amount-input').fill('1000');
    await expect(form).toContainText(/1[\s ]015/);
    await form.getByTestId('amount-submit').click();

    await expect(page).toHaveURL(/\/api\/payment\/test\//);
    await expect(page.getByTestId('checkout-total')).toContainText('1');
    await page.getByRole('button', { name: /Сплатити|Pay/ }).click();

    await expect(page).toHaveURL(new RegExp(`/project/${projectId}`));
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('wallet-balance')).toContainText(/1[\s ]000/);

    await expect(watcher.getByTestId('wallet-balance')).toContainText(/1[\s ]000/);
    await expect(watcher.getByTestId('transaction-row').first()).toHaveAttribute('data-status', 'completed');
    await watcherContext.close();
  });

  test('a performer asks for a payout, sees it pending, and cancels it while pending', async ({ page }) => {
    await signInByApi(page, DEMO.performer);
    await page.goto('/');
    await page.getByTestId('header-wallet').click();
    const drawer = page.getByTestId('wallet-drawer');
    await expect(drawer.getByTestId('payout-form')).toBeVisible();
    await expect(drawer.getByTestId('top-up-form')).toHaveCount(0);
    const before = await drawer.getByTestId('wallet-balance').textContent();

    await drawer.getByTestId('payout-form').getByTestId('amount-input').fill('500');
    await drawer.getByTestId('payout-form').getByTestId('amount-submit').click();
    const row = drawer.getByTestId('transaction-row').first();
    await expect(row).toHaveAttribute('data-status', 'pending');
    await expect(drawer.getByTestId('wallet-balance')).not.toHaveText(before ?? '');

    await row.getByTestId('cancel-payout').click();
    await expect(row).toHaveAttribute('data-status', 'cancelled');
    // The button that had the focus is gone: the list holds it, so Escape still reaches the drawer.
    await expect(drawer.getByTestId('transactions')).toBeFocused();
    await expect(drawer.getByTestId('wallet-balance')).toHaveText(before ?? '');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('header-wallet')).toBeFocused();
  });

  test('fits a phone: no horizontal overflow at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    await page.getByTestId('header-wallet').click();
    await expect(page.getByTestId('wallet-chart')).toBeVisible();
    await expect(page.getByTestId('transactions').or(page.getByTestId('transactions-empty'))).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('an administrator closes a project that holds money: the balance moves to the chosen project, then the project is gone', async ({ page }) => {
    const email = uniqueEmail('wallet-closure');
    await registerByApi(page.request, email, PASSWORD);
    await signInByApi(page, email, PASSWORD);
    const projectIdOf = async (name: string) =>
      ((await (await page.request.post('/api/project/new', { data: { name } })).json()) as { data: { id: number } }).data.id;
    const closing = await projectIdOf('Закривається e2e');
    const kept = await projectIdOf('Лишається e2e');
    const checkout = await page.request.post(`/api/project/${closing}/balance/payment`, {
      data: { amount: 100_000 },
      headers: { 'Idempotency-Key': `closure-${closing}` },
    });
    const { orderId } = ((await checkout.json()) as { data: { orderId: string } }).data;
    expect((await page.request.post(`/api/payment/test/${orderId}`, { data: { result: 'success' } })).ok()).toBe(true);

    await page.goto(`/project/${closing}`);
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('menu-delete').click();
    const dialog = page.getByTestId('delete-dialog');
    await expect(dialog.getByTestId('closure-balance')).toContainText(/1[\s ]000/);
    await dialog.getByTestId(`closure-to-project-${kept}`).check();
    await dialog.getByTestId('delete-confirm').click();

    await expect(page).toHaveURL(new RegExp(`/project/${kept}$`));
    await page.getByTestId('project-wallet').click();
    await expect(page.getByTestId('wallet-balance')).toContainText(/1[\s ]000/);
    await expect(page.getByTestId('transaction-row').first()).toHaveAttribute('data-status', 'completed');
    expect((await page.request.get(`/api/project/${closing}`)).status()).toBe(404);
  });
});
