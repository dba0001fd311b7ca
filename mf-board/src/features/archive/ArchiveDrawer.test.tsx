import type { ArchivedTask } from '@negayno/shared/contract';
import { renderInApp, signInAs, apiServerForFile } from '@negayno/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ArchiveDrawer } from './ArchiveDrawer';

const server = apiServerForFile();
beforeEach(() => {
  signInAs('user');
});

function archived(id: number): ArchivedTask {
  return { id, number: id, name: `Done ${id}`, project: { id: 3, name: 'Shop' }, dateCreate: 1_700_000_000, datePublish: null, dateArchived: 1_700_100_000 };
}

describe('ArchiveDrawer', () => {
  it('lists archived tasks linking to them and pages on with show more', async () => {
    server.routes = {
      'GET /project/3/archive': { data: { list: [archived(40), archived(39)], hasMore: true } },
      'GET /project/3/archive/39': { data: { list: [archived(38)], hasMore: false } },
    };
    await renderInApp(<ArchiveDrawer scope={{ kind: 'project', projectId: 3 }} onClose={() => undefined} />, { language: 'en' });
    expect(await screen.findAllByTestId('archive-row')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Done 40' })).toHaveAttribute('href', '/task/40?projectId=3');
    expect(screen.getByRole('columnheader', { name: 'Finished' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('archive-more'));
    await waitFor(() => expect(screen.getAllByTestId('archive-row')).toHaveLength(3));
    expect(screen.queryByTestId('archive-more')).not.toBeInTheDocument();
  });

  it('says the archive is empty', async () => {
    server.routes = { 'GET /archive': { data: { list: [], hasMore: false } } };
    await renderInApp(<ArchiveDrawer scope={{ kind: 'user' }} onClose={() => undefined} />, { language: 'en' });
    expect(await screen.findByTestId('archive-empty')).toHaveTextContent('The archive is empty');
  });

  it('says a failed load failed, never that the archive is empty, and retries', async () => {
    let failing = true;
    server.routes = {
      'GET /archive': () => (failing ? { status: 500, code: 'internal_error' } : { data: { list: [archived(7)], hasMore: false } }),
    };
    await renderInApp(<ArchiveDrawer scope={{ kind: 'user' }} onClose={() => undefined} />, { language: 'en' });
    const failed = await screen.findByTestId('archive-failed');
    expect(failed).toHaveAttribute('role', 'alert');
    expect(screen.queryByTestId('archive-empty')).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('archive-row')).toHaveLength(1);
  });
});
