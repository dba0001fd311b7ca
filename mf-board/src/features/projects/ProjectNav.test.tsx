import { workStores } from '@negayno/shared/work-stores';
import { apiServerForFile, card, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { ProjectNav } from './ProjectNav';

const server = apiServerForFile();

beforeEach(() => {
  workStores.projects.clear();
  workStores.board.clear();
});

describe('the sidebar project counter (issue 33, item 14)', () => {
  it('keeps in step with the board as a task is created, without the list read again', async () => {
    signInAs('user');
    server.routes = {
      'GET /projects': {
        data: [
          { id: 1, name: 'Shop', role: 'administrator', sortorder: 0, counters: [1, 0, 0, 0] },
          { id: 2, name: 'Blog', role: 'administrator', sortorder: 1, counters: [0, 2, 0, 0] },
        ],
      },
      'GET /project/1/tasks': { data: [card(1, 1)] },
      'POST /project/1/new-task': { data: card(2, 1, { name: 'New' }) },
      'GET /project/1/tasks?taskName=zzz': { data: [] },
    };
    await workStores.projects.load();
    await workStores.board.load(1);
    await renderInApp(<ProjectNav currentId={1} />, { language: 'en' });
    const nav = await screen.findByTestId('project-nav');
    const counts = () =>
      within(nav)
        .getAllByTestId('project-count')
        .map((count) => count.textContent);
    expect(counts()).toEqual(['1', '2']);
    await workStores.board.createTask(1, 'New');
    await waitFor(() => expect(counts()).toEqual(['2', '2']));
    expect(server.requests.filter((request) => request.path === '/projects')).toHaveLength(1);
    // A filtered board holds only some cards: the list's own counter then.
    await workStores.board.load(1, { taskName: 'zzz' });
    await waitFor(() => expect(counts()).toEqual(['1', '2']));
  });
});
