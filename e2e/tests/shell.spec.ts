import { expect, test } from '@playwright/test';
import { SESSION_HINT_COOKIE } from '@negayno/shared/contract';
import { DEMO } from '../support/env';
import { signIn, signInByApi } from '../support/session';

test.describe('the suite shell', () => {
  test('a first visit signed out asks nothing about a session and sends nothing to the server log', async ({ page, context, baseURL }) => {
    const logged: string[] = [];
    const profileAnswers: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/log/new') logged.push(request.postData() ?? '');
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/user/profile') profileAnswers.push(response.status());
    });
    await page.goto('/login');
    await expect(page.getByTestId('login-email')).toBeEditable();
    // The language menu and the board's prefetch come once the form is up; none of them logs either.
    await page.waitForLoadState('networkidle');
    // No session hint, no session: the form is up without a round trip for the answer.
    expect({ profileAnswers, logged }).toEqual({ profileAnswers: [], logged: [] });

    // A hint the session outlived (the session cookie gone) is taken away with the next page.
    await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: baseURL! }]);
    await page.reload();
    await expect(page.getByTestId('login-email')).toBeEditable();
    await page.waitForLoadState('networkidle');
    expect(profileAnswers).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_HINT_COOKIE);
    expect(logged).toEqual([]);
  });

  test("on the login page, a press on the language button before the menu's code has come opens the menu once it comes", async ({ page }) => {
    // The menu comes with the shared Fluent kit, fetched once the form is up: hold back the file that
    // holds Fluent's MenuList until the button has been pressed.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let heldBack = false;
    await page.route(/\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('fui-MenuList')) {
        heldBack = true;
        await released;
      }
      await route.fulfill({ response, body });
    });
    await page.goto('/login');
    await expect(page.getByTestId('login-email')).toBeEditable();
    await expect.poll(() => heldBack, { timeout: 20_000 }).toBe(true);
    await page.getByTestId('language-menu').click();
    await expect(page.getByTestId('language-en')).toBeHidden();
    release();
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('language-menu')).toHaveText('EN');
    // Files the page still fetches (the board's prefetch) may be inside the handler as the page closes.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a client administrator signs in, sees the projects and the board, opens a task, switches language and theme, signs out', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/project\/\d+$/);

    const nav = page.getByTestId('project-nav');
    await expect(nav.getByRole('link')).toHaveCount(2);
    await expect(page.getByTestId('project-name')).toBeVisible();
    await expect(page.getByTestId('column-label')).toHaveText(['Нові задачі', 'Обговорення', 'В роботі', 'Перевірка']);
    const cards = page.getByTestId('task-card');
    await expect(cards.first()).toBeVisible();

    const firstCard = page.getByTestId('column-1').getByTestId('task-card').first();
    const cardName = (await firstCard.locator('span.fui-Text').nth(1).textContent())?.trim() ?? '';
    await firstCard.click();
    await expect(page).toHaveURL(/\/task\/\d+\?projectId=\d+/);
    const drawer = page.getByTestId('task-drawer');
    await expect(drawer.getByTestId('task-number')).toHaveText(/^#\d+$/);
    await expect(drawer.getByTestId('task-project')).toHaveText(/^@/);
    // The project administrator may edit a column-1 task: its name is an input.
    await expect(drawer.getByTestId('task-name-input')).toHaveValue(cardName);
    await expect(drawer.getByTestId('task-description')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/project\/\d+$/);

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('column-label')).toHaveText(['New tasks', 'Discussion', 'In progress', 'Review']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-email')).toBeVisible();
    // Dark applies only when signed in.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // The session is really gone on the server.
    expect((await page.request.get('/api/user/profile')).status()).toBe(401);
  });

  test('every role set sees its own column labels', async ({ browser }) => {
    const expected: Record<string, string[]> = {
      [DEMO.pm]: ['Оцінка', 'В роботі', 'Тестування', 'Перевірка'],
      [DEMO.sm]: ['Розрахунок', 'Продаж', 'В роботі', 'Перевірка'],
      [DEMO.am]: ['Нові задачі', 'Обговорення', 'В роботі', 'Перевірка'],
    };
    for (const [email, labels] of Object.entries(expected)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInByApi(page, email);
      await page.goto('/');
      await expect(page.getByTestId('column-label')).toHaveText(labels);
      await context.close();
    }
  });

  test('a signed-out visitor of a private page signs in and comes back to it', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    const projects = await (await page.request.get('/api/projects')).json();
    const second = projects.data[1].id as number;
    await page.request.get('/api/logout');
    await page.goto(`/project/${second}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fproject%2F${second}$`));
    await page.getByTestId('login-email').fill(DEMO.admin);
    await page.getByTestId('login-continue').click();
    await page.getByTestId('login-password').fill('negayno-demo');
    await page.getByTestId('login-password').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/project/${second}$`));
  });

  test('wrong credentials answer authorization_failed on the password field', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-email').fill(DEMO.user);
    await page.getByTestId('login-email').press('Enter');
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Помилка автентифікації: неправильний логін або пароль')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown address shows the not-found page with a way home', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByTestId('app-header')).toBeVisible();
    await page.getByRole('link', { name: 'На головну' }).click();
    await expect(page).toHaveURL(/\/project\/\d+$/);
  });

  test('a task that does not exist sends the user home', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.goto('/task/999999');
    await expect(page).toHaveURL(/\/project\/\d+$/);
    // Nor does an address whose task id is not a number: no drawer left loading for ever.
    await page.goto('/task/abc');
    await expect(page).toHaveURL(/\/project\/\d+$/);
    await expect(page.getByTestId('task-drawer')).toHaveCount(0);
  });

  test('logout in one tab signs out the other tab too', async ({ context }) => {
    const first = await context.newPage();
    await signIn(first, DEMO.user);
    const second = await context.newPage();
    await second.goto('/');
    await expect(second.getByTestId('user-menu')).toBeVisible();
    await first.getByTestId('user-menu').click();
    await first.getByTestId('menu-logout').click();
    await expect(second).toHaveURL(/\/login/);
    await expect(second.getByTestId('user-menu')).toBeHidden();
  });

  test('the wallet drawer (a parcel of mf-wallet) opens from the header with the balances', async ({ page }) => {
    await signInByApi(page, DEMO.admin);
    await page.goto('/');
    await page.getByTestId('header-wallet').click();
    const drawer = page.getByTestId('wallet-drawer');
    await expect(drawer.getByTestId('wallet-balance')).toHaveText(/грн$/);
    await drawer.getByRole('tab', { name: 'Бонуси' }).click();
    await expect(drawer.getByTestId('wallet-balance')).toHaveText(/грн$/);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});
