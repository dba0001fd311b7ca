import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';
import { api } from '../support/api';

/**
 * What only client roles use and what only staff use come in chunks of their own (issue 17): in
 * mf-board creating a project and the staff board (features/role-chunks.tsx), in mf-task-chat the
 * action forms of each side and the tips (task-actions/role-forms.ts). (Top-ups are not client-only:
 * decisions 5 lets every role that is not paid top up, so the wallet has no role chunk.) A pm's
 * pages never fetch a client-role chunk, a client's never a staff one. Each side must fetch its own
 * from every remote that has one, or the spec would prove nothing.
 */
const CLIENT_ROLE = /\/client-role\.[0-9a-f]+\.js$/;
const STAFF = /\/staff\.[0-9a-f]+\.js$/;
/** The operators' console (issue 31): only an operator's browser fetches it, from mf-board. */
const OPS = /\/ops\.[0-9a-f]+\.js$/;
const fromRemote = (urls: string[], remote: string, chunk: RegExp) => urls.filter((url) => url.includes(`/${remote}/`) && chunk.test(url));

/** A new draft task of the demo shop, made by its client admin: its page's address. */
async function newDraftTask(request: APIRequestContext): Promise<{ id: number; url: string }> {
  const projects = await api<Array<{ id: number; name: string }>>(request, 'get', '/projects');
  const projectId = projects.find((project) => project.name === 'Інтернет-магазин')!.id;
  const task = await api<{ id: number }>(request, 'post', `/project/${projectId}/new-task`, { name: `Ролі ${Date.now()}` });
  return { id: task.id, url: `/task/${task.id}?projectId=${projectId}` };
}

function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

async function openFirstTask(page: Page): Promise<void> {
  await page.getByTestId('task-card').first().click();
  await expect(page.getByTestId('task-description')).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a project manager never fetches the client-role chunk', async ({ page, browser }) => {
  // A task in discussion, where the pm's step is assigning performers: a form of the staff chunk.
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await signInByApi(clientPage, DEMO.admin);
  const task = await newDraftTask(clientPage.request);
  await api(clientPage.request, 'post', `/task/${task.id}/action/publish`, {});
  await client.close();
  const am = await browser.newContext();
  const amPage = await am.newPage();
  await signInByApi(amPage, DEMO.am);
  await api(amPage.request, 'post', `/task/${task.id}/action/to-discussion`, {});
  await am.close();

  const scripts = recordScripts(page);
  await signInByApi(page, DEMO.pm);
  await page.goto('/');
  await expect(page.getByTestId('kanban-board')).toBeVisible();
  await openFirstTask(page);
  await page.getByTestId('header-wallet').click();
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.goto(task.url);
  await page.getByTestId('action-to-estimation').click();
  await expect(page.getByTestId('action-dialog-to-estimation').getByRole('checkbox').first()).toBeVisible();
  await page.keyboard.press('Escape');
  // The console's address gives a pm the not-found page, not the console's code.
  await page.goto('/ops');
  await expect(page.getByTestId('not-found-page')).toBeVisible();

  expect(fromRemote(scripts, 'mf-board', STAFF), 'the staff board came in the staff chunk').not.toHaveLength(0);
  expect(fromRemote(scripts, 'mf-task-chat', STAFF), 'assigning performers came in the staff chunk').not.toHaveLength(0);
  expect(scripts.filter((url) => CLIENT_ROLE.test(url))).toEqual([]);
  expect(
    scripts.filter((url) => OPS.test(url)),
    "a pm's browser never fetches the operators' console",
  ).toEqual([]);
});

test('a client never fetches the staff chunk', async ({ page }) => {
  const scripts = recordScripts(page);
  await signInByApi(page, DEMO.admin);
  const task = await newDraftTask(page.request);
  await page.goto('/');
  await expect(page.getByTestId('task-card').first()).toBeVisible();
  await openFirstTask(page);
  await page.getByTestId('create-project').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('header-wallet').click();
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  // A draft: the client's step is publishing, a form of the client-role chunk.
  await page.goto(task.url);
  await page.getByTestId('action-publish').click();
  await expect(page.getByTestId('action-dialog-publish').getByRole('checkbox')).toBeVisible();
  await page.keyboard.press('Escape');

  expect(fromRemote(scripts, 'mf-board', CLIENT_ROLE), 'creating a project came in the client-role chunk').not.toHaveLength(0);
  expect(fromRemote(scripts, 'mf-task-chat', CLIENT_ROLE), 'publishing came in the client-role chunk').not.toHaveLength(0);
  expect(scripts.filter((url) => STAFF.test(url))).toEqual([]);
});

test("an operator's browser fetches the console's chunk from mf-board", async ({ page }) => {
  const scripts = recordScripts(page);
  await signInByApi(page, DEMO.ops);
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(
    scripts.filter((url) => OPS.test(url)),
    'not before the console is opened',
  ).toEqual([]);
  await page.goto('/ops/staff');
  await expect(page.getByTestId('ops-staff')).toBeVisible();
  expect(fromRemote(scripts, 'mf-board', OPS)).toHaveLength(1);
});
