import type { UnstaffedProject } from '@negayno/shared/contract';
import { renderInApp, signInAs, apiServerForFile } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewClients } from './NewClients';

const server = apiServerForFile();

const now = Math.floor(Date.now() / 1000);

function waiting(id: number, overrides: Partial<UnstaffedProject> = {}): UnstaffedProject {
  return {
    id,
    name: `Shop ${id}`,
    client: { id: 100 + id, firstname: 'Iryna', lastname: `Client${id}`, email: `client${id}@example.com` },
    missing: ['am', 'pm', 'sm'],
    publishedTasks: 1,
    dateCreate: now - 600,
    dueAt: now + 3 * 3600,
    ...overrides,
  };
}

const item = (id: number) => screen.getAllByTestId('new-client').find((row) => row.dataset.projectId === String(id))!;

beforeEach(() => {
  server.routes = { 'GET /projects': { data: [] } };
  signInAs('am', { id: 20 });
});

describe('New clients on the am’s home', () => {
  it('lists the waiting projects with a count, the open roles, the published tasks and the promised time, past due marked', async () => {
    server.routes['GET /staffing/queue'] = {
      data: [waiting(7, { dueAt: now - 3600, publishedTasks: 2 }), waiting(8, { missing: ['am', 'sm'] }), waiting(9, { missing: ['pm', 'sm'] })],
    };
    await renderInApp(<NewClients />, { language: 'en' });
    expect(await screen.findByTestId('new-clients-count')).toHaveTextContent('2');
    expect(within(item(7)).getByText('Shop 7')).toBeInTheDocument();
    expect(within(item(7)).getByText('Client: Iryna Client7 (client7@example.com)')).toBeInTheDocument();
    expect(within(item(7)).getByText('Published tasks: 2')).toBeInTheDocument();
    expect(item(7).dataset.overdue).toBe('true');
    expect(within(item(7)).getByTestId('new-client-due')).toHaveTextContent(/^Overdue: due by /);
    expect(item(8).dataset.overdue).toBe('false');
    expect(within(item(8)).getByTestId('new-client-due')).toHaveTextContent(/^Staff by /);
    expect(within(item(8)).getByText('Sales manager')).toBeInTheDocument();
    expect(within(item(8)).queryByText('Project manager')).not.toBeInTheDocument();
    // A project that has its am already is that am's to complete, not a new client to take.
    expect(screen.getAllByTestId('new-client').map((row) => row.dataset.projectId)).toEqual(['7', '8']);
  });

  it('takes a project: the viewer’s projects are asked again and the list drops it', async () => {
    let taken = false;
    server.routes['GET /staffing/queue'] = () => ({ data: taken ? [] : [waiting(7)] });
    server.routes['POST /project/7/team/take'] = () => {
      taken = true;
      return { data: { id: 7 } };
    };
    const onTaken = jest.fn();
    await renderInApp(<NewClients onTaken={onTaken} />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Take the project “Shop 7”' }));
    expect(await screen.findByTestId('new-clients-outcome')).toHaveTextContent('The project “Shop 7” is yours now.');
    expect(await screen.findByTestId('new-clients-empty')).toHaveTextContent('No new clients');
    expect(screen.getByTestId('new-clients-count')).toHaveTextContent('0');
    expect(onTaken).toHaveBeenCalled();
    await waitFor(() => expect(server.requests.some((request) => request.path === '/projects')).toBe(true));
  });

  it('says another manager was first (409) and shows the list as it is now', async () => {
    let lost = false;
    server.routes['GET /staffing/queue'] = () => ({ data: lost ? [waiting(8)] : [waiting(7), waiting(8)] });
    server.routes['POST /project/7/team/take'] = () => {
      lost = true;
      return { status: 409, code: 'project_already_staffed' };
    };
    await renderInApp(<NewClients />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Take the project “Shop 7”' }));
    expect(await screen.findByTestId('new-clients-outcome')).toHaveTextContent('Another manager has already taken this project');
    await waitFor(() => expect(screen.getAllByTestId('new-client').map((row) => row.dataset.projectId)).toEqual(['8']));
    expect(screen.getByTestId('new-clients-count')).toHaveTextContent('1');
  });

  it('has an empty state, collapses from the keyboard, and asks again when the window gets focus', async () => {
    server.routes['GET /staffing/queue'] = { data: [] };
    await renderInApp(<NewClients />, { language: 'uk' });
    expect(await screen.findByTestId('new-clients-empty')).toHaveTextContent('Нових клієнтів немає');
    const toggle = screen.getByRole('button', { name: /Нові клієнти/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('new-clients-empty')).not.toBeInTheDocument();
    const before = server.requests.filter((request) => request.path === '/staffing/queue').length;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(server.requests.filter((request) => request.path === '/staffing/queue').length).toBe(before + 1));
  });
});
