import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invitation } from '../fixtures';
import { InvitationsSection } from './InvitationsSection';

const server = apiServerForFile();
beforeEach(() => {
  signInAs('am', { can: { createProject: false, ops: true, takeProjects: true, closeAccount: false } });
});

describe('InvitationsSection', () => {
  it('lists codes with their uses and pages on', async () => {
    server.routes = {
      'GET /ops/invitations': { data: { list: [invitation(9), invitation(8, { maxUses: null, useCount: 4 })], hasMore: true } },
      'GET /ops/invitations?backFrom=8': { data: { list: [invitation(7, { status: 'revoked' })], hasMore: false } },
    };
    await renderInApp(<InvitationsSection />, { language: 'en' });
    const rows = await screen.findAllByTestId('invitation-row');
    expect(rows[0]).toHaveTextContent('1 of 5');
    expect(rows[1]).toHaveTextContent('4 (unlimited)');
    await userEvent.click(screen.getByTestId('invitations-more'));
    await waitFor(() => expect(screen.getAllByTestId('invitation-row')).toHaveLength(3));
    expect(within(screen.getAllByTestId('invitation-row')[2]!).queryByTestId('invitation-revoke')).not.toBeInTheDocument();
  });

  it('says there are no codes', async () => {
    server.routes = { 'GET /ops/invitations': { data: { list: [], hasMore: false } } };
    await renderInApp(<InvitationsSection />, { language: 'en' });
    expect(await screen.findByTestId('invitations-empty')).toHaveTextContent('No codes yet');
  });

  it('refuses an invalid number of uses before asking, then issues unlimited codes without expiry', async () => {
    server.routes = {
      'GET /ops/invitations': { data: { list: [], hasMore: false } },
      'POST /ops/invitations': { data: invitation(10, { code: 'NEW-CODE', maxUses: null }) },
    };
    await renderInApp(<InvitationsSection />, { language: 'en' });
    await screen.findByTestId('invitations-empty');
    await userEvent.click(screen.getByTestId('invitation-issue'));
    const dialog = await screen.findByTestId('issue-invitation-dialog');
    await userEvent.clear(within(dialog).getByTestId('issue-uses'));
    await userEvent.type(within(dialog).getByTestId('issue-uses'), '0');
    await userEvent.click(within(dialog).getByTestId('issue-submit'));
    expect(dialog).toHaveTextContent('Invalid value');
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByTestId('issue-unlimited'));
    await userEvent.click(within(dialog).getByTestId('issue-no-expiry'));
    await userEvent.selectOptions(within(dialog).getByTestId('issue-kind'), 'performer');
    await userEvent.type(within(dialog).getByTestId('issue-note'), 'Fair');
    await userEvent.click(within(dialog).getByTestId('issue-submit'));
    expect(await screen.findByTestId('invitations-notice')).toHaveTextContent('Code NEW-CODE was issued');
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({ kind: 'performer', maxUses: null, expiresInDays: null, note: 'Fair' });
    expect(screen.getAllByTestId('invitation-row')).toHaveLength(1);
  });

  it('revokes a code after confirming', async () => {
    server.routes = {
      'GET /ops/invitations': { data: { list: [invitation(9)], hasMore: false } },
      'POST /ops/invitation/9/revoke': { data: invitation(9, { status: 'revoked' }) },
    };
    await renderInApp(<InvitationsSection />, { language: 'en' });
    await userEvent.click(await screen.findByTestId('invitation-revoke'));
    await userEvent.click(within(await screen.findByTestId('revoke-dialog')).getByTestId('revoke-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('invitation-status')).toHaveTextContent('Revoked'));
    expect(screen.queryByTestId('invitation-revoke')).not.toBeInTheDocument();
  });
});
