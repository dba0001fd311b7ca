import { rootStore } from '@negayno/shared/stores';
import { workStores } from '@negayno/shared/work-stores';
import { NO_PROJECT_CAN, card, member, project, projectCan, renderInApp, signInAs, apiServerForFile } from '@negayno/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProjectView } from './ProjectView';
import { fakeBoardLayout } from '../../test/board-layout';

const server = apiServerForFile();
fakeBoardLayout();

function serve(role: 'administrator' | 'user' | 'guest', can = projectCan(role)) {
  server.routes = {
    'GET /projects': { data: [{ id: 1, name: 'Shop', role, sortorder: 0, counters: [1, 0, 0, 0] }] },
    'GET /project/1': { data: project({ role, can, projectUsers: [member(1, { role })] }) },
    'GET /project/1/tasks': { data: [card(1, 1)] },
  };
}

beforeEach(() => {
  workStores.projects.clear();
  workStores.board.clear();
});

describe('ProjectView', () => {
  it('gives a guest the plain name, no create button, no wallet and a menu with the archive only', async () => {
    signInAs('user');
    serve('guest');
    await renderInApp(<ProjectView projectId={1} />, { language: 'en' });
    expect(await screen.findByTestId('project-name')).toHaveTextContent('Shop');
    expect(await screen.findByTestId('task-card')).toBeInTheDocument();
    expect(screen.queryByTestId('new-task')).not.toBeInTheDocument();
    expect(screen.queryByTestId('project-wallet')).not.toBeInTheDocument();
    expect(screen.queryByTestId('project-name-input')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('project-menu-button'));
    // The menu is in the lazily fetched panels chunk: its first open in a test file compiles that chunk
    // (the members drawer with its team section included), which takes seconds on a busy machine.
    const menu = await screen.findByTestId('project-menu', {}, { timeout: 15_000 });
    expect(within(menu).getByTestId('menu-archive')).toBeInTheDocument();
    expect(within(menu).queryByTestId('menu-settings')).not.toBeInTheDocument();
    expect(within(menu).queryByTestId('menu-delete')).not.toBeInTheDocument();
    expect(within(menu).queryByTestId('menu-import')).not.toBeInTheDocument();
  });

  it('gives a project user the create button but not the admin tools', async () => {
    signInAs('user');
    serve('user');
    await renderInApp(<ProjectView projectId={1} />, { language: 'en' });
    expect(await screen.findByTestId('new-task')).toBeInTheDocument();
    expect(screen.queryByTestId('project-name-input')).not.toBeInTheDocument();
    expect(screen.queryByTestId('project-wallet')).not.toBeInTheDocument();
  });

  it('gives an administrator the editable name, the wallet, settings and delete', async () => {
    signInAs('user');
    serve('administrator');
    await renderInApp(<ProjectView projectId={1} />, { language: 'en' });
    expect(await screen.findByTestId('project-name-input')).toHaveValue('Shop');
    expect(screen.getByTestId('new-task')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('project-wallet'));
    expect(rootStore.ui.wallet).toEqual({ kind: 'project', projectId: 1 });
    await userEvent.click(screen.getByTestId('project-menu-button'));
    expect(await screen.findByTestId('menu-settings')).toBeInTheDocument();
    expect(screen.getByTestId('menu-delete')).toBeInTheDocument();
    expect(screen.getByTestId('menu-import')).toBeInTheDocument();
  });

  it("shows and hides the tools from the answer's can, not from the role it labels", async () => {
    signInAs('user');
    const none = NO_PROJECT_CAN;
    serve('administrator', none);
    const view = await renderInApp(<ProjectView projectId={1} />, { language: 'en' });
    expect(await screen.findByTestId('project-name')).toHaveTextContent('Shop');
    expect(screen.queryByTestId('project-name-input')).not.toBeInTheDocument();
    expect(screen.queryByTestId('new-task')).not.toBeInTheDocument();
    expect(screen.queryByTestId('project-wallet')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('project-menu-button'));
    expect(within(await screen.findByTestId('project-menu')).queryByTestId('menu-delete')).not.toBeInTheDocument();
    view.unmount();
    workStores.projects.clear();
    serve('guest', { ...none, rename: true, createTask: true, seeBalance: true, delete: true, importTasks: true });
    await renderInApp(<ProjectView projectId={1} />, { language: 'en' });
    expect(await screen.findByTestId('project-name-input')).toHaveValue('Shop');
    expect(screen.getByTestId('new-task')).toBeInTheDocument();
    expect(screen.getByTestId('project-wallet')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('project-menu-button'));
    // The menu is in the lazily fetched panels chunk: its first open in a test file compiles that chunk
    // (the members drawer with its team section included), which takes seconds on a busy machine.
    const menu = await screen.findByTestId('project-menu', {}, { timeout: 15_000 });
    expect(within(menu).getByTestId('menu-delete')).toBeInTheDocument();
    expect(within(menu).getByTestId('menu-import')).toBeInTheDocument();
    expect(within(menu).queryByTestId('menu-settings')).not.toBeInTheDocument();
  });

  it('exports the project from the menu: the progress while it is made, then the download link', async () => {
    signInAs('user');
    serve('administrator');
    const running = { id: 7, projectId: 1, status: 'running', progress: 40, size: null, dateCreate: 1_800_000_000, dateExpires: null, url: null };
    server.routes['GET /project/1/export'] = { data: null };
    server.routes['POST /project/1/export'] = { data: running };
    await renderInApp(<ProjectView projectId={1} />, { language: 'en' });
    await userEvent.click(await screen.findByTestId('project-menu-button'));
    await userEvent.click(await screen.findByTestId('menu-export', {}, { timeout: 15_000 }));
    expect(await screen.findByTestId('export-running')).toHaveTextContent('Preparing the archive… 40%');
    // The next poll finds it ready.
    server.routes['GET /project/1/export'] = {
      data: { ...running, status: 'ready', progress: 100, size: 2 * 1024 * 1024, dateExpires: 1_800_086_400, url: '/api/project/1/export/7' },
    };
    const link = await screen.findByTestId('export-download', {}, { timeout: 5_000 });
    expect(link).toHaveAttribute('href', '/api/project/1/export/7');
    expect(link).toHaveTextContent('Download the archive (2');
    expect(server.requests.filter((request) => request.method === 'POST' && request.path === '/project/1/export')).toHaveLength(1);
  });
});
