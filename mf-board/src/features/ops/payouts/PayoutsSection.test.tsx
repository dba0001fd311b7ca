import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { payout } from '../fixtures';
import { PayoutsSection } from './PayoutsSection';

const server = apiServerForFile();
beforeEach(() => {
  signInAs('am', { can: { createProject: false, ops: true, takeProjects: true, closeAccount: false } });
});

describe('PayoutsSection', () => {
  it('shows pending requests with the wallet, its history on demand, and pages on', async () => {
    server.routes = {
      'GET /ops/payouts?status=pending': { data: { list: [payout(3), payout(4)], hasMore: true } },
      'GET /ops/payouts?status=pending&backFrom=4': { data: { list: [payout(5)], hasMore: false } },
      'GET /ops/user/7/transactions': { data: { list: [], hasMore: false } },
    };
    await renderInApp(<PayoutsSection />, { language: 'en' });
    const rows = await screen.findAllByTestId('payout-row');
    expect(rows[0]).toHaveTextContent('600');
    expect(rows[0]).toHaveTextContent('Wallet balance: 100');
    await userEvent.click(within(rows[0]!).getByTestId('payout-history-toggle'));
    expect(await within(rows[0]!).findByText('No transactions')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('payouts-more'));
    await waitFor(() => expect(screen.getAllByTestId('payout-row')).toHaveLength(3));
  });

  it('says there are no requests', async () => {
    server.routes = { 'GET /ops/payouts?status=pending': { data: { list: [], hasMore: false } } };
    await renderInApp(<PayoutsSection />, { language: 'en' });
    expect(await screen.findByTestId('payouts-empty')).toHaveTextContent('No payout requests');
  });

  it('completes with a reference, which is required, and the request leaves the pending list', async () => {
    server.routes = {
      'GET /ops/payouts?status=pending': { data: { list: [payout(3)], hasMore: false } },
      'POST /ops/payout/3/complete': { data: payout(3, { status: 'completed', settlementNote: 'REF-1' }) },
    };
    await renderInApp(<PayoutsSection />, { language: 'en' });
    await userEvent.click(await screen.findByTestId('payout-complete'));
    const dialog = await screen.findByTestId('complete-dialog');
    await userEvent.click(within(dialog).getByTestId('complete-dialog-confirm'));
    expect(dialog).toHaveTextContent('Payment reference is required');
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByTestId('complete-dialog-input'), 'REF-1');
    await userEvent.click(within(dialog).getByTestId('complete-dialog-confirm'));
    expect(await screen.findByTestId('payouts-notice')).toHaveTextContent('Payout No. 3 was completed');
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({ reference: 'REF-1' });
    expect(screen.queryByTestId('payout-row')).not.toBeInTheDocument();
  });

  it('shows a refusal of the server inside the reject dialog', async () => {
    server.routes = {
      'GET /ops/payouts?status=pending': { data: { list: [payout(3)], hasMore: false } },
      'POST /ops/payout/3/reject': { status: 400, code: 'reason_is_too_long' },
    };
    await renderInApp(<PayoutsSection />, { language: 'en' });
    await userEvent.click(await screen.findByTestId('payout-reject'));
    const dialog = await screen.findByTestId('reject-dialog');
    await userEvent.type(within(dialog).getByTestId('reject-dialog-input'), 'No');
    await userEvent.click(within(dialog).getByTestId('reject-dialog-confirm'));
    await waitFor(() => expect(dialog).toHaveTextContent('Reason: maximum number of characters exceeded'));
    expect(screen.getByTestId('payout-row')).toBeInTheDocument();
  });
});
