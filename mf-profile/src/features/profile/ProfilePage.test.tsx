import { rootStore } from '@negayno/shared/stores';
import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from './ProfilePage';

describe('ProfilePage', () => {
  const api = apiServerForFile();
  beforeEach(() => {
    api.routes['PUT /user/update-settings'] = ({ body }) => ({ data: { ...rootStore.session.user, ...(body as object) } });
  });

  it('shows who the user is', async () => {
    signInAs('pm', { email: 'pm@demo.test', firstname: 'Ігор', lastname: 'Мельник' });
    await renderInApp(<ProfilePage />, { route: '/profile' });
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Ігор Мельник');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('pm@demo.test');
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Проджект-менеджер');
  });

  it('switches the language and the theme of the whole page through the shared store', async () => {
    signInAs('user');
    await renderInApp(<ProfilePage />, { route: '/profile' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(rootStore.ui.language).toBe('en');
    expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(rootStore.ui.theme).toBe('dark');
    expect(rootStore.ui.effectiveTheme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    // Kept on the account too.
    expect(api.requests.filter((request) => request.path === '/user/update-settings').map((request) => request.body)).toEqual([
      { language: 'en' },
      { theme: 'dark' },
    ]);
  });

  it('saves the phone and shows the server’s field code under the field', async () => {
    signInAs('user', { phone: null });
    api.routes['PUT /user/update-phone'] = ({ body }) =>
      (body as { phone: string }).phone === '123' ? { code: 'phone_is_invalid', status: 400 } : { data: { ...rootStore.session.user, phone: '+380671234567' } };
    await renderInApp(<ProfilePage />, { route: '/profile' });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('profile-phone'), '123');
    await user.click(screen.getByTestId('profile-phone-save'));
    expect(await screen.findByText('Неправильний номер телефону')).toBeInTheDocument();
    await user.clear(screen.getByTestId('profile-phone'));
    await user.type(screen.getByTestId('profile-phone'), '+38 067 123 45 67');
    await user.click(screen.getByTestId('profile-phone-save'));
    expect(await screen.findByText('Збережено')).toBeInTheDocument();
    expect(rootStore.session.user?.phone).toBe('+380671234567');
    expect(screen.getByTestId('profile-phone')).toHaveValue('+380671234567');
  });

  it('checks that the two new passwords match before sending anything', async () => {
    signInAs('user');
    await renderInApp(<ProfilePage />, { route: '/profile' });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('password-current'), 'old-password');
    await user.type(screen.getByTestId('password-new'), 'new-password-1');
    await user.type(screen.getByTestId('password-repeat'), 'new-password-2');
    await user.click(screen.getByTestId('password-submit'));
    expect(screen.getByText('Паролі не збігаються')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path === '/user/update-password')).toEqual([]);
  });

  it('shows the Negayno indicator and the partner code, and the Telegram deep link after asking for it', async () => {
    signInAs('user', { canNegayno: false, promoCode: 'OLENA-7' });
    api.routes['POST /channel/telegram/link'] = { data: { url: 'https://t.me/negayno_bot?start=abc123', token: 'abc123', dateExpires: 1_900_000_000 } };
    await renderInApp(<ProfilePage />, { route: '/profile' });
    expect(screen.getByTestId('profile-negayno')).toHaveAttribute('title', expect.stringContaining('недоступна'));
    expect(screen.getByTestId('partner-code')).toHaveValue('OLENA-7');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('telegram-link'));
    expect(await screen.findByTestId('telegram-open')).toHaveAttribute('href', 'https://t.me/negayno_bot?start=abc123');
    expect(screen.getByTestId('telegram-command')).toHaveValue('/start abc123');
  });

  it('deletes the account after the password, naming the projects it must hand over first', async () => {
    signInAs('user');
    let tries = 0;
    api.routes['POST /user/delete-account'] = () =>
      (tries += 1) === 1 ? { status: 409, code: 'account_is_sole_administrator', data: { projects: [{ id: 4, name: 'Магазин' }] } } : { data: null };
    await renderInApp(<ProfilePage />, { route: '/profile' });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('close-account-open'));
    await user.type(await screen.findByTestId('close-account-password'), 'correct-horse');
    await user.click(screen.getByTestId('close-account-confirm'));
    expect(await screen.findByTestId('close-account-error')).toHaveTextContent('передайте або закрийте');
    expect(screen.getByRole('link', { name: 'Магазин' })).toHaveAttribute('href', '/project/4');
    expect(rootStore.session.user).not.toBeNull();
    await user.click(screen.getByTestId('close-account-confirm'));
    await waitFor(() => expect(rootStore.session.user).toBeNull());
    expect(api.requests.filter((request) => request.path === '/user/delete-account').map((request) => request.body)).toEqual([
      { password: 'correct-horse' },
      { password: 'correct-horse' },
    ]);
  });

  it('offers no account deletion to staff (an operator closes theirs)', async () => {
    signInAs('pm');
    await renderInApp(<ProfilePage />, { route: '/profile' });
    expect(screen.queryByTestId('profile-close-account')).toBeNull();
  });
});
