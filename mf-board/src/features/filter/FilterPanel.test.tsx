import { renderInApp, signInAs, apiServerForFile } from '@negayno/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { workStores } from '@negayno/shared/work-stores';
import { FilterButton } from './FilterButton';
import { useAppliedFilter } from './applied-filter';
import { FilterPanel } from './FilterPanel';

const server = apiServerForFile();
beforeEach(() => {
  server.routes = {
    'GET /projects': {
      data: [
        { id: 1, name: 'Shop', role: 'pm', sortorder: 0, counters: [0, 0, 0, 0] },
        { id: 2, name: 'Blog', role: 'pm', sortorder: 1, counters: [0, 0, 0, 0] },
      ],
    },
  };
  workStores.projects.clear();
  signInAs('pm');
});

/** The panel as a board shows it, with the URL and the last navigation kind on screen. */
function Harness() {
  const [open, setOpen] = useState(true);
  const filter = useAppliedFilter();
  const location = useLocation();
  const type = useNavigationType();
  return (
    <>
      <FilterButton filter={filter} onClick={() => setOpen(true)} />
      <output data-testid="search">{location.search}</output>
      <output data-testid="nav-type">{type}</output>
      <FilterPanel open={open} onClose={() => setOpen(false)} withProject />
    </>
  );
}

const projectLoads = () => server.requests.filter((request) => request.path === '/projects').length;

describe('FilterPanel', () => {
  it('keeps Apply disabled until a value changes, then writes the trimmed values to the URL in place', async () => {
    await renderInApp(<Harness />, { language: 'en', route: '/?keep=1' });
    const apply = screen.getByTestId('filter-apply');
    expect(apply).toBeDisabled();
    expect(screen.queryByTestId('filter-reset')).not.toBeInTheDocument();
    expect(screen.queryByTestId('filter-badge')).not.toBeInTheDocument();
    await userEvent.type(screen.getByTestId('filter-task-name'), '   ');
    expect(apply).toBeDisabled();
    await userEvent.type(screen.getByTestId('filter-task-name'), 'logo  ');
    await userEvent.type(screen.getByTestId('filter-task-number'), '12');
    expect(screen.getByTestId('filter-reset')).toBeInTheDocument();
    await userEvent.click(apply);
    expect(screen.getByTestId('search')).toHaveTextContent('?keep=1&taskNumber=12&taskName=logo');
    expect(screen.getByTestId('nav-type')).toHaveTextContent('REPLACE');
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('2');
  });

  it('loads the project list each time it opens and filters by project', async () => {
    await renderInApp(<Harness />, { language: 'en' });
    await waitFor(() => expect(projectLoads()).toBe(1));
    await userEvent.click(screen.getByTestId('filter-project'));
    await userEvent.click(await screen.findByRole('option', { name: 'Blog' }));
    await userEvent.click(screen.getByTestId('filter-apply'));
    expect(screen.getByTestId('search')).toHaveTextContent('?projectId=2');
    await userEvent.click(screen.getByTestId('filter-button'));
    await waitFor(() => expect(projectLoads()).toBe(2));
    expect(server.requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('shows Reset for an applied filter; Reset clears all three and applies at once', async () => {
    await renderInApp(<Harness />, { language: 'en', route: '/?taskNumber=7&taskName=x&projectId=1' });
    expect(screen.getByTestId('filter-task-number')).toHaveValue('7');
    expect(screen.getByTestId('filter-apply')).toBeDisabled();
    await userEvent.click(screen.getByTestId('filter-reset'));
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
    expect(screen.getByTestId('filter-task-number')).toHaveValue('');
    expect(screen.queryByTestId('filter-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('filter-reset')).not.toBeInTheDocument();
  });
});
