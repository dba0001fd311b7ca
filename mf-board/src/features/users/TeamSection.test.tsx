import { runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import type { Project, ProjectStaff, StaffCandidate } from '@negayno/shared/contract';
import { formatDateTime } from '@negayno/shared/lib';
import { member, project, projectCan, renderInApp, signInAs, apiServerForFile } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rootStore } from '@negayno/shared/stores';
import { workStores } from '@negayno/shared/work-stores';
import { UsersDrawer } from './UsersDrawer';

const server = apiServerForFile();

const am = { id: 20, firstname: 'Anna', lastname: 'Manager', role: 'am' as const, avatarUrl: null };
const pm = { id: 21, firstname: 'Petro', lastname: 'Lead', role: 'pm' as const, avatarUrl: null };
const otherPm = { id: 25, firstname: 'Olha', lastname: 'Fresh', role: 'pm' as const, avatarUrl: null };
const DUE = 1_900_000_000;

/** The drawer as the page draws it: from the projects store's current project, so answers show. */
const Drawer = observer(function Drawer() {
  const shown = workStores.projects.current;
  return shown ? <UsersDrawer project={shown} onClose={() => undefined} /> : null;
});

function show(overrides: Partial<Project>) {
  const shown = project({ projectUsers: [member(1, { role: 'administrator', owner: true, email: 'me@demo.test' })], ...overrides });
  runInAction(() => {
    workStores.projects.current = shown;
    workStores.projects.currentStatus = 'ready';
  });
  return shown;
}

const candidate = (person: ProjectStaff, load: [number, number], onTeam = false): StaffCandidate => ({
  ...person,
  load: { projects: load[0], openTasks: load[1] },
  onTeam,
});

const teamRow = (role: string) => screen.getAllByTestId('team-member').find((row) => row.dataset.role === role)!;

beforeEach(() => {
  server.routes = {};
});

describe('the team in the members drawer', () => {
  it('tells a client their team is being assigned, by when and which roles are open', async () => {
    signInAs('user', { id: 1 });
    show({ role: 'administrator', staff: [am], staffing: { missing: ['pm', 'sm'], dueAt: DUE } });
    await renderInApp(<Drawer />, { language: 'en' });
    expect(screen.getByRole('heading', { name: 'Your team' })).toBeInTheDocument();
    const notice = screen.getByTestId('team-assigning');
    expect(notice).toHaveTextContent('We are assigning your team');
    expect(notice).toHaveTextContent(`Still to come: Project manager, Sales manager. We promise it by ${formatDateTime(DUE, rootStore.ui.language)}.`);
    expect(within(teamRow('am')).getByText('Anna Manager')).toBeInTheDocument();
    expect(within(teamRow('am')).getByText('Account manager')).toBeInTheDocument();
    expect(within(teamRow('pm')).getByText('Not assigned yet')).toBeInTheDocument();
    // The client alone among the members is not told "it is just you" while a team is there.
    expect(screen.queryByTestId('users-empty')).not.toBeInTheDocument();
    expect(screen.getByTestId('users-alone')).toBeInTheDocument();
    expect(screen.queryByTestId('team-change')).not.toBeInTheDocument();
  });

  it('lists the whole team in Ukrainian without a notice once it is complete', async () => {
    signInAs('user', { id: 1 });
    const sm = { id: 22, firstname: 'Semen', lastname: 'Sales', role: 'sm' as const, avatarUrl: null };
    show({ role: 'administrator', staff: [am, pm, sm], staffing: { missing: [], dueAt: null } });
    await renderInApp(<Drawer />, { language: 'uk' });
    expect(screen.getByRole('heading', { name: 'Ваша команда' })).toBeInTheDocument();
    expect(screen.queryByTestId('team-assigning')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('team-member').map((row) => [row.dataset.role, row.textContent])).toEqual([
      ['am', 'AMAnna ManagerАкаунт-менеджер'],
      ['pm', 'PLPetro LeadПроджект-менеджер'],
      ['sm', 'SSSemen SalesМенеджер з продажу'],
    ]);
  });

  it('keeps the empty state for a project without a team', async () => {
    signInAs('user', { id: 1 });
    show({ role: 'administrator' });
    await renderInApp(<Drawer />, { language: 'en' });
    expect(screen.getByTestId('users-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('team-section')).not.toBeInTheDocument();
  });

  it("lets the project's am change a member from a list with each person's load, and says why a choice was refused", async () => {
    signInAs('am', { id: 20 });
    show({ role: 'am', can: { ...projectCan('am'), changeTeam: true }, staff: [am, pm], staffing: { missing: ['sm'], dueAt: DUE } });
    server.routes['GET /project/1/team/candidates'] = {
      data: [candidate(am, [3, 4], true), candidate(pm, [5, 12], true), candidate(otherPm, [1, 2])],
    };
    server.routes['PUT /project/1/team'] = { status: 409, code: 'staff_is_deactivated' };
    await renderInApp(<Drawer />, { language: 'en' });
    expect(within(teamRow('sm')).getByTestId('team-change')).toHaveTextContent('Assign');
    await userEvent.click(within(teamRow('pm')).getByRole('button', { name: 'Change: Project manager' }));
    const dialog = await screen.findByTestId('team-dialog');
    expect(within(dialog).getByText('Team: Project manager')).toBeInTheDocument();
    const options = await within(dialog).findAllByTestId('team-candidate-load');
    // Only the role's people, the least loaded first; the one on the team now is chosen and marked.
    expect(options.map((option) => option.textContent)).toEqual(['Projects: 1 · open tasks: 2', 'Projects: 5 · open tasks: 12']);
    expect(within(dialog).getByText(/on the team now/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Petro Lead/, hidden: true })).toBeChecked();
    expect(within(dialog).getByTestId('team-assign')).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('radio', { name: /Olha Fresh/, hidden: true }));
    await userEvent.click(within(dialog).getByTestId('team-assign'));
    expect(await within(dialog).findByTestId('team-error')).toHaveTextContent('This account is deactivated');
    expect(server.requests.find((request) => request.method === 'PUT')).toMatchObject({ path: '/project/1/team', body: { role: 'pm', userId: 25 } });

    server.routes['PUT /project/1/team'] = {
      data: project({ role: 'am', can: { ...projectCan('am'), changeTeam: true }, staff: [am, otherPm], staffing: { missing: ['sm'], dueAt: DUE } }),
    };
    // The choice stays after the refusal: assigning again is one press.
    await userEvent.click(screen.getByTestId('team-assign'));
    await waitFor(() => expect(within(teamRow('pm')).getByText('Olha Fresh')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('team-dialog')).not.toBeInTheDocument());
  });

  it('says so in the dialog when a role has nobody to choose', async () => {
    signInAs('am', { id: 20 });
    show({ role: 'am', can: { ...projectCan('am'), changeTeam: true }, staff: [am], staffing: { missing: ['pm', 'sm'], dueAt: DUE } });
    server.routes['GET /project/1/team/candidates'] = { data: [candidate(am, [3, 4], true)] };
    await renderInApp(<Drawer />, { language: 'en' });
    await userEvent.click(within(teamRow('sm')).getByTestId('team-change'));
    expect(await screen.findByTestId('team-no-candidates')).toHaveTextContent('Nobody active has this role');
  });
});
