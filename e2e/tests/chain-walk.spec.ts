import { expect, test, type Browser, type Page } from '@playwright/test';
import { api } from '../support/api';
import { DEMO } from '../support/env';
import { registerByApi, uniqueEmail } from '../support/register';
import { signInByApi } from '../support/session';

/**
 * The chain walked as a NEW client (registered with DEMO-CLIENT) with the demo am, pm, sm and
 * performer (issue 33 "Done when"): a screenshot at each step (uk, 1440 px) under
 * test-results/chain-walk. The steps nobody looks at go through the API; the ones people trip over
 * (the checkout, the estimate, the offer, tips) through the screens.
 */
const SHOTS = 'test-results/chain-walk';
const PASSWORD = 'chain-walk-password';

async function pageOf(browser: Browser, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'uk-UA' });
  const page = await context.newPage();
  await signInByApi(page, email, password);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const act = (page: Page, taskId: number, action: string, body: unknown = {}) => api(page.request, 'post', `/task/${taskId}/action/${action}`, body);

test('the chain as a new client with the demo staff: top-up, task, estimate, offer, escrow, test, prod, rating, tips', async ({ browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('chain-walk');
  const setup = await browser.newContext();
  await registerByApi(setup.request, email, PASSWORD);
  await setup.close();
  const [client, am, pm, sm, performer, ops] = await Promise.all([
    pageOf(browser, email, PASSWORD),
    ...[DEMO.am, DEMO.pm, DEMO.sm, DEMO.performer, DEMO.ops].map((who) => pageOf(browser, who)),
  ]);

  // The project, with the demo team on it (auto staffing may have picked other staff a spec created).
  const project = await api<{ id: number }>(client.request, 'post', '/project/new', { name: 'Кавʼярня «Зерно»' });
  for (const [role, page] of [
    ['am', am],
    ['pm', pm],
    ['sm', sm],
  ] as const) {
    const me = await api<{ id: number }>(page.request, 'get', '/user/profile');
    await api(ops.request, 'put', `/project/${project.id}/team`, { role, userId: me.id });
  }
  await client.goto(`/project/${project.id}`);
  await expect(client.getByTestId('project-wallet')).toBeVisible();
  await shot(client, '01-client-new-project');

  // The project's balance, topped up through the test checkout.
  const checkout = await api<{ checkoutUrl: string }>(client.request, 'post', `/project/${project.id}/balance/payment`, { amount: 1_000_000 });
  await client.goto(checkout.checkoutUrl);
  await expect(client.getByTestId('checkout-total')).toHaveText(/^10\s150 грн$/);
  await shot(client, '02-client-checkout');
  await client.getByRole('button', { name: /Сплатити/ }).click();
  await expect(client.getByTestId('wallet-drawer')).toBeVisible();
  await shot(client, '03-client-topped-up');

  const task = await api<{ id: number }>(client.request, 'post', `/project/${project.id}/new-task`, { name: 'Сайт-візитка з меню' });
  const url = `/task/${task.id}?projectId=${project.id}`;
  await client.goto(url);
  await client.getByTestId('action-publish').click();
  await client.getByTestId('action-dialog-publish').getByTestId('action-submit').click();
  await expect(client.getByTestId('action-dialog-publish')).toBeHidden();
  await shot(client, '04-client-published');

  await act(am, task.id, 'to-discussion');
  await am.goto(url);
  await expect(am.getByTestId('chat-whose-move')).toHaveText('Хід менеджера');
  await shot(am, '05-am-discussion');

  const { performers } = await api<{ performers: Array<{ id: number; nickname: string | null }> }>(pm.request, 'get', `/task/${task.id}/actions`);
  await act(pm, task.id, 'to-estimation', { performerIds: [performers.find((p) => p.nickname === 'taras.dev')!.id] });
  await performer.goto(url);
  await performer.getByTestId('action-finish-evaluation').click();
  const estimate = performer.getByTestId('action-dialog-finish-evaluation');
  await estimate.getByTestId('action-field-estimate').fill('Три сторінки: головна, меню, контакти');
  await estimate.getByTestId('action-field-executionTime').fill('24');
  await estimate.getByTestId('action-field-executionTimeBase').fill('20');
  await estimate.getByTestId('action-field-delayStart').fill('8');
  await estimate.getByTestId('action-field-jobItems').fill('Дизайн\nВерстка\nМеню з цінами');
  await shot(performer, '06-performer-estimate');
  await estimate.getByTestId('action-submit').click();
  await expect(estimate).toBeHidden();

  await sm.goto(url);
  await expect(sm.getByTestId('estimate-card')).toContainText('Меню з цінами');
  await sm.getByTestId('action-send-offer').click();
  const offer = sm.getByTestId('action-dialog-send-offer');
  await expect(offer.getByTestId('action-field-workList')).toHaveValue('Дизайн\nВерстка\nМеню з цінами');
  await offer.getByTestId('action-field-name').fill('Сайт-візитка');
  await offer.getByTestId('action-field-price2').fill('5000');
  await shot(sm, '07-sm-offer-from-estimate');
  await offer.getByTestId('action-submit').click();
  await expect(offer).toBeHidden();

  await client.goto(url);
  await expect(client.getByTestId('chat-whose-move')).toHaveText('Хід клієнта');
  await shot(client, '08-client-offer');
  await client.getByTestId('offer-accept').click();
  await expect(client.getByTestId('contract-card')).toBeVisible();
  await shot(client, '09-client-in-work');

  await act(pm, task.id, 'to-test');
  await act(client, task.id, 'accept-test');
  await act(pm, task.id, 'to-prod');
  await act(client, task.id, 'accept-work');
  await act(client, task.id, 'add-rating', { rating: 5, review: 'Дякуємо!' });
  await client.reload();
  await client.getByTestId('action-tips').click();
  await expect(client.getByTestId('tips-balance')).toContainText('У гаманці: 0 грн');
  await shot(client, '10-client-tips');
});
