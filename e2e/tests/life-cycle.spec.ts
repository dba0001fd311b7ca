import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';
import { api } from '../support/api';

/**
 * One task from draft to archive across five browsers (client admin, am, pm, performer, sm): each takes
 * its steps from the buttons the server offers it, the offer gets a second version whose diff is shown,
 * the accepted offer moves money into escrow (the cost panel shows it) and accepting the work pays the
 * performer.
 */
async function pageOf(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page, email);
  return page;
}

/** The browser's date and time picker value (issue 33: YYYY-MM-DDTHH:MM), days ahead at noon. */
function formDate(daysAhead: number): string {
  const date = new Date(Date.now() + daysAhead * 24 * 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T12:00`;
}

/** A wallet's newest postings that name the task, as type, payment type and amount. */
async function taskPostings(page: Page, path: string, taskId: number): Promise<Array<{ type: string; paymentType: string; amount: number }>> {
  const page1 = await api<{ list: Array<{ type: string; paymentType: string; amount: number; task: { id: number } | null }> }>(page.request, 'get', path);
  return page1.list.filter((entry) => entry.task?.id === taskId).map(({ type, paymentType, amount }) => ({ type, paymentType, amount }));
}

async function takeAction(page: Page, action: string, fill?: (dialog: ReturnType<Page['getByTestId']>) => Promise<void>): Promise<void> {
  await page.getByTestId(`action-${action}`).click();
  const dialog = page.getByTestId(`action-dialog-${action}`);
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByTestId('action-submit').click();
  await expect(dialog).toBeHidden();
}

test('a task walks from draft to archive across the client admin, am, pm, performer and sm', async ({ browser }) => {
  // Five signed-in browsers at once: 1.5 min alone, over 3 min while the other worker runs on a busy
  // 2-core machine. A guard against a hang, not a time the walk must meet.
  test.setTimeout(300_000);
  const [admin, am, pm, performer, sm] = await Promise.all([DEMO.admin, DEMO.am, DEMO.pm, DEMO.performer, DEMO.sm].map((email) => pageOf(browser, email)));
  const projects = await api<Array<{ id: number; name: string }>>(admin.request, 'get', '/projects');
  const projectId = projects.find((p) => p.name === 'Інтернет-магазин')!.id;
  const task = await api<{ id: number }>(admin.request, 'post', `/project/${projectId}/new-task`, { name: 'Сторінка акцій' });
  const url = `/task/${task.id}?projectId=${projectId}`;
  const statusOf = async () => (await api<{ status: string }>(admin.request, 'get', `/task/${task.id}/get-card`)).status;

  await admin.goto(url);
  await takeAction(admin, 'publish');
  await expect.poll(statusOf).toBe('published');

  await am.goto(url);
  await takeAction(am, 'to-discussion');
  await expect.poll(statusOf).toBe('discussion');

  await pm.goto(url);
  await takeAction(pm, 'to-estimation', (dialog) => dialog.getByLabel(/Тарас Олійник/).check());
  await expect.poll(statusOf).toBe('estimation');

  await performer.goto(url);
  await takeAction(performer, 'finish-evaluation', async (dialog) => {
    await dialog.getByTestId('action-field-estimate').fill('Сторінка і банер');
    await dialog.getByTestId('action-field-executionTime').fill('16');
    await dialog.getByTestId('action-field-executionTimeBase').fill('12');
    await dialog.getByTestId('action-field-delayStart').fill('0');
    await dialog.getByTestId('action-field-jobItems').fill('Верстка\nБанер');
  });
  await expect.poll(statusOf).toBe('estimated');

  await sm.goto(url);
  await takeAction(sm, 'send-offer', async (dialog) => {
    await dialog.getByTestId('action-field-name').fill('Акції v1');
    await dialog.getByTestId('action-field-workList').fill('Верстка\nБанер');
    await dialog.getByTestId('action-field-price1').fill('3000');
    await dialog.getByTestId('action-field-deadline1').fill(formDate(10));
    await dialog.getByTestId('action-field-price3').fill('5000');
    await dialog.getByTestId('action-field-deadline3').fill(formDate(4));
  });
  await expect.poll(statusOf).toBe('offer');
  // A second version: the sm withdraws the offer and sends it again with another work list and price.
  await takeAction(sm, 'return-offer', (dialog) => dialog.getByTestId('action-field-message').fill('Додамо адмінку'));
  await takeAction(sm, 'send-offer', async (dialog) => {
    await dialog.getByTestId('action-field-name').fill('Акції v2');
    await dialog.getByTestId('action-field-workList').fill('Верстка\nАдмінка');
    await dialog.getByTestId('action-field-price1').fill('4000');
    await dialog.getByTestId('action-field-deadline1').fill(formDate(10));
  });

  // The admin's drawer follows live: the second version, its diff, the urgency choice.
  const offer = admin.getByTestId('offer-card');
  await expect(offer).toContainText('Акції v2');
  await offer.getByTestId('offer-versions').click();
  const diff = admin.getByTestId('offer-diff-1-2');
  await expect(diff).toContainText('Адмінка');
  await expect(diff).toContainText('Банер');
  await admin.keyboard.press('Escape');
  await offer.getByTestId('offer-accept').click();
  await expect(admin.getByTestId('contract-card')).toContainText('4');
  await expect(admin.getByTestId('cost-inEscrow')).toContainText('4');
  // Other specs move money on the same demo project and pay the same performer at the same time, so the
  // money is read from this task's own postings, not from balance differences.
  expect(await taskPostings(admin, `/project/${projectId}/balance/transactions`, task.id)).toEqual([
    { type: 'outcome', paymentType: 'taskpayment', amount: 400_000 },
  ]);

  await takeAction(pm, 'progress', (dialog) => dialog.getByTestId('action-field-progress').fill('80'));
  await expect(admin.getByTestId('contract-progress')).toContainText('80');
  await takeAction(pm, 'to-test');
  await takeAction(admin, 'accept-test');
  await takeAction(pm, 'to-prod');
  await takeAction(admin, 'accept-work');
  await expect.poll(statusOf).toBe('rating');
  await takeAction(admin, 'add-rating', async (dialog) => {
    await dialog.getByTestId('action-field-rating').getByRole('radio').nth(4).check();
    await dialog.getByTestId('action-field-review').fill('Чудово');
  });
  // The rating is followed by the tips offer: below the minimum is refused with its text, then 100 грн goes.
  const tips = admin.getByTestId('tips-dialog');
  await expect(tips).toContainText('Тарас Олійник');
  await tips.getByTestId('tips-amount').fill('5');
  await tips.getByTestId('tips-submit').click();
  await expect(tips).toContainText(/замала|too small/i);
  await tips.getByTestId('tips-amount').fill('100');
  await tips.getByTestId('tips-submit').click();
  await expect(tips).toBeHidden();
  await expect(admin.getByTestId('cost-tips')).toContainText('100');
  await takeAction(admin, 'finish-rating');
  await expect.poll(statusOf).toBe('archived');

  // 70 % of the price to the only performer, and the tip on top.
  const performerPostings = await taskPostings(performer, '/user/balance/transactions', task.id);
  expect(performerPostings.sort((a, b) => b.amount - a.amount)).toEqual([
    { type: 'income', paymentType: 'workpayment', amount: 280_000 },
    { type: 'income', paymentType: 'tips', amount: 10_000 },
  ]);
});
