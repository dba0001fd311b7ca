import { renderInApp } from '@negayno/shared/testing';
import { act, screen } from '@testing-library/react';
import { AuthApp } from './AuthApp';

/** A navigation as another app makes it: single-spa turns pushState into popstate. */
function navigateTo(url: string) {
  act(() => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

describe('AuthApp: one screen per route, without a router', () => {
  it('shows the login form on /login and on any path it is not given a screen for', async () => {
    await renderInApp(<AuthApp />, { route: '/login' });
    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
    navigateTo('/somewhere-else');
    expect(screen.getByTestId('login-email')).toBeInTheDocument();
  });

  it('follows navigations to the registration and recovery screens and back', async () => {
    await renderInApp(<AuthApp />, { route: '/login' });
    await screen.findByTestId('login-email');
    navigateTo('/register?email=invited@client.test');
    expect(await screen.findByTestId('flow-title')).toBeInTheDocument();
    expect(screen.queryByTestId('login-email')).not.toBeInTheDocument();
    navigateTo('/restore-password/?email=admin@demo.test');
    expect(await screen.findByTestId('restore-card')).toBeInTheDocument();
    // The query of the address it was opened at reaches the screen.
    expect(screen.getByDisplayValue('admin@demo.test')).toBeInTheDocument();
    navigateTo('/login');
    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
  });

  it('matches a route in any case, as a router does', async () => {
    await renderInApp(<AuthApp />, { route: '/REGISTER' });
    expect(await screen.findByTestId('flow-title')).toBeInTheDocument();
  });
});
