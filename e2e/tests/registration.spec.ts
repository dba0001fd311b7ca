import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { mailedCode } from '../support/mail';
import { registerByApi, uniqueEmail } from '../support/register';

// Codes issued by negayno-admin before the server starts (support/codes.mjs).
const FRESH_CLIENT_CODE = 'E2E-CLIENT-FRESH';
const USED_CLIENT_CODE = 'E2E-CLIENT-USED';
const FRESH_PERFORMER_CODE = 'E2E-PERFORMER-FRESH';

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('field-code-0').click();
  await page.keyboard.type(code);
}

test.describe('registration, recovery and their mistakes', () => {
  test('a client registers with a fresh invitation code, confirms the mailed code and lands signed in on an empty home', async ({ page }) => {
    const email = uniqueEmail('client');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Зареєструватися' }).click();
    await expect(page).toHaveURL(/\/register$/);

    await expect(page.getByTestId('flow-step')).toHaveText('1/6');
    await page.getByTestId('field-invitationCode').fill(FRESH_CLIENT_CODE.toLowerCase());
    await page.getByTestId('field-invitationCode').press('Enter');

    await expect(page.getByTestId('flow-step')).toHaveText('2/6');
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('flow-submit').click();

    await expect(page.getByTestId('flow-step')).toHaveText('3/6');
    await expect(page.getByTestId('flow-resend')).toBeDisabled();
    const code = await mailedCode(email);
    // Pasting the whole code into the first box fills all six.
    await page.getByTestId('field-code-0').focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    for (let i = 0; i < 6; i += 1) await expect(page.getByTestId(`field-code-${i}`)).toHaveValue(code[i]!);
    await page.getByTestId('field-code-5').press('Enter');

    await expect(page.getByTestId('flow-step')).toHaveText('4/6');
    await expect(page.getByTestId('field-country')).toContainText('Україна');
    await page.getByTestId('flow-submit').click();

    await expect(page.getByTestId('flow-step')).toHaveText('5/6');
    await page.getByTestId('field-firstname').fill('Ірина');
    await page.getByTestId('field-lastname').fill('Петренко');
    await page.getByTestId('field-lastname').press('Enter');

    await expect(page.getByTestId('flow-step')).toHaveText('6/6');
    await page.getByTestId('field-password').fill('new-client-password');
    await page.getByTestId('field-passwordRepeat').fill('new-client-passwort');
    await page.getByTestId('flow-submit').click();
    await expect(page.getByText('Паролі не збігаються')).toBeVisible();
    await page.getByTestId('field-passwordRepeat').fill('new-client-password');
    await page.getByTestId('flow-submit').click();

    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('no-projects')).toBeVisible();
    const profile = await (await page.request.get('/api/user/profile')).json();
    expect(profile.data).toMatchObject({ email, firstname: 'Ірина', lastname: 'Петренко', role: 'user' });
  });

  test('a performer registers in English and picks a nickname from the suggestions', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    const email = uniqueEmail('performer');
    await page.goto('/wregister');
    await expect(page.getByTestId('flow-title')).toHaveText('Invitation code');
    await page.getByTestId('field-invitationCode').fill(FRESH_PERFORMER_CODE);
    await page.getByTestId('flow-submit').click();
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('flow-submit').click();
    await typeCode(page, await mailedCode(email));
    await page.getByTestId('flow-submit').click();

    await expect(page.getByTestId('flow-step')).toHaveText('4/6');
    await page.getByTestId('field-firstname').fill('Тарас');
    await page.getByTestId('field-lastname').fill('Шевченко');
    await page.getByTestId('flow-submit').click();

    await expect(page.getByTestId('flow-step')).toHaveText('5/6');
    await page.getByTestId('flow-submit').click();
    await expect(page.getByText('Choose a nickname')).toBeVisible();
    const options = page.getByTestId('field-nickname').getByRole('radio');
    expect(await options.count()).toBeGreaterThanOrEqual(3);
    const chosen = page.getByTestId('field-nickname').locator('label').nth(1);
    const nickname = ((await chosen.textContent()) ?? '').replace(/^@/, '');
    expect(nickname).toMatch(/shevchenko/);
    await chosen.click();
    await page.getByTestId('flow-submit').click();

    await expect(page.getByTestId('flow-step')).toHaveText('6/6');
    await page.getByTestId('field-password').fill('performer-password');
    await page.getByTestId('field-passwordRepeat').fill('performer-password');
    await page.getByTestId('flow-submit').click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const profile = await (await page.request.get('/api/user/profile')).json();
    expect(profile.data).toMatchObject({ email, role: 'performer', nickname });
  });

  test('a performer whose nickname is taken before the password goes back to fresh suggestions and finishes', async ({ page, playwright, baseURL }) => {
    const email = uniqueEmail('slow-performer');
    await page.goto('/wregister');
    await page.getByTestId('field-invitationCode').fill('DEMO-PERFORMER');
    await page.getByTestId('flow-submit').click();
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('flow-submit').click();
    await typeCode(page, await mailedCode(email));
    await page.getByTestId('flow-submit').click();
    await page.getByTestId('field-firstname').fill('Марко');
    await page.getByTestId('field-lastname').fill('Вовчок');
    await page.getByTestId('flow-submit').click();
    const first = page.getByTestId('field-nickname').locator('label').first();
    const contested = ((await first.textContent()) ?? '').replace(/^@/, '');
    await first.click();
    await page.getByTestId('flow-submit').click();
    await expect(page.getByTestId('flow-step')).toHaveText('6/6');

    // Meanwhile someone with the same name registers in another browser and takes that nickname.
    const other = await playwright.request.newContext({ baseURL });
    const otherEmail = uniqueEmail('quick-performer');
    const step = async (name: string, data: Record<string, string>) => {
      const response = await other.post(`/api/performer-registration/${name}`, { data });
      expect(response.ok(), `${name}: ${await response.text()}`).toBe(true);
      return (await response.json()).data as { nicknames?: string[] };
    };
    await step('check-invitation-code', { code: 'DEMO-PERFORMER' });
    await step('email', { email: otherEmail });
    await step('check-email', { code: await mailedCode(otherEmail) });
    await step('country', { country: 'UA' });
    expect((await step('fullname', { firstname: 'Марко', lastname: 'Вовчок' })).nicknames).toContain(contested);
    await step('nickname', { nickname: contested });
    await step('password', { password: 'quick-performer-password' });
    await other.dispose();

    await page.getByTestId('field-password').fill('slow-performer-password');
    await page.getByTestId('field-passwordRepeat').fill('slow-performer-password');
    await page.getByTestId('flow-submit').click();
    await expect(page.getByText('Цей нікнейм щойно зайняли. Оберіть інший зі списку')).toBeVisible();
    await expect(page.getByTestId('flow-step')).toHaveText('5/6');
    const offered = await page.getByTestId('field-nickname').locator('label').allTextContents();
    expect(offered.length).toBeGreaterThanOrEqual(3);
    expect(offered).not.toContain(`@${contested}`);
    const chosen = offered[0]!.replace(/^@/, '');
    await page.getByTestId('field-nickname').locator('label').first().click();
    await page.getByTestId('flow-submit').click();
    await expect(page.getByTestId('flow-step')).toHaveText('6/6');
    await expect(page.getByTestId('field-password')).toHaveValue('slow-performer-password');
    await page.getByTestId('flow-submit').click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const profile = await (await page.request.get('/api/user/profile')).json();
    expect(profile.data).toMatchObject({ email, role: 'performer', nickname: chosen });
  });

  test('a user recovers the password and signs in with the new one', async ({ page }) => {
    const email = uniqueEmail('forgetful');
    await registerByApi(page.request, email, 'the-old-password');

    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-email').press('Enter');
    await page.getByRole('link', { name: 'Нагадати пароль' }).click();
    // The typed email comes along (?email=), so the recovery form starts filled in.
    await expect(page).toHaveURL(/\/restore-password(\?email=.*)?$/);
    await expect(page.getByTestId('flow-step')).toHaveCount(0);
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('flow-submit').click();
    // Registration sent the first mail; recovery sends the second.
    await typeCode(page, await mailedCode(email, 2));
    await page.getByTestId('flow-submit').click();
    await page.getByTestId('field-password').fill('the-new-password');
    await page.getByTestId('field-passwordRepeat').fill('the-new-password');
    await page.getByTestId('flow-submit').click();
    await expect(page.getByTestId('user-menu')).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await expect(page.getByTestId('login-email')).toBeVisible();
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-email').press('Enter');
    await page.getByTestId('login-password').fill('the-old-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Помилка автентифікації: неправильний логін або пароль')).toBeVisible();
    await page.getByTestId('login-password').fill('the-new-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  test('a wrong code, a spent code, a used invitation code and a registered email each show their message', async ({ page }) => {
    await registerByApi(page.request, uniqueEmail('first-user'), 'first-user-password', USED_CLIENT_CODE);

    await page.goto('/register');
    await page.getByTestId('field-invitationCode').fill('NO-SUCH-CODE');
    await page.getByTestId('flow-submit').click();
    await expect(page.getByText('Неправильний код')).toBeVisible();
    await page.getByTestId('field-invitationCode').fill(USED_CLIENT_CODE);
    await page.getByTestId('flow-submit').click();
    await expect(page.getByText('Цей код уже використано')).toBeVisible();

    await page.getByTestId('field-invitationCode').fill('DEMO-CLIENT');
    await page.getByTestId('flow-submit').click();
    await page.getByTestId('field-email').fill(DEMO.admin);
    await page.getByTestId('flow-submit').click();
    await expect(page.getByText('Цей email уже зареєстровано')).toBeVisible();

    const email = uniqueEmail('typo');
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('flow-submit').click();
    const right = await mailedCode(email);
    const wrong = right === '000000' ? '111111' : '000000';
    await typeCode(page, '123');
    await page.getByTestId('flow-submit').click();
    await expect(page.getByText('Максимальна кількість символів: 6')).toBeVisible();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await page.getByTestId('field-code-0').click();
      await page.keyboard.type(wrong);
      await page.getByTestId('flow-submit').click();
      await expect(page.getByRole('alert').filter({ hasText: 'Неправильний код' })).toBeVisible();
    }
    // Five wrong tries spend the code: even the right one needs a new mail now.
    await typeCode(page, right);
    await page.getByTestId('flow-submit').click();
    await expect(page.getByText('Термін дії коду минув. Надішліть новий')).toBeVisible();
  });

  test('after too many wrong passwords the limit message shows', async ({ page }) => {
    const email = uniqueEmail('guesser');
    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-email').press('Enter');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await page.getByTestId('login-password').fill(`wrong-${attempt}`);
      await page.getByTestId('login-submit').click();
      await expect(page.getByText('Помилка автентифікації: неправильний логін або пароль')).toBeVisible();
    }
    await page.getByTestId('login-password').fill('wrong-again');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Забагато спроб входу. Спробуйте пізніше')).toBeVisible();
  });
});
