import type { StaffCandidate } from '@negayno/shared/contract';
import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { opsProject } from '../fixtures';
import { ProjectsSection } from './ProjectsSection';

const server = apiServerForFile();
beforeEach(() => {
  signInAs('am', { can: { createProject: false, ops: true, takeProjects: true, closeAccount: false } });
});

const candidate = (id: number, role: StaffCandidate['role'], onTeam = false): StaffCandidate => ({
  id,
  firstname: `C${id}`,
  lastname: role.toUpperCase(),
  role,
  avatarUrl: null,
  load: { projects: id, openTasks: id * 2 },
  onTeam,
});

describe('ProjectsSection', () => {
  it('marks the missing roles, filters to the unstaffed, and says when there are none', async () => {
    server.routes = {
      'GET /ops/projects': { data: { list: [opsProject(1)], hasMore: false } },
      'GET /ops/projects?unstaffed=true': { data: { list: [], hasMore: false } },
    };
    await renderInApp(<ProjectsSection />, { language: 'en' });
    const row = await screen.findByTestId('project-row');
    expect(row).toHaveTextContent('AM: Anna Am');
    expect(
      within(row)
        .getAllByTestId('project-missing-role')
        .map((badge) => badge.textContent),
    ).toEqual(['PM: Not assigned', 'SM: Not assigned']);
    expect(row).toHaveTextContent('500 грн');
    await userEvent.click(screen.getByRole('switch', { name: 'Unstaffed only' }));
    expect(await screen.findByTestId('projects-empty')).toHaveTextContent('No projects found');
  });

  it('changes the team from the candidates with their load, assigning only the roles that changed', async () => {
    server.routes = {
      'GET /ops/projects': { data: { list: [opsProject(1)], hasMore: false } },
      'GET /project/1/team/candidates': { data: [candidate(1, 'am', true), candidate(2, 'pm'), candidate(3, 'sm')] },
      'PUT /project/1/team': { data: {} },
    };
    await renderInApp(<ProjectsSection />, { language: 'en' });
    await userEvent.click(await screen.findByTestId('project-change-team'));
    const dialog = await screen.findByTestId('team-dialog');
    const pm = await within(dialog).findByTestId('team-pm');
    expect(within(pm).getByRole('option', { name: 'C2 PM · 2 proj. · 4 tasks' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('team-submit')).toBeDisabled();
    await userEvent.selectOptions(pm, '2');
    await userEvent.click(within(dialog).getByTestId('team-submit'));
    await waitFor(() => expect(screen.queryByTestId('team-dialog')).not.toBeInTheDocument());
    expect(server.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ role: 'pm', userId: 2 }]);
  });

  it('shows the catalogue words of a refused assignment', async () => {
    server.routes = {
      'GET /ops/projects': { data: { list: [opsProject(1)], hasMore: false } },
      'GET /project/1/team/candidates': { data: [candidate(2, 'pm')] },
      'PUT /project/1/team': { status: 404, code: 'user_not_found' },
    };
    await renderInApp(<ProjectsSection />, { language: 'en' });
    await userEvent.click(await screen.findByTestId('project-change-team'));
    const dialog = await screen.findByTestId('team-dialog');
    await userEvent.selectOptions(await within(dialog).findByTestId('team-pm'), '2');
    await userEvent.click(within(dialog).getByTestId('team-submit'));
    expect(await within(dialog).findByTestId('team-error')).not.toBeEmptyDOMElement();
  });
});
