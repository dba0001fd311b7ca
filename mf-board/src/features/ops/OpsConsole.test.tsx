import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { OpsRoute } from '../ops-route';
import { opsProject } from './fixtures';

const server = apiServerForFile();

function app() {
  return (
    <Routes>
      <Route path="/ops/*" element={<OpsRoute />} />
    </Routes>
  );
}

describe('the console route', () => {
  it('is the not-found page for anyone but an operator', async () => {
    signInAs('pm');
    await renderInApp(app(), { route: '/ops', language: 'en' });
    expect(screen.getByTestId('not-found-page')).toHaveTextContent('Page not found');
    expect(screen.queryByTestId('ops-console')).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('opens on the staff for an operator and moves between sections by the tabs, with the keyboard', async () => {
    signInAs('am', { can: { createProject: false, ops: true, takeProjects: true, closeAccount: false } });
    server.routes = {
      'GET /ops/staff': { data: { list: [], hasMore: false } },
      'GET /ops/projects': { data: { list: [opsProject(4)], hasMore: false } },
    };
    await renderInApp(app(), { route: '/ops', language: 'en' });
    expect(await screen.findByTestId('ops-console', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByTestId('staff-empty')).toBeInTheDocument();
    screen.getByRole('tab', { name: 'Projects' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('project-row')).toHaveTextContent('Project 4');
    expect(screen.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
  });
});
