import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { api } from '../support/api';
import { signInByApi } from '../support/session';

/**
 * The operators' console (issue 31): the demo's operator walks every section through the screens a
 * person uses (the user menu's entry, the tabs, the dialogs), and what they did is in the audit log.
 * Anyone else opening /ops sees the not-found page and no entry in their menu.
 */

async function openSection(page: Page, section: string): Promise<void> {
  await page.getByTestId(`ops-tab-${section}`).click();
  await expect(page).toHaveURL(new RegExp(`/ops/${section}$`));
  await expect(page.getByTestId(`ops-${section}`)).toBeVisible();
}

test('an operator walks every section of the console', async ({ page, browser }) => {
  // A payout request to settle: the demo sm has earned more than 500 UAH of commission in the seed. (Not
  // the performer: the life-cycle and wallet specs, running beside this one, count the performer's wallet.)
  const salesManager = await browser.newContext();
  const salesManagerPage = await salesManager.newPage();
  await signInByApi(salesManagerPage, DEMO.sm);
  const request = await api<{ number: number }>(salesManagerPage.request, 'post', '/user/balance/payout', { amount: 50_000 });
  await salesManager.close();

  const stamp = Date.now();
  await signInByApi(page, DEMO.ops);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-ops').click();
  await expect(page.getByTestId('ops-console')).toBeVisible();
  await expect(page).toHaveURL(/\/ops$/);

  // Staff: the list, then a new sm who is mailed a link to set a password. (An sm: a new pm or am with no
  // load would take every project created after it, and staffing.spec, beside this one, expects the
  // demo's am and pm on its new client's team.)
  await expect(page.getByTestId('staff-row').first()).toBeVisible();
  const email = `ops-e2e-${stamp}@demo.test`;
  await page.getByTestId('staff-create').click();
  const create = page.getByTestId('create-staff-dialog');
  await create.getByTestId('create-staff-submit').click();
  await expect(create.getByRole('alert').first()).toBeVisible();
  await create.getByTestId('create-staff-role').selectOption('sm');
  await create.getByTestId('create-staff-email').fill(email);
  await create.getByTestId('create-staff-firstname').fill('Оксана');
  await create.getByTestId('create-staff-lastname').fill('Тестова');
  await create.getByTestId('create-staff-submit').click();
  await expect(page.getByTestId('staff-notice')).toContainText(email);
  await page.getByTestId('staff-search').fill(email);
  await expect(page.getByTestId('staff-row')).toHaveCount(1);
  await expect(page.getByTestId('staff-row')).toContainText('Оксана Тестова');

  // Projects: every project with its team; the team dialog lists candidates with their load.
  await openSection(page, 'projects');
  await expect(page.getByTestId('project-row').first()).toBeVisible();
  await page.getByTestId('project-change-team').first().click();
  await expect(page.getByTestId('team-dialog').getByTestId('team-pm').locator('option').nth(1)).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('team-dialog')).toBeHidden();

  // Invitation codes: issue one with a note, then revoke it.
  await openSection(page, 'invitations');
  const note = `e2e ${stamp}`;
  await page.getByTestId('invitation-issue').click();
  const issue = page.getByTestId('issue-invitation-dialog');
  await issue.getByTestId('issue-uses').fill('3');
  await issue.getByTestId('issue-note').fill(note);
  await issue.getByTestId('issue-submit').click();
  await expect(page.getByTestId('invitations-notice')).toBeVisible();
  const code = page.getByTestId('invitation-row').filter({ hasText: note });
  await expect(code.getByTestId('invitation-status')).toHaveText('Діє');
  await code.getByTestId('invitation-revoke').click();
  await page.getByTestId('revoke-dialog-confirm').click();
  await expect(code.getByTestId('invitation-status')).toHaveText('Відкликано');

  // Payouts: the sm's request with the wallet's history; a reference is required, then it is paid.
  await openSection(page, 'payouts');
  const row = page.locator(`[data-testid="payout-row"][data-number="${request.number}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('payout-history-toggle').click();
  await expect(row.getByTestId('payout-history')).not.toBeEmpty();
  await row.getByTestId('payout-complete').click();
  const complete = page.getByTestId('complete-dialog');
  await complete.getByTestId('complete-dialog-confirm').click();
  await expect(complete).toContainText('Поле «Референс платежу» обовʼязкове');
  await complete.getByTestId('complete-dialog-input').fill(`REF-${stamp}`);
  await complete.getByTestId('complete-dialog-confirm').click();
  await expect(page.getByTestId('payouts-notice')).toContainText(String(request.number));
  await expect(row).toBeHidden();
  await page.getByTestId('payouts-settled').click();
  await expect(row.getByTestId('payout-note')).toContainText(`REF-${stamp}`);

  // Deadlines and money: read-only views.
  await openSection(page, 'deadlines');
  await expect(page.getByTestId('deadline-group').first().or(page.getByTestId('deadlines-tasks-empty'))).toBeVisible();
  await openSection(page, 'money');
  await expect(page.getByTestId('money-total-revenue')).toBeVisible();
  await expect(page.getByTestId('money-chart').or(page.getByTestId('money-empty'))).toBeVisible();

  // Support: a login-as code, shown once.
  await openSection(page, 'support');
  await page.getByTestId('support-email').fill(DEMO.user);
  await page.getByTestId('support-issue').click();
  await expect(page.getByTestId('support-code')).not.toBeEmpty();
  await expect(page.getByTestId('support-code-box')).toContainText(DEMO.user);

  // Audit: what the walk did, newest first.
  await openSection(page, 'audit');
  for (const action of ['support.login_code', 'payout.complete', 'invitation.revoke', 'invitation.issue', 'staff.create'])
    await expect(page.locator(`[data-testid="audit-row"][data-action="${action}"]`).first()).toBeVisible();
  await page.getByTestId('audit-search').fill(email);
  await expect(page.locator('[data-testid="audit-row"][data-action="staff.create"]')).toHaveCount(1);

  // The payee sees the payout paid, with the operator's reference, in their wallet.
  const payee = await browser.newContext();
  const payeePage = await payee.newPage();
  await signInByApi(payeePage, DEMO.sm);
  await payeePage.goto('/');
  await payeePage.getByTestId('header-wallet').click();
  const paid = payeePage.locator(`[data-testid="transaction-row"][data-number="${request.number}"]`);
  await expect(paid).toHaveAttribute('data-status', 'completed');
  await expect(paid.getByTestId('settlement-note')).toContainText(`REF-${stamp}`);
  await payee.close();
});

test('the console is on a phone too: sections from a select', async ({ page }) => {
  await signInByApi(page, DEMO.ops);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ops/invitations');
  await expect(page.getByTestId('ops-invitations')).toBeVisible();
  await page.getByTestId('ops-nav-select').selectOption('audit');
  await expect(page).toHaveURL(/\/ops\/audit$/);
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  // The table scrolls inside its frame: the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('anyone else opening /ops sees the not-found page and has no entry to it', async ({ page }) => {
  await signInByApi(page, DEMO.pm);
  await page.goto('/ops');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByTestId('ops-console')).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('menu-profile')).toBeVisible();
  await expect(page.getByTestId('menu-ops')).toHaveCount(0);
  const answer = await page.request.get('/api/ops/staff');
  expect(answer.status()).toBe(404);
});
