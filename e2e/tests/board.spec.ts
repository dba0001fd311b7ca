import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { registerByApi, uniqueEmail } from '../support/register';
import { signInByApi } from '../support/session';
import { api } from '../support/api';

const PASSWORD = 'board-e2e-password';

/** A fresh client signed in on this page: the board specs change projects, so they never touch the demo's. */
async function freshClient(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name);
  await registerByApi(page.request, email, PASSWORD);
  await signInByApi(page, email, PASSWORD);
  return email;
}

test.describe('projects and the board', () => {
  test('a client administrator creates a project, renames it, invites, creates tasks, filters and opens the archive', async ({ page }) => {
    await freshClient(page, 'board-admin');
    await page.goto('/');
    await expect(page.getByTestId('no-projects')).toBeVisible();
    await page.getByTestId('no-projects').getByTestId('create-project').click();
    await page.getByTestId('create-project-name').fill('Сайт пекарні');
    await page.getByTestId('create-project-submit').click();
    await expect(page).toHaveURL(/\/project\/\d+$/);
    const projectId = Number(/\/project\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByTestId('project-name-input')).toHaveValue('Сайт пекарні');
    await expect(page.getByTestId('project-nav').getByRole('link', { name: /Сайт пекарні/ })).toBeVisible();

    // Rename: Enter saves; the list follows.
    await page.getByTestId('project-name-input').fill('Пекарня «Колосок»');
    await page.getByTestId('project-name-input').press('Enter');
    await expect(page.getByTestId('project-nav').getByRole('link', { name: /Колосок/ })).toBeVisible();
    expect((await api<{ name: string }>(page.request, 'get', `/project/${projectId}`)).name).toBe('Пекарня «Колосок»');

    // Invite an existing client: listed as an invited guest; inviting again is refused inline.
    await page.getByTestId('members-button').click();
    const drawer = page.getByTestId('users-drawer');
    await drawer.getByTestId('invite-email').fill(DEMO.user);
    await drawer.getByTestId('invite-submit').click();
    const invited = drawer.locator(`[data-testid="member-row"][data-email="${DEMO.user}"]`);
    await expect(invited.getByTestId('role-label')).toHaveText('Запрошений гість');
    await drawer.getByTestId('invite-email').fill(DEMO.user);
    await drawer.getByTestId('invite-submit').click();
    await expect(drawer.getByText('Запрошення на цей email уже надіслано')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Two tasks in column 1; each opens after it is created.
    for (const name of ['Логотип', 'Меню на сайті']) {
      await page.getByTestId('new-task').click();
      await page.getByTestId('new-task-name').fill(name);
      await page.getByTestId('new-task-name').press('Enter');
      await expect(page).toHaveURL(new RegExp(`/task/\\d+\\?projectId=${projectId}$`));
      await expect(page.getByTestId('task-drawer')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(new RegExp(`/project/${projectId}$`));
    }
    const column = page.getByTestId('column-1');
    await expect(column.getByTestId('task-card')).toHaveCount(2);
    await expect(column.getByTestId('column-count')).toHaveText('2');

    // Filter by name: the URL carries it, the badge shows, Reset brings every card back.
    await page.getByTestId('filter-button').click();
    await expect(page.getByTestId('filter-apply')).toBeDisabled();
    await page.getByTestId('filter-task-name').fill('  логотип ');
    await page.getByTestId('filter-apply').click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}\\?taskName=%D0%BB`));
    await expect(column.getByTestId('task-card')).toHaveCount(1);
    await expect(column.getByTestId('task-card')).toContainText('Логотип');
    await expect(page.getByTestId('filter-badge')).toBeVisible();
    await page.getByTestId('filter-button').click();
    await page.getByTestId('filter-reset').click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}$`));
    await page.keyboard.press('Escape');
    await expect(column.getByTestId('task-card')).toHaveCount(2);

    // The archive of a new project is empty.
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('menu-archive').click();
    await expect(page.getByTestId('archive-empty')).toBeVisible();
  });

  test('the demo archive lists finished tasks that open the task', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    await expect(page).toHaveURL(/\/project\/\d+$/);
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('menu-archive').click();
    const row = page.getByTestId('archive-row').first();
    await expect(row).toBeVisible();
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/\/task\/\d+\?projectId=\d+$/);
    await expect(page.getByTestId('task-drawer')).toBeVisible();
  });

  test('a member sees a new task appear without reloading, and an invitation is accepted from the list', async ({ browser }) => {
    const ownerContext = await browser.newContext();
    const memberContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    const member = await memberContext.newPage();
    await freshClient(owner, 'board-owner');
    const memberEmail = await freshClient(member, 'board-member');
    const project = await api<{ id: number }>(owner.request, 'post', '/project/new', { name: 'Живий проєкт' });
    await api(owner.request, 'post', `/project/${project.id}/invite-user`, { email: memberEmail });

    await member.goto('/');
    const invitation = member.getByTestId('invitation');
    await expect(invitation).toContainText('Живий проєкт');
    await invitation.getByTestId('invitation-accept').click();
    await expect(member).toHaveURL(new RegExp(`/project/${project.id}$`));
    await expect(member.getByTestId('project-name')).toHaveText('Живий проєкт');
    // An invitee joins as a guest: no create button.
    await expect(member.getByTestId('kanban-board')).toHaveAttribute('aria-busy', 'false');
    await expect(member.getByTestId('new-task')).toHaveCount(0);

    await api(owner.request, 'post', `/project/${project.id}/new-task`, { name: 'Зʼявилась сама' });
    await expect(member.getByTestId('column-1').getByTestId('task-card')).toContainText('Зʼявилась сама');
    expect(await member.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // The owner renames the project: the member's page follows live.
    await api(owner.request, 'put', `/project/${project.id}/update-name`, { name: 'Живий проєкт 2' });
    await expect(member.getByTestId('project-name')).toHaveText('Живий проєкт 2');
    await ownerContext.close();
    await memberContext.close();
  });

  test('a guest sees no create button and no documents', async ({ page }) => {
    await signInByApi(page, DEMO.guest);
    await page.goto('/');
    await expect(page).toHaveURL(/\/project\/\d+$/);
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    await expect(page.getByTestId('new-task')).toHaveCount(0);
    await expect(page.getByTestId('project-wallet')).toHaveCount(0);
    await expect(page.getByTestId('project-name-input')).toHaveCount(0);
    const projectId = Number(/\/project\/(\d+)/.exec(page.url())![1]);
    const cards = await api<Array<{ id: number }>>(page.request, 'get', `/project/${projectId}/tasks`);
    for (const card of cards.slice(0, 5)) {
      const response = await page.request.get(`/api/task/${card.id}/documents`);
      // Documents are hidden from guests: refused like a missing resource, or an empty list.
      if (response.ok()) expect(((await response.json()) as { data: unknown[] }).data).toEqual([]);
      else expect([403, 404]).toContain(response.status());
    }
  });

  test('a project manager sees one board across their projects with the estimation labels and filters it by project', async ({ page }) => {
    await signInByApi(page, DEMO.pm);
    await page.goto('/');
    await expect(page.getByTestId('column-label')).toHaveText(['Оцінка', 'В роботі', 'Тестування', 'Перевірка']);
    const cards = page.getByTestId('task-card');
    await expect(cards.first()).toBeVisible();
    const projectNames = new Set(await page.getByTestId('card-project').allInnerTexts());
    expect(projectNames.size).toBeGreaterThan(1);
    await page.getByTestId('filter-button').click();
    await page.getByTestId('filter-project').click();
    const option = page.getByRole('option').nth(1);
    const chosen = (await option.innerText()).trim();
    await option.click();
    await page.getByTestId('filter-apply').click();
    await expect(page).toHaveURL(/\?projectId=\d+$/);
    await expect(async () => {
      const names = new Set((await page.getByTestId('card-project').allInnerTexts()).map((text) => text.trim()));
      expect([...names]).toEqual([chosen]);
    }).toPass();
    await expect(page.getByTestId('filter-badge')).toHaveText('1');
  });

  test('on a phone the board scrolls inside its own container and the page does not overflow', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    const widths = await page.evaluate(() => {
      const board = document.querySelector<HTMLElement>('[data-testid="kanban-board"]')!;
      const column = document.querySelector<HTMLElement>('[data-testid="column-1"]')!;
      return {
        page: document.documentElement.scrollWidth,
        board: board.scrollWidth,
        boardVisible: board.clientWidth,
        column: column.getBoundingClientRect().width,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.board).toBeGreaterThan(widths.boardVisible);
    expect(widths.column).toBeGreaterThanOrEqual(260);
    await context.close();
  });

  test('a side panel whose code cannot be fetched says so where it would open, the board stays, and a retry opens it', async ({ page }) => {
    // The board's panels are a chunk of their own (mf-board features/panels.tsx), fetched after the cards.
    const panels = /\/remotes\/mf-board\/panels\.[0-9a-f]+\.js$/;
    await page.route(panels, (route) => route.abort('internetdisconnected'));
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    await page.getByTestId('filter-button').click();
    await expect(page.getByTestId('panel-failed')).toBeVisible();
    await expect(page.getByTestId('kanban-board')).toBeVisible();
    await page.unroute(panels);
    await page.getByTestId('panel-retry').click();
    await expect(page.getByTestId('filter-panel')).toBeVisible();
    await expect(page.getByTestId('panel-failed')).toBeHidden();
  });
});
