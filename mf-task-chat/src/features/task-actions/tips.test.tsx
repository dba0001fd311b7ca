/**
 * Tips (decisions 5, issue 33): a Tips button on every task whose work the client accepted, a dialog
 * with the wallet's balance and a top-up link, and the way back to the dialog after the top-up.
 */
import type { TaskActions, TaskDocument, WalletAnswer } from '@negayno/shared/contract';
import { STORAGE_KEYS } from '@negayno/shared/lib';
import { rootStore } from '@negayno/shared/stores';
import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { taskSession } from '../task-session/task-session';
import { TaskLifeCycle } from './TaskLifeCycle';

const workflowStore = taskSession.parts.workflow;

const server = apiServerForFile();

const CONTRACT = {
  id: 11,
  taskId: 7,
  type: 'contract',
  version: 1,
  name: 'Landing',
  description: '',
  workList: ['Layout'],
  cost: 100_000,
  currency: 'UAH',
  urgencies: [{ urgency: 1, price: 100_000, dateDeadline: 1_800_000_000, currency: 'UAH' }],
  progress: 100,
  performers: [{ id: 31, firstname: 'Taras', lastname: 'Oliinyk', dateFinish: null }],
  dateStart: 1_790_000_000,
  dateDeadline: 1_800_000_000,
  dateUpdate: 1_790_000_000,
  datePause: null,
  expired: false,
  current: true,
  rejection: null,
  can: { accept: false, reject: false, update: false },
} satisfies TaskDocument;

function actions(tip: boolean): TaskActions {
  return { taskId: 7, actions: [], performers: [], seeLedger: false, seeEstimates: false, tip };
}

/** The drawer's session reads the life cycle when the task opens; the bar draws it. */
async function showLifeCycle(language: 'uk' | 'en'): Promise<void> {
  void workflowStore.load(7);
  await renderInApp(<TaskLifeCycle taskId={7} />, { language });
}

const WALLET: WalletAnswer = { balance: 0, currency: 'UAH', can: { topUp: true, payout: false, tipsStatistics: false }, billingEmail: null };

beforeEach(() => {
  signInAs('user');
  workflowStore.clear();
  sessionStorage.clear();
  runInAction(() => rootStore.ui.closeWallet());
  server.routes = {
    'GET /task/7/actions': { data: actions(true) },
    'GET /task/7/documents': { data: [CONTRACT] },
    'GET /user/balance': { data: WALLET },
  };
});

describe('tips on an accepted task', () => {
  it('offers a Tips button that opens the dialog with the wallet balance, and "Not now" leaves the button there', async () => {
    await showLifeCycle('uk');
    await userEvent.click(await screen.findByTestId('action-tips'));
    const dialog = await screen.findByTestId('tips-dialog');
    expect(await within(dialog).findByTestId('tips-balance')).toHaveTextContent('У гаманці: 0 грн');
    expect(within(dialog).getByTestId('tips-top-up')).toHaveTextContent('Поповнити гаманець');
    await userEvent.click(within(dialog).getByTestId('tips-skip'));
    await waitFor(() => expect(screen.queryByTestId('tips-dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('action-tips')).toBeInTheDocument();
  });

  it('is not offered where the server says no', async () => {
    server.routes['GET /task/7/actions'] = { data: actions(false) };
    await showLifeCycle('en');
    await screen.findByTestId('contract-card');
    expect(screen.queryByTestId('action-tips')).not.toBeInTheDocument();
  });

  it('tops the wallet up from the dialog and comes back to it when the wallet closes', async () => {
    await showLifeCycle('en');
    await userEvent.click(await screen.findByTestId('action-tips'));
    await userEvent.click(await screen.findByTestId('tips-top-up'));
    // The wallet drawer takes over, asked to bring the checkout back to this task.
    expect(rootStore.ui.wallet).toEqual({ kind: 'user', returnTo: '/task/7' });
    expect(sessionStorage.getItem(STORAGE_KEYS.tipsReturn)).toBe('7');
    await waitFor(() => expect(screen.queryByTestId('tips-dialog')).not.toBeInTheDocument());

    server.routes['GET /user/balance'] = { data: { ...WALLET, balance: 50_000 } };
    runInAction(() => rootStore.ui.closeWallet());
    const dialog = await screen.findByTestId('tips-dialog');
    expect(await within(dialog).findByTestId('tips-balance')).toHaveTextContent('In your wallet: 500 грн');
    expect(sessionStorage.getItem(STORAGE_KEYS.tipsReturn)).toBeNull();
  });
});
