import { expect, test, type Browser, type Page } from '@playwright/test';
import { api } from '../support/api';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';

/**
 * Issue 33 items 1–7 in Chromium, with a screenshot of each screen they changed (uk, 1440 px; some at
 * 390 px, dark and en) under test-results/chain-smoothed: whose move after the am's note, while the
 * offer waits and after its rejection; the estimate in the sm's drawer and the offer editor filled from
 * it, refusing a past deadline; the rejected offer's label and reason; tips on an accepted task with the
 * wallet's balance and the way back from a top-up; the test checkout; the admin's partner tab.
 */
const SHOTS = 'test-results/chain-smoothed';

/** The demo people's own settings stay as they are (other specs share them): dark and en come from the browser. */
async function pageOf(browser: Browser, email: string, options: { width?: number; dark?: boolean; en?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: 900 },
    colorScheme: options.dark ? 'dark' : 'light',
    locale: options.en ? 'en-GB' : 'uk-UA',
  });
  const page = await context.newPage();
  await signInByApi(page, email);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const act = (page: Page, taskId: number, action: string, body: unknown = {}) => api(page.request, 'post', `/task/${taskId}/action/${action}`, body);

test('issue 33: estimates, offers, whose move and money moments, looked at', async ({ browser }) => {
  test.setTimeout(240_000);
  const [admin, am, pm, sm, performer] = await Promise.all([DEMO.admin, DEMO.am, DEMO.pm, DEMO.sm, DEMO.performer].map((email) => pageOf(browser, email)));
  const projects = await api<Array<{ id: number; name: string }>>(admin.request, 'get', '/projects');
  const projectId = projects.find((p) => p.name === 'Інтернет-магазин')!.id;
  const task = await api<{ id: number }>(admin.request, 'post', `/project/${projectId}/new-task`, { name: 'Сторінка оплати частинами' });
  const url = `/task/${task.id}?projectId=${projectId}`;

  await test.step("whose move: the am's hand-over note leaves it with the managers", async () => {
    await act(admin, task.id, 'publish', { negayno: false });
    await act(am, task.id, 'to-discussion');
    const card = await api<{ chats: { main: number } }>(am.request, 'get', `/task/${task.id}/get-card`);
    await api(am.request, 'post', `/chat/${card.chats.main}/new-message`, { message: 'Передаю задачу pm: він призначить виконавця' });
    await admin.goto(url);
    await expect(admin.getByTestId('chat-whose-move')).toHaveText('Хід менеджера');
  });

  await test.step("the estimate in the sm's drawer, the offer editor filled from it, a past deadline refused", async () => {
    const { performers } = await api<{ performers: Array<{ id: number; nickname: string | null }> }>(pm.request, 'get', `/task/${task.id}/actions`);
    const taras = performers.find((p) => p.nickname === 'taras.dev')!;
    await act(pm, task.id, 'to-estimation', { performerIds: [taras.id] });
    const estimate = { estimate: 'Сторінка з калькулятором платежів', executionTimeBase: 12, delayStart: 8, dateAutoSendForCheck: null };
    await act(performer, task.id, 'finish-evaluation', { ...estimate, executionTime: 12, jobItem: ['Верстка', 'Калькулятор'] });
    await act(pm, task.id, 'continue-evaluation');
    await act(performer, task.id, 'finish-evaluation', { ...estimate, executionTime: 16, jobItem: ['Верстка', 'Калькулятор', 'Інтеграція з банком'] });

    await sm.goto(url);
    const card = sm.getByTestId('estimate-card');
    await expect(card.getByTestId('estimate-hours').first()).toHaveText('16 год');
    await expect(card).toContainText('Тарас Олійник');
    await card.getByText('Попередні оцінки (1)').click();
    await card.scrollIntoViewIfNeeded();
    await shot(sm, '1-estimate-sm-1440');

    await sm.getByTestId('action-send-offer').click();
    const dialog = sm.getByTestId('action-dialog-send-offer');
    await expect(dialog.getByTestId('action-field-workList')).toHaveValue('Верстка\nКалькулятор\nІнтеграція з банком');
    await expect(dialog.getByTestId('action-field-deadline2')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
    await dialog.getByTestId('action-field-name').fill('Оплата частинами');
    await dialog.getByTestId('action-field-price2').fill('5000');
    await dialog.getByTestId('action-field-price3').fill('8000');
    await dialog.getByTestId('action-field-deadline3').fill('2020-01-01T10:00');
    await dialog.getByTestId('action-submit').click();
    await expect(dialog).toContainText('Термін має бути датою пізніше ніж зараз');
    await shot(sm, '2-offer-editor-past-deadline-1440');
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    await dialog.getByTestId('action-field-deadline3').fill(`${soon.getFullYear()}-${two(soon.getMonth() + 1)}-${two(soon.getDate())}T18:00`);
    await dialog.getByTestId('action-submit').click();
    await expect(dialog).toBeHidden();
  });

  await test.step('whose move while the offer waits, and after the client rejects it: the rejected offer says so', async () => {
    // Live, without a reload: the client's open drawer follows the estimate and the offer as they come.
    await expect(admin.getByTestId('offer-card')).toBeVisible();
    await expect(admin.getByTestId('chat-whose-move')).toHaveText('Хід клієнта');
    await admin.getByTestId('offer-reject').click();
    await admin.getByTestId('offer-reason').fill('Задорого для першої версії');
    await admin.getByTestId('offer-reason-send').click();
    await expect(admin.getByTestId('offer-rejected')).toHaveText('Відхилено');
    await expect(admin.getByTestId('offer-rejection')).toContainText('Олена Коваленко');
    await expect(admin.getByTestId('offer-rejection-reason')).toHaveText('Причина: Задорого для першої версії');
    await expect(admin.getByTestId('chat-whose-move')).toHaveText('Хід менеджера');
    await admin.getByTestId('offer-card').scrollIntoViewIfNeeded();
    await shot(admin, '3-offer-rejected-admin-1440');
    // The sm sees the same label in their drawer.
    await sm.reload();
    await expect(sm.getByTestId('offer-rejected')).toBeVisible();
  });

  await test.step('tips on an accepted task: the balance, a top-up and the way back to the dialog', async () => {
    const cards = await api<Array<{ id: number; status: string }>>(admin.request, 'get', `/project/${projectId}/tasks`);
    const rated = cards.find((card) => card.status === 'rating')!;
    await admin.goto(`/task/${rated.id}?projectId=${projectId}`);
    await admin.getByTestId('action-tips').click();
    const dialog = admin.getByTestId('tips-dialog');
    await expect(dialog.getByTestId('tips-balance')).toContainText(/У гаманці: [\d\s ]+ грн/);
    await shot(admin, '4-tips-dialog-1440');
    await dialog.getByTestId('tips-skip').click();
    await expect(dialog).toBeHidden();
    // "Not now" is no dead end: the button is still there.
    await admin.getByTestId('action-tips').click();
    await dialog.getByTestId('tips-top-up').click();
    const wallet = admin.getByTestId('wallet-drawer');
    await expect(wallet).toBeVisible();
    await shot(admin, '5-tips-top-up-wallet-1440');
    await admin.keyboard.press('Escape');
    await expect(wallet).toBeHidden();
    await expect(admin.getByTestId('tips-dialog')).toBeVisible();

    // The checkout of a top-up started there comes back to the task.
    const checkout = await api<{ checkoutUrl: string }>(admin.request, 'post', '/user/balance/payment', { amount: 500_000, returnTo: `/task/${rated.id}` });
    await admin.goto(checkout.checkoutUrl);
    await expect(admin.getByTestId('checkout-total')).toHaveText(/^5\s075 грн$/);
    await shot(admin, '6-checkout-uk-1440');
    await admin.getByTestId('checkout-cancel').click();
    await admin.waitForURL(new RegExp(`/task/${rated.id}`));
  });

  await test.step("the admin's partner tab: promo code, one invited, the bonus on his top-up", async () => {
    await admin.goto('/');
    await admin.getByTestId('header-wallet').click();
    const wallet = admin.getByTestId('wallet-drawer');
    await wallet.getByRole('tab', { name: 'Партнерська програма' }).click();
    await expect(wallet.getByTestId('promo-code')).toHaveText('ADMIN-DEMO');
    await expect(wallet.getByTestId('partner-invited')).toHaveText('1');
    await expect(wallet.getByTestId('partner-earned')).toHaveText(/^250 грн$/);
    await shot(admin, '7-partner-tab-1440');
  });

  await test.step('the phone, dark and en passes', async () => {
    const phone = await pageOf(browser, DEMO.sm, { width: 390 });
    await phone.goto(url);
    await expect(phone.getByTestId('offer-rejected')).toBeVisible();
    await phone.getByTestId('estimate-card').scrollIntoViewIfNeeded();
    await shot(phone, '8-estimate-sm-390');
    const dark = await pageOf(browser, DEMO.admin, { dark: true, width: 390 });
    const order = await api<{ checkoutUrl: string }>(dark.request, 'post', '/user/balance/payment', { amount: 500_000 });
    await dark.goto(order.checkoutUrl);
    await expect(dark.getByTestId('checkout-total')).toHaveText(/^5\s075 грн$/);
    await shot(dark, '9-checkout-dark-390');
    const en = await pageOf(browser, DEMO.admin, { en: true });
    await en.goto(order.checkoutUrl);
    await expect(en.getByTestId('checkout-total')).toHaveText('5,075 грн');
    await shot(en, '10-checkout-en-1440');
  });
});
