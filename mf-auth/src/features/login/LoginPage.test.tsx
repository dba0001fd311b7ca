import { renderInApp } from '@negayno/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './LoginPage';

describe('LoginPage', () => {
  it('asks for the email first and refuses an empty or malformed one', async () => {
    await renderInApp(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Вхід' })).toBeInTheDocument();
    await user.click(screen.getByTestId('login-continue'));
    expect(screen.getByText('Це поле обовʼязкове')).toBeInTheDocument();
    await user.type(screen.getByTestId('login-email'), 'not-an-email');
    await user.click(screen.getByTestId('login-continue'));
    expect(screen.getByText('Неправильний email')).toBeInTheDocument();
    expect(screen.queryByTestId('login-password')).not.toBeInTheDocument();
  });

  it('moves to the password on Enter, shows the chosen email and goes back with edit', async () => {
    await renderInApp(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-email'), '   admin@demo.test{Enter}');
    expect(screen.getByTestId('login-chosen-email')).toHaveTextContent('admin@demo.test');
    expect(screen.getByTestId('login-password')).toHaveFocus();
    // The typed email goes along to recovery.
    expect(screen.getByRole('link', { name: 'Нагадати пароль' })).toHaveAttribute('href', '/restore-password?email=admin%40demo.test');
    await user.click(screen.getByTestId('login-edit-email'));
    expect(screen.getByTestId('login-email')).toHaveValue('admin@demo.test');
  });

  it('requires the password before asking the server, in English too', async () => {
    await renderInApp(<LoginPage />, { route: '/login', language: 'en' });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-email'), 'admin@demo.test{Enter}');
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
  });
});
