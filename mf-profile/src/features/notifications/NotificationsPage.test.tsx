import type { Notification } from '@negayno/shared/contract';
import { rootStore } from '@negayno/shared/stores';
import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationsPage } from './NotificationsPage';

const invitation: Notification = {
  id: 7,
  kind: 'invitation_sent',
  payload: { actorName: 'Олена Коваль', projectName: 'Магазин' },
  taskId: null,
  projectId: 3,
  dateCreate: 1_800_000_000,
  dateViewed: null,
};

describe('NotificationsPage', () => {
  const api = apiServerForFile();
  beforeEach(() => rootStore.notifications.clear());

  it('lists the notifications with the unread marked, and opening one marks it read and lowers the badge', async () => {
    signInAs('user', { notificationCount: 1 });
    api.routes['GET /notifications'] = { data: { list: [invitation, { ...invitation, id: 6, dateViewed: 1_800_000_100 }], hasMore: false } };
    api.routes['POST /notification/7/viewed'] = { data: { ...invitation, dateViewed: 1_800_000_200 } };
    await renderInApp(<NotificationsPage />, { route: '/notifications' });
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Олена Коваль запрошує вас до проєкту «Магазин»');
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[0]).toHaveAttribute('href', '/project/3');
    expect(items[1]).toHaveAttribute('data-unread', 'false');

    await userEvent.setup().click(items[0]!);
    expect(rootStore.session.user?.notificationCount).toBe(0);
    expect(api.requests.some((request) => request.method === 'POST' && request.path === '/notification/7/viewed')).toBe(true);
  });

  it('says so when there are none', async () => {
    signInAs('user');
    api.routes['GET /notifications'] = { data: { list: [], hasMore: false } };
    await renderInApp(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('Сповіщень поки немає');
  });

  it('says a failed load failed, never empty, and tries again on request', async () => {
    signInAs('user');
    api.routes['GET /notifications'] = { status: 500, code: 'server_error' };
    await renderInApp(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByTestId('notifications-failed')).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-empty')).not.toBeInTheDocument();
    api.routes['GET /notifications'] = { data: { list: [invitation], hasMore: false } };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Спробувати ще' }));
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(1);
  });
});
