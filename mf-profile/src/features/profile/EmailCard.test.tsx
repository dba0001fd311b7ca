import type { UserProfile } from '@negayno/shared/contract';
import { rootStore } from '@negayno/shared/stores';
import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { observer } from 'mobx-react-lite';
import { EmailCard } from './EmailCard';

/** The card as the page shows it: always the session's current user. */
const Card = observer(function Card() {
  return rootStore.session.user ? <EmailCard user={rootStore.session.user} /> : null;
});

describe('EmailCard', () => {
  const api = apiServerForFile();
  beforeEach(() => {
    // The server merges the email part into the user's choices, as users.updateSettings does.
    api.routes['PUT /user/update-settings'] = ({ body }) => {
      const user = rootStore.session.user!;
      const email = (body as { email: Partial<UserProfile['channels']['email']> }).email;
      return { data: { ...user, channels: { ...user.channels, email: { ...user.channels.email, ...email } } } };
    };
  });

  const sent = () => api.requests.filter((request) => request.path === '/user/update-settings').map((request) => request.body);

  it('shows the choices and saves one group at a time', async () => {
    signInAs('user', { email: 'olena@example.test' });
    await renderInApp(<Card />, { route: '/profile' });
    expect(screen.getByRole('switch', { name: 'Надсилати сповіщення на olena@example.test' })).toBeChecked();
    for (const name of ['Пропущені повідомлення в чатах задач', 'Запрошення до проєктів']) expect(screen.getByRole('switch', { name })).toBeChecked();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('email-group-chat'));
    await waitFor(() => expect(screen.getByTestId('email-group-chat')).not.toBeChecked());
    await user.click(screen.getByTestId('email-group-money'));
    await waitFor(() => expect(screen.getByTestId('email-group-money')).not.toBeChecked());
    expect(sent()).toEqual([{ email: { chat: false } }, { email: { money: false } }]);
    expect(rootStore.session.user?.channels.email).toEqual({ enabled: true, tasks: true, chat: false, money: false, invitations: true });
  });

  it('turns all email off, keeping the groups’ choices greyed out until it is on again', async () => {
    signInAs('user');
    await renderInApp(<Card />, { route: '/profile' });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('email-enabled'));
    await waitFor(() => expect(screen.getByTestId('email-enabled')).not.toBeChecked());
    for (const group of ['tasks', 'chat', 'money', 'invitations']) {
      expect(screen.getByTestId(`email-group-${group}`)).toBeDisabled();
      expect(screen.getByTestId(`email-group-${group}`)).toBeChecked();
    }
    expect(sent()).toEqual([{ email: { enabled: false } }]);
  });

  it('speaks English', async () => {
    signInAs('user', { email: 'olena@example.test' });
    await renderInApp(<Card />, { route: '/profile', language: 'en' });
    expect(screen.getByRole('heading', { name: 'Email notifications' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Send notifications to olena@example.test' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Money: top-ups, payouts, payments' })).toBeChecked();
  });
});
