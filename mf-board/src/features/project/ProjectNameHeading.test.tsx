import { project, renderInApp, signInAs, apiServerForFile } from '@negayno/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workStores } from '@negayno/shared/work-stores';
import { ProjectNameHeading } from './ProjectNameHeading';

const server = apiServerForFile();
beforeEach(() => {
  server.routes = { 'PUT /project/1/update-name': ({ body }) => ({ data: project({ name: (body as { name: string }).name }) }) };
  signInAs('user');
});

const renames = () => server.requests.filter((request) => request.path === '/project/1/update-name');

async function renderHeading() {
  await renderInApp(<ProjectNameHeading projectId={1} name="Shop" editable />, { language: 'en' });
  return screen.getByTestId('project-name-input');
}

describe('ProjectNameHeading', () => {
  it('saves a changed, trimmed name on blur', async () => {
    const input = await renderHeading();
    await userEvent.clear(input);
    await userEvent.type(input, '  Store  ');
    await userEvent.tab();
    await waitFor(() => expect(renames()).toHaveLength(1));
    expect(renames()[0]?.body).toEqual({ name: 'Store' });
    await waitFor(() => expect(workStores.projects.current?.name).toBe('Store'));
  });

  it('does not save an unchanged or empty name, and brings the saved one back', async () => {
    const input = await renderHeading();
    await userEvent.click(input);
    await userEvent.tab();
    await userEvent.clear(input);
    await userEvent.tab();
    expect(input).toHaveValue('Shop');
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.tab();
    expect(input).toHaveValue('Shop');
    expect(renames()).toHaveLength(0);
  });

  it('saves on Enter and reverts on Escape', async () => {
    const input = await renderHeading();
    await userEvent.clear(input);
    await userEvent.type(input, 'Draft{Escape}');
    expect(input).toHaveValue('Shop');
    expect(input).not.toHaveFocus();
    expect(renames()).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, 'Store{Enter}');
    await waitFor(() => expect(renames()).toHaveLength(1));
  });

  it('is plain text for anyone but an administrator', async () => {
    await renderInApp(<ProjectNameHeading projectId={1} name="Shop" editable={false} />);
    expect(screen.getByRole('heading', { name: 'Shop' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
