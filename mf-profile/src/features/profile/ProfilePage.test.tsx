import { rootStore } from '@negayno/shared/stores';
import { renderInApp, signInAs } from '@negayno/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from './ProfilePage';

describe('ProfilePage', () => {
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
  });
});
