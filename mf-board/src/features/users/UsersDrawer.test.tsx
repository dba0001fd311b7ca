import { runInAction } from 'mobx';
import type { Project } from '@negayno/shared/contract';
import { NO_PROJECT_CAN, member, project, projectCan, renderInApp, signInAs, apiServerForFile } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workStores } from '@negayno/shared/work-stores';
import { UsersDrawer } from './UsersDrawer';

const server = apiServerForFile();

const members = [
  member(1, { role: 'administrator', owner: true, email: 'me@demo.test' }),
  member(5, { role: 'user', email: 'five@demo.test' }),
  member(6, { role: 'invite', email: 'invited@demo.test' }),
  member(null, { role: 'guest', email: 'new@demo.test', firstname: '', lastname: '' }),
];

function show(viewerRole: Project['role'], can = projectCan(viewerRole)) {
  const shown = project({ role: viewerRole, can, projectUsers: members });
  runInAction(() => {
    workStores.projects.current = shown;
    workStores.projects.currentStatus = 'ready';
  });
  return shown;
}

const row = (email: string) => screen.getAllByTestId('member-row').find((item) => item.dataset.email === email)!;

beforeEach(() => {
  server.routes = {};
  signInAs('user', { id: 1 });
});

describe('UsersDrawer', () => {
  it('lets an administrator change roles and Immediately access of others, never of their own row', async () => {
    const shown = show('administrator');
    server.routes['PUT /project/1/user/5/update-role'] = {
      data: project({ projectUsers: [members[0]!, member(5, { role: 'guest', email: 'five@demo.test' })] }),
    };
    await renderInApp(<UsersDrawer project={shown} onClose={() => undefined} />, { language: 'en' });
    const own = row('me@demo.test');
    expect(within(own).queryByTestId('role-select')).not.toBeInTheDocument();
    expect(within(own).queryByTestId('remove-member')).not.toBeInTheDocument();
    expect(within(own).getByTestId('owner-label')).toHaveTextContent('owner');
    const other = row('five@demo.test');
    const select = within(other).getByTestId('role-select');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Administrator', 'User', 'Guest']);
    await userEvent.selectOptions(select, 'guest');
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]).toMatchObject({ method: 'PUT', path: '/project/1/user/5/update-role', body: { role: 'guest' } });
    await waitFor(() => expect(workStores.projects.current?.projectUsers[1]?.role).toBe('guest'));
  });

  it('labels invitations and lets an administrator cancel them', async () => {
    const shown = show('administrator');
    server.routes['DELETE /project/1/cancel-invitation/new%40demo.test'] = { data: project({ projectUsers: members.slice(0, 3) }) };
    await renderInApp(<UsersDrawer project={shown} onClose={() => undefined} />, { language: 'en' });
    expect(within(row('invited@demo.test')).getByTestId('role-label')).toHaveTextContent('Invited guest');
    expect(within(row('invited@demo.test')).queryByTestId('role-select')).not.toBeInTheDocument();
    await userEvent.click(within(row('new@demo.test')).getByTestId('cancel-invitation'));
    await waitFor(() => expect(server.requests[0]).toMatchObject({ method: 'DELETE', path: '/project/1/cancel-invitation/new%40demo.test' }));
  });

  it('lets a project user invite but not manage; shows the refusal under the field', async () => {
    const shown = show('user');
    server.routes['POST /project/1/invite-user'] = { status: 409, code: 'user_already_added' };
    await renderInApp(<UsersDrawer project={shown} onClose={() => undefined} />, { language: 'en' });
    expect(screen.queryByTestId('role-select')).not.toBeInTheDocument();
    expect(screen.queryByTestId('remove-member')).not.toBeInTheDocument();
    expect(screen.queryByTestId('negayno-switch')).not.toBeInTheDocument();
    await userEvent.type(screen.getByTestId('invite-email'), 'five@demo.test{Enter}');
    expect(await screen.findByText('This user is already in the project')).toBeInTheDocument();
  });

  it('gives a guest no invite form', async () => {
    const shown = show('guest');
    await renderInApp(<UsersDrawer project={shown} onClose={() => undefined} />, { language: 'en' });
    expect(screen.queryByTestId('invite-form')).not.toBeInTheDocument();
  });

  it('offers each member tool from its own flag of can', async () => {
    const none = NO_PROJECT_CAN;
    const view = await renderInApp(<UsersDrawer project={show('administrator', { ...none, removeMembers: true })} onClose={() => undefined} />, {
      language: 'en',
    });
    expect(within(row('five@demo.test')).getByTestId('remove-member')).toBeInTheDocument();
    expect(within(row('five@demo.test')).getByTestId('role-label')).toHaveTextContent('User');
    expect(screen.queryByTestId('role-select')).not.toBeInTheDocument();
    expect(screen.queryByTestId('negayno-switch')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cancel-invitation')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invite-form')).not.toBeInTheDocument();
    view.unmount();
    await renderInApp(
      <UsersDrawer project={show('guest', { ...none, invite: true, changeMemberSettings: true, cancelInvitations: true })} onClose={() => undefined} />,
      {
        language: 'en',
      },
    );
    expect(screen.getByTestId('invite-form')).toBeInTheDocument();
    expect(within(row('five@demo.test')).getByTestId('negayno-switch')).toBeInTheDocument();
    expect(screen.queryByTestId('role-select')).not.toBeInTheDocument();
    expect(screen.queryByTestId('remove-member')).not.toBeInTheDocument();
    expect(within(row('new@demo.test')).getByTestId('cancel-invitation')).toBeInTheDocument();
  });
});
