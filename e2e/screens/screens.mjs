// The screens to photograph. `as` signs in first; `open` brings the page to the state to show.
export const SCREENS = [
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
    name: 'wallet',
    as: 'admin@demo.test',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByTestId('header-wallet').click();
      await page.getByTestId('wallet-balance').waitFor();
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
];
