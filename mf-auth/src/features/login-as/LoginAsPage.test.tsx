import { renderInApp } from '@negayno/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginAsPage } from './LoginAsPage';

describe('LoginAsPage', () => {
  it('requires the code and shows the server’s refusal on the field', async () => {
    global.fetch = jest.fn(
      async () =>
        new Response(JSON.stringify({ status: 'error', code: 'code_is_expired', message: 'x', details: { code: { code: 'code_is_expired', message: 'x' } } }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    ) as typeof fetch;
    await renderInApp(<LoginAsPage />, { route: '/login-as' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Вхід за кодом' })).toBeInTheDocument();
    await user.click(screen.getByTestId('login-as-submit'));
    expect(screen.getByText('Це поле обовʼязкове')).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('login-as-code'), 'abcde-fghjk{Enter}');
    expect(await screen.findByText('Термін дії коду минув. Надішліть новий')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Увійти з паролем' })).toHaveAttribute('href', '/login');
  });
});
