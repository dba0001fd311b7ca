import { lengthenNames } from '../support/long-names.mjs';

/**
 * Answers a flow's calls with the steps the real server would name, so later screens can be shown
 * without a mailbox; a step in `refusals` is answered with that error envelope instead.
 */
async function fakeFlow(page, kind, answers, refusals = {}) {
  await page.route(`**/api/${kind}/*`, (route) => {
    const step = route.request().url().split('/').pop();
    const refusal = refusals[step];
    const body = refusal ?? { status: 'ok', data: answers[step] };
    return route.fulfill({ status: refusal ? 400 : 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

/** A refusal as the server words it (the screens translate the code; the message is the fallback). */
const refusal = (code, field, data) => ({ status: 'error', code, message: code, details: { [field]: { code, message: code } }, ...(data ? { data } : {}) });

/** Walks the performer registration to the nickname screen (country and name on step 4). */
async function performerToNickname(page, url) {
  await page.goto(`${url}/wregister`);
  await page.getByTestId('field-invitationCode').fill('DEMO-PERFORMER');
  await page.getByTestId('flow-submit').click();
  await page.getByTestId('field-email').fill('taras@example.com');
  await page.getByTestId('flow-submit').click();
  await page.getByTestId('field-code-0').click();
  await page.keyboard.type('482913');
  await page.getByTestId('flow-submit').click();
  await page.getByTestId('field-firstname').fill('Тарас');
  await page.getByTestId('field-lastname').fill('Шевченко');
  await page.getByTestId('flow-submit').click();
  await page.getByTestId('field-nickname').waitFor();
}

const PERFORMER_ANSWERS = {
  'check-invitation-code': { next: 'email' },
  email: { next: 'check-email' },
  'check-email': { next: 'country' },
  country: { next: 'fullname' },
  fullname: { next: 'nickname', nicknames: ['taras_shevchenko', 'taras.shevchenko', 't.shevchenko', 'shevchenko.taras'] },
  nickname: { next: 'password' },
};

const REGISTRATION_SCREENS = [
  {
    name: 'register-invitation',
    open: async (page, url) => {
      await page.goto(`${url}/register`);
      await page.getByTestId('field-invitationCode').waitFor();
    },
  },
  {
    name: 'register-invitation-error',
    open: async (page, url) => {
      await page.goto(`${url}/register`);
      await page.getByTestId('field-invitationCode').fill('NO-SUCH-CODE');
      await page.getByTestId('flow-submit').click();
      await page.locator('.fui-Field__validationMessage').first().waitFor();
    },
  },
  {
    name: 'register-code',
    open: async (page, url) => {
      await fakeFlow(page, 'registration', { 'check-invitation-code': { next: 'email' }, email: { next: 'check-email' } });
      await page.goto(`${url}/register`);
      await page.getByTestId('field-invitationCode').fill('DEMO-CLIENT');
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-email').fill('iryna.petrenko@example.com');
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-code-0').click();
      await page.keyboard.type('482');
      await page.getByTestId('flow-submit').click();
    },
  },
  {
    name: 'register-invited',
    open: async (page, url) => {
      await page.goto(`${url}/register?email=invited@example.com`);
      await page.getByTestId('field-email').waitFor();
    },
  },
  {
    name: 'register-code-expired',
    open: async (page, url) => {
      await fakeFlow(
        page,
        'registration',
        { 'check-invitation-code': { next: 'email' }, email: { next: 'check-email' } },
        { 'check-email': refusal('code_is_expired', 'code') },
      );
      await page.goto(`${url}/register`);
      await page.getByTestId('field-invitationCode').fill('DEMO-CLIENT');
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-email').fill('iryna.petrenko@example.com');
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-code-0').click();
      await page.keyboard.type('482913');
      await page.getByTestId('flow-submit').click();
      await page.getByRole('alert').first().waitFor();
    },
  },
  {
    name: 'register-performer-nickname',
    open: async (page, url) => {
      await fakeFlow(page, 'performer-registration', PERFORMER_ANSWERS);
      await performerToNickname(page, url);
    },
  },
  {
    name: 'register-performer-nickname-taken',
    open: async (page, url) => {
      const fresh = { next: 'nickname', nicknames: ['taras.shevchenko', 't.shevchenko', 'shevchenko.taras', 'taras_shevchenko4821'] };
      await fakeFlow(page, 'performer-registration', PERFORMER_ANSWERS, { password: refusal('nickname_is_invalid', 'nickname', fresh) });
      await performerToNickname(page, url);
      await page.getByTestId('field-nickname').locator('label').first().click();
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-password').fill('performer-password');
      await page.getByTestId('field-passwordRepeat').fill('performer-password');
      await page.getByTestId('flow-submit').click();
      await page.locator('.fui-Field__validationMessage').first().waitFor();
    },
  },
  {
    name: 'register-password',
    open: async (page, url) => {
      await fakeFlow(page, 'registration', {
        email: { next: 'check-email' },
        'check-email': { next: 'fullname' },
        fullname: { next: 'country' },
        country: { next: 'password' },
      });
      await page.goto(`${url}/register?email=invited@example.com`);
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-code-0').click();
      await page.keyboard.type('482913');
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-firstname').fill('Ірина');
      await page.getByTestId('field-lastname').fill('Петренко');
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-password').fill('one-password');
      await page.getByTestId('field-passwordRepeat').fill('another-password');
      await page.getByTestId('flow-submit').click();
      await page.locator('.fui-Field__validationMessage').first().waitFor();
    },
  },
  {
    name: 'restore-password',
    open: async (page, url) => {
      await page.goto(`${url}/restore-password`);
      await page.getByTestId('field-email').waitFor();
    },
  },
  {
    name: 'restore-password-code',
    open: async (page, url) => {
      await fakeFlow(page, 'restore-password', { email: { next: 'check-email' } });
      await page.goto(`${url}/restore-password`);
      await page.getByTestId('field-email').fill('user@demo.test');
      await page.getByTestId('flow-submit').click();
      await page.getByTestId('field-code-0').waitFor();
    },
  },
  {
    name: 'login-as',
    open: async (page, url) => {
      await page.goto(`${url}/login-as`);
      await page.getByTestId('login-as-code').fill('ABCDE-FGHJK');
      await page.getByTestId('login-as-submit').click();
      await page.locator('.fui-Field__validationMessage').first().waitFor();
    },
  },
];

/** Answers `GET /api/projects` with the real list plus what a screen needs to show (an invitation, nothing). */
async function projectsAnswer(page, change) {
  await page.route('**/api/projects', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    return route.fulfill({ response, json: { ...body, data: change(body.data) } });
  });
}

async function openBoard(page, url) {
  await page.goto(`${url}/`);
  await page.getByTestId('task-card').first().waitFor();
}

/** A header menu opened over the board, as `as` sees it. */
function headerMenuScreen(name, as, trigger, shown) {
  return {
    name,
    as,
    open: async (page, url) => {
      await openBoard(page, url);
      await page.getByTestId(trigger).click();
      await shown(page).waitFor();
    },
  };
}

/** A request of the page that fails with a server error, as a broken backend answers it. */
async function failing(page, pattern) {
  await page.route(pattern, (route) => route.fulfill({ status: 500, json: { status: 'error', code: 'internal_error', message: 'internal_error' } }));
}

/** Screens with 60-letter names and failed loads (issue 16): what a real user's data and a bad network do. */
const STRESS_SCREENS = [
  {
    name: 'stress-board-long-names',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await lengthenNames(page);
      await openBoard(page, url);
    },
  },
  {
    name: 'stress-users-long-names',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await lengthenNames(page);
      await openBoard(page, url);
      await page.getByTestId('members-button').click();
      await page.getByTestId('member-row').first().waitFor();
    },
  },
  {
    name: 'stress-archive-long-names',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await lengthenNames(page);
      await openBoard(page, url);
      await page.getByTestId('project-menu-button').click();
      await page.getByTestId('menu-archive').click();
      await page.getByTestId('archive-row').first().waitFor();
    },
  },
  {
    name: 'stress-task-long-names',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await lengthenNames(page);
      await openBoard(page, url);
      await page.getByTestId('task-card').first().click();
      await page.getByTestId('task-name').waitFor();
    },
  },
  {
    name: 'stress-task-failed',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await failing(page, /\/api\/task\/\d+$/);
      await openBoard(page, url);
      await page.getByTestId('task-card').first().click();
      await page.getByTestId('task-load-failed').waitFor();
    },
  },
  {
    name: 'stress-board-failed',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await failing(page, '**/api/project/*/tasks*');
      await page.goto(`${url}/`);
      await page.getByTestId('board-failed').waitFor();
    },
  },
  {
    name: 'stress-project-failed',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await failing(page, /\/api\/project\/\d+$/);
      await page.goto(`${url}/`);
      await page.getByTestId('project-failed').waitFor();
    },
  },
  {
    name: 'stress-projects-failed',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await failing(page, '**/api/projects');
      await page.goto(`${url}/`);
      await page.getByTestId('projects-failed').waitFor();
    },
  },
  {
    name: 'stress-archive-failed',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await failing(page, '**/api/project/*/archive');
      await openBoard(page, url);
      await page.getByTestId('project-menu-button').click();
      await page.getByTestId('menu-archive').click();
      await page.getByTestId('archive-failed').waitFor();
    },
  },
];

