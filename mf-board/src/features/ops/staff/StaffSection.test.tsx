import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffMember } from '../fixtures';
import { StaffSection } from './StaffSection';

const server = apiServerForFile();
beforeEach(() => {
  signInAs('am', { can: { createProject: false, ops: true, takeProjects: true, closeAccount: false } });
});

describe('StaffSection', () => {
  it('lists staff with their load and status, pages on from the last id, and filters by role', async () => {
    server.routes = {
      'GET /ops/staff': { data: { list: [staffMember(30, { operator: true }), staffMember(29, { dateDeactivated: 1_700_000_100 })], hasMore: true } },
      'GET /ops/staff?backFrom=29': { data: { list: [staffMember(28)], hasMore: false } },
      'GET /ops/staff?role=pm': { data: { list: [staffMember(5, { role: 'pm' })], hasMore: false } },
    };
    await renderInApp(<StaffSection />, { language: 'en' });
    const rows = await screen.findAllByTestId('staff-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Staff30 Test');
    expect(rows[0]).toHaveTextContent('Operator');
    expect(rows[0]).toHaveTextContent('1 proj. · 2 tasks');
    expect(within(rows[1]!).getByTestId('staff-reactivate')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('staff-more'));
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(3));
    expect(screen.queryByTestId('staff-more')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByTestId('staff-role-filter'), 'pm');
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(1));
    expect(server.requests.map((request) => request.path)).toContain('/ops/staff?role=pm');
  });

  it('says nobody was found', async () => {
    server.routes = { 'GET /ops/staff': { data: { list: [], hasMore: false } } };
    await renderInApp(<StaffSection />, { language: 'en' });
    expect(await screen.findByTestId('staff-empty')).toHaveTextContent('Nobody found');
  });

  it('says a failed load failed, with a retry', async () => {
    server.routes = { 'GET /ops/staff': { status: 500, code: 'server_error' } };
    await renderInApp(<StaffSection />, { language: 'en' });
    expect(await screen.findByTestId('staff-failed')).toHaveAttribute('role', 'alert');
  });

  it('creates a staff member: empty fields are refused in the catalogue words, then the mail is announced', async () => {
    server.routes = {
      'GET /ops/staff': { data: { list: [], hasMore: false } },
      'POST /ops/staff': (request) => ({ data: staffMember(31, request.body as object) }),
    };
    await renderInApp(<StaffSection />, { language: 'en' });
    await screen.findByTestId('staff-empty');
    await userEvent.click(screen.getByTestId('staff-create'));
    const dialog = await screen.findByTestId('create-staff-dialog');
    await userEvent.click(within(dialog).getByTestId('create-staff-submit'));
    expect(dialog).toHaveTextContent('This field is required');
    expect(dialog).toHaveTextContent('First name is required');
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByTestId('create-staff-role'), 'pm');
    await userEvent.type(within(dialog).getByTestId('create-staff-email'), 'new.pm@demo.test');
    await userEvent.type(within(dialog).getByTestId('create-staff-firstname'), 'Nina');
    await userEvent.type(within(dialog).getByTestId('create-staff-lastname'), 'Nova');
    await userEvent.click(within(dialog).getByTestId('create-staff-submit'));
    expect(await screen.findByTestId('staff-notice')).toHaveTextContent('A mail with a link to set a password was sent to new.pm@demo.test');
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      role: 'pm',
      email: 'new.pm@demo.test',
      firstname: 'Nina',
      lastname: 'Nova',
    });
    expect(screen.getAllByTestId('staff-row')).toHaveLength(1);
  });

  it('shows the server refusal of a taken email on its field', async () => {
    server.routes = {
      'GET /ops/staff': { data: { list: [], hasMore: false } },
      'POST /ops/staff': { status: 409, code: 'email_already_added' },
    };
    await renderInApp(<StaffSection />, { language: 'en' });
    await screen.findByTestId('staff-empty');
    await userEvent.click(screen.getByTestId('staff-create'));
    const dialog = await screen.findByTestId('create-staff-dialog');
    await userEvent.type(within(dialog).getByTestId('create-staff-email'), 'am@demo.test');
    await userEvent.type(within(dialog).getByTestId('create-staff-firstname'), 'A');
    await userEvent.type(within(dialog).getByTestId('create-staff-lastname'), 'B');
    await userEvent.click(within(dialog).getByTestId('create-staff-submit'));
    expect(await within(dialog).findByTestId('create-staff-error')).toHaveTextContent('This email is already registered');
  });

  it('deactivates after asking who takes over, from the active staff of the same role', async () => {
    server.routes = {
      'GET /ops/staff': { data: { list: [staffMember(30)], hasMore: false } },
      'GET /ops/staff?role=am&status=active': { data: { list: [staffMember(30), staffMember(12, { load: { projects: 4, openTasks: 9 } })], hasMore: false } },
      'POST /ops/staff/30/deactivate': { data: staffMember(30, { dateDeactivated: 1_700_000_500 }) },
    };
    await renderInApp(<StaffSection />, { language: 'en' });
    await userEvent.click(await screen.findByTestId('staff-deactivate'));
    const dialog = await screen.findByTestId('deactivate-dialog');
    const select = await within(dialog).findByTestId('deactivate-successor');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pick automatically (least loaded)', 'Staff12 Test · 4 proj. · 9 tasks']);
    await userEvent.selectOptions(select, '12');
    await userEvent.click(within(dialog).getByTestId('deactivate-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('staff-notice')).toHaveTextContent('Staff30 Test was deactivated'));
    expect(server.requests.find((request) => request.path === '/ops/staff/30/deactivate')?.body).toEqual({ successorId: 12 });
    expect(screen.getByTestId('staff-reactivate')).toBeInTheDocument();
  });
});