const BOARD_SCREENS = [
  {
    name: 'board-users-drawer',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await openBoard(page, url);
      await page.getByTestId('members-button').click();
      await page.getByTestId('member-row').first().waitFor();
    },
  },
  {
    name: 'board-users-invite-error',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await openBoard(page, url);
      await page.getByTestId('members-button').click();
      await page.getByTestId('invite-email').fill('user@demo.test');
      await page.getByTestId('invite-submit').click();
      await page.locator('.fui-Field__validationMessage').first().waitFor();
    },
  },
  {
    name: 'board-archive',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await openBoard(page, url);
      await page.getByTestId('project-menu-button').click();
      await page.getByTestId('menu-archive').click();
      await page.getByTestId('archive-row').first().waitFor();
    },
  },
  {
    name: 'board-archive-empty',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.route('**/api/project/*/archive', (route) => route.fulfill({ json: { status: 'ok', data: { list: [], hasMore: false } } }));
      await openBoard(page, url);
      await page.getByTestId('project-menu-button').click();
      await page.getByTestId('menu-archive').click();
      await page.getByTestId('archive-empty').waitFor();
    },
  },
  {
    name: 'board-menu',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await openBoard(page, url);
      await page.getByTestId('project-menu-button').click();
      await page.getByTestId('menu-delete').click();
      await page.getByTestId('delete-dialog').waitFor();
    },
  },
  {
    name: 'board-attachments',
    as: 'admin@demo.test',
    open: async (page, url) => {
      // The demo's tasks have no files: the board's answer is given some, as a task with files shows it.
      await page.route('**/api/project/*/tasks', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const data = body.data.map((card, index) => ({ ...card, attachmentCount: index % 3 === 0 ? index + 1 : 0 }));
        return route.fulfill({ response, json: { ...body, data } });
      });
      await openBoard(page, url);
    },
  },
  {
    name: 'board-new-task',
    as: 'user@demo.test',
    open: async (page, url) => {
      await openBoard(page, url);
      await page.getByTestId('new-task').click();
      await page.getByTestId('new-task-name').fill('Оновити банер на головній');
    },
  },
  {
    name: 'board-guest',
    as: 'guest@demo.test',
    open: openBoard,
  },
  {
    name: 'board-staff-filter',
    as: 'pm@demo.test',
    open: async (page, url) => {
      await openBoard(page, url);
      await page.getByTestId('filter-button').click();
      await page.getByTestId('filter-task-name').fill('сайт');
    },
  },
  {
    name: 'board-staff-no-matches',
    as: 'am@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/?taskName=no-such-task`);
      await page.getByTestId('no-matches').waitFor();
    },
  },
  {
    name: 'board-invitation',
    as: 'user@demo.test',
    open: async (page, url) => {
      await projectsAnswer(page, (list) => [...list, { id: 9999, name: 'Мобільний застосунок', role: 'invite', sortorder: 99, counters: [0, 0, 0, 0] }]);
      await openBoard(page, url);
      await page.getByTestId('invitation').waitFor();
    },
  },
  {
    name: 'board-no-projects',
    as: 'user@demo.test',
    open: async (page, url) => {
      await projectsAnswer(page, () => []);
      await page.goto(`${url}/`);
      await page.getByTestId('no-projects').waitFor();
    },
  },
];

// The screens to photograph. `as` signs in first; `open` brings the page to the state to show.
export const SCREENS = [
  {
    // The shell's notice of a new stable version of a remote in use (issue 19): remotes.json is answered
    // with the board promoted to another version after the page has loaded.
    name: 'remote-update',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByTestId('task-card').first().waitFor();
      await page.route('**/remotes.json', async (route) => {
        const manifest = await (await route.fetch()).json();
        manifest.mf_board = { ...manifest.mf_board, version: '0.1.1-0a1b2c3d4e' };
        return route.fulfill({ json: manifest });
      });
      await page.evaluate(() => globalThis.document.dispatchEvent(new Event('visibilitychange')));
      await page.getByTestId('remote-update').waitFor();
    },
  },
  {
    name: 'login',
    open: async (page, url) => {
      await page.goto(`${url}/login`);
      await page.getByTestId('login-email').waitFor();
    },
  },
  {
    name: 'login-step2-error',
    open: async (page, url) => {
      await page.goto(`${url}/login`);
      // A fresh address each time: failures are limited per account.
      await page.getByTestId('login-email').fill(`visitor-${Date.now()}@demo.test`);
      await page.getByTestId('login-email').press('Enter');
      await page.getByTestId('login-password').fill('wrong-password');
      await page.getByTestId('login-submit').click();
      await page.locator('[role=alert], .fui-Field__validationMessage').first().waitFor();
    },
  },
  {
    name: 'board-admin',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByTestId('task-card').first().waitFor();
    },
  },
  // The header's menus read the shared kit (issue 17): open, over the board.
  headerMenuScreen('header-user-menu', 'admin@demo.test', 'user-menu', (page) => page.getByRole('menu')),
  headerMenuScreen('header-language-menu', 'pm@demo.test', 'language-menu', (page) => page.getByTestId('language-en')),
  {
    name: 'board-pm',
    as: 'pm@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByTestId('task-card').first().waitFor();
    },
  },
  {
    name: 'task-drawer',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByTestId('task-card').first().click();
      await page.getByTestId('task-name').waitFor();
    },
  },
  {
    name: 'profile',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/profile`);
      await page.getByTestId('profile-page').waitFor();
    },
  },
  {
    // The email notification switches, below the fold on a phone.
    name: 'profile-email',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/profile`);
      await page.getByTestId('profile-email-settings').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'wallet',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByTestId('header-wallet').click();
      await page.getByTestId('wallet-balance').waitFor();
      await page.getByTestId('wallet-chart').waitFor();
    },
  },
  {
    name: 'wallet-performer',
    as: 'performer@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByTestId('header-wallet').click();
      await page.getByTestId('transactions').waitFor();
      await page.getByTestId('wallet-chart').waitFor();
    },
  },
  {
    name: 'wallet-project',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByTestId('project-wallet').click();
      await page.getByTestId('transactions').waitFor();
      await page.getByTestId('wallet-chart').waitFor();
    },
  },
  {
    name: 'not-found',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/nowhere`);
      await page.getByTestId('not-found-page').waitFor();
    },
  },
  {
    name: 'remote-error',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.route('**/remotes/mf-board/remoteEntry.js', (route) => route.abort());
      await page.goto(`${url}/`);
      await page.getByTestId('remote-error-mf-board').waitFor();
    },
  },
  {
    name: 'maintenance',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.route('**/api/**', (route) => route.fulfill({ status: 503, body: '' }));
      await page.goto(`${url}/`);
      await page.getByTestId('maintenance-page').waitFor();
    },
  },
  ...REGISTRATION_SCREENS,
  ...BOARD_SCREENS,
  ...STRESS_SCREENS,
];

/** Signs the page's requests in as another demo person (the screens walk a task through several hands). */
async function as(page, url, email) {
  const response = await page.request.post(`${url}/api/login`, { data: { email, password: 'negayno-demo' } });
  if (!response.ok()) throw new Error(`login as ${email} failed`);
}

async function step(page, url, path, data = {}) {
  const response = await page.request.post(`${url}/api${path}`, { data });
  if (!response.ok()) throw new Error(`${path}: ${await response.text()}`);
  return (await response.json()).data;
}

/** A fresh task of the demo shop walked by the API to an offer with two versions; answers its drawer's path. */
async function taskWithOffer(page, url) {
  const days = (n) => Math.floor(Date.now() / 1000) + n * 86400;
  await as(page, url, 'admin@demo.test');
  const projects = await (await page.request.get(`${url}/api/projects`)).json();
  const projectId = projects.data.find((p) => p.name === 'Інтернет-магазин').id;
  const task = await step(page, url, `/project/${projectId}/new-task`, { name: 'Сторінка акцій' });
  await step(page, url, `/task/${task.id}/action/publish`, { negayno: false });
  await as(page, url, 'pm@demo.test');
  await step(page, url, `/task/${task.id}/action/to-discussion`);
  const performers = await (await page.request.get(`${url}/api/task/${task.id}/actions`)).json();
  await step(page, url, `/task/${task.id}/action/to-estimation`, { performerIds: [performers.data.performers.find((p) => p.nickname === 'taras.dev').id] });
  await as(page, url, 'performer@demo.test');
  const estimate = {
    estimate: 'Сторінка і банер',
    executionTime: 16,
    executionTimeBase: 12,
    delayStart: 0,
    jobItem: ['Верстка', 'Банер'],
    dateAutoSendForCheck: null,
  };
  await step(page, url, `/task/${task.id}/action/finish-evaluation`, estimate);
  await as(page, url, 'sm@demo.test');
  const offer = (name, workList, price) => ({
    name,
    description: 'Нова сторінка з акціями та банер на головній.',
    workList,
    urgencies: [
      { urgency: 1, price, dateDeadline: days(10) },
      { urgency: 3, price: price * 2, dateDeadline: days(4) },
    ],
  });
  await step(page, url, `/task/${task.id}/action/send-offer`, offer('Сторінка акцій', ['Верстка сторінки', 'Банер'], 300_000));
  await step(page, url, `/task/${task.id}/action/return-offer`, { message: 'Додамо адмінку' });
  await step(page, url, `/task/${task.id}/action/send-offer`, offer('Сторінка акцій', ['Верстка сторінки', 'Адмінка акцій'], 400_000));
  await as(page, url, 'admin@demo.test');
  return `/task/${task.id}?projectId=${projectId}`;
}

export const WORKFLOW_SCREENS = [
  {
    name: 'workflow-offer',
    as: 'admin@demo.test',
    fullPage: true,
    open: async (page, url) => {
      await page.goto(`${url}${await taskWithOffer(page, url)}`);
      await page.getByTestId('offer-card').waitFor();
    },
  },
  {
    name: 'workflow-offer-history',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}${await taskWithOffer(page, url)}`);
      await page.getByTestId('offer-versions').click();
      await page.getByTestId('offer-history').waitFor();
    },
  },
  {
    name: 'workflow-contract',
    as: 'admin@demo.test',
    fullPage: true,
    open: async (page, url) => {
      const path = await taskWithOffer(page, url);
      await page.goto(`${url}${path}`);
      await page.getByTestId('offer-accept').click();
      await page.getByTestId('cost-panel').waitFor();
    },
  },
  {
    name: 'workflow-estimate-form',
    as: 'performer@demo.test',
    open: async (page, url) => {
      await as(page, url, 'admin@demo.test');
      const projects = await (await page.request.get(`${url}/api/projects`)).json();
      const projectId = projects.data.find((p) => p.name === 'Інтернет-магазин').id;
      const task = await step(page, url, `/project/${projectId}/new-task`, { name: 'Форма підписки' });
      await step(page, url, `/task/${task.id}/action/publish`, { negayno: false });
      await as(page, url, 'pm@demo.test');
      await step(page, url, `/task/${task.id}/action/to-discussion`);
      const actions = await (await page.request.get(`${url}/api/task/${task.id}/actions`)).json();
      await step(page, url, `/task/${task.id}/action/to-estimation`, { performerIds: [actions.data.performers.find((p) => p.nickname === 'taras.dev').id] });
      await as(page, url, 'performer@demo.test');
      await page.goto(`${url}/task/${task.id}?projectId=${projectId}`);
      await page.getByTestId('action-finish-evaluation').click();
      await page.getByTestId('action-dialog-finish-evaluation').waitFor();
    },
  },
];

// The workflow's screens walk a task by the API first; listed last so the helpers above are defined.
SCREENS.push(...WORKFLOW_SCREENS);

/** A fresh task of the demo shop in discussion with a short conversation in both chats; answers its drawer's path. */
async function taskWithChat(page, url) {
  await as(page, url, 'admin@demo.test');
  const projects = await (await page.request.get(`${url}/api/projects`)).json();
  const projectId = projects.data.find((p) => p.name === 'Інтернет-магазин').id;
  const task = await step(page, url, `/project/${projectId}/new-task`, { name: 'Банер на головній' });
  await step(page, url, `/task/${task.id}/action/publish`, { negayno: false });
  await as(page, url, 'am@demo.test');
  await step(page, url, `/task/${task.id}/action/to-discussion`);
  const chats = (await (await page.request.get(`${url}/api/task/${task.id}/chats`)).json()).data.chats;
  const chatId = (key) => chats.find((chat) => chat.key === key).id;
  const say = async (key, fields) => {
    const response = await page.request.post(`${url}/api/chat/${chatId(key)}/new-message`, { multipart: fields });
    if (!response.ok()) throw new Error(`message: ${await response.text()}`);
    return (await response.json()).data;
  };
  await as(page, url, 'admin@demo.test');
  const question = await say('main', { message: 'Добрий день! Потрібен банер 1200×400 для розпродажу, приклади на https://example.com/banners' });
  await as(page, url, 'am@demo.test');
  await say('main', { message: 'Вітаю! Беремо в роботу, дизайнер підготує два варіанти до п’ятниці.', parentMessageId: String(question.id) });
  await say('work', { message: 'Тарасе, глянь бриф — потрібні два варіанти.' });
  await as(page, url, 'admin@demo.test');
  const answer = await say('main', { message: 'Чудово, дякую! Телефон для зв’язку 0501234567.', quote: 'два варіанти до п’ятниці' });
  await step(page, url, `/message/${answer.id}/emoji`, { emoji: '👍' });
  await as(page, url, 'am@demo.test');
  return `/task/${task.id}?projectId=${projectId}`;
}

export const CHAT_SCREENS = [
  {
    name: 'chat-pane',
    as: 'am@demo.test',
    open: async (page, url, { viewport }) => {
      await page.goto(`${url}${await taskWithChat(page, url)}`);
      if (viewport === 'phone') await page.getByTestId('task-tab-chat').click();
      await page.locator('[data-testid="chat-messages"][data-ready="true"]').waitFor();
    },
  },
];

SCREENS.push(...CHAT_SCREENS);
