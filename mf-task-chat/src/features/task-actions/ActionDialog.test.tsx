import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import type { TaskActionName, TaskActions, TaskEstimate, TaskStep } from '@negayno/shared/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { TaskWorkflowStore } from '@negayno/shared/work-stores';
import { ActionDialog } from './ActionDialog';
import { parseLocalDateTime, toLocalDateTime } from './dates';

const server = apiServerForFile();
/** A step's answer that leaves nothing to draw (the dialog's own work ends at sending it). */
const NOTHING_LEFT: TaskStep = { card: null, task: null, actions: null, documents: [], ledger: null, estimates: [], chats: null };
beforeEach(() => {
  server.routes = {};
  for (const name of ['publish', 'add-rating', 'send-offer', 'to-estimation', 'reject', 'to-drafts'])
    server.routes[`POST /task/7/action/${name}`] = { data: NOTHING_LEFT };
  signInAs('user');
});

const sent = (name: string) => server.requests.filter((request) => request.path === `/task/7/action/${name}`).map((request) => request.body);

const PERFORMERS: TaskActions['performers'] = [{ id: 31, firstname: 'Ivan', lastname: 'Petrenko', nickname: 'ivan' }];

async function openDialog(action: TaskActionName, estimates: TaskEstimate[] = []) {
  const store = new TaskWorkflowStore();
  runInAction(() => {
    store.taskId = 7;
    store.estimates = estimates;
  });
  const onClose = jest.fn();
  await renderInApp(<ActionDialog action={action} store={store} currency="UAH" performers={PERFORMERS} onClose={onClose} />, { language: 'en' });
  return { onClose };
}

describe('ActionDialog: each side’s fields come from that side’s chunk', () => {
  it('the sm’s offer editor sends the work list as lines and each price in minor units', async () => {
    const { onClose } = await openDialog('send-offer');
    // The editor is in the staff chunk: a moment of loading, then its fields.
    await userEvent.type(await screen.findByTestId('action-field-name'), 'Landing page');
    await userEvent.type(screen.getByTestId('action-field-workList'), 'Design{Enter}  {Enter}Markup ');
    await userEvent.type(screen.getByTestId('action-field-price2'), '1500.5');
    // The deadline is the browser's date and time picker; the chosen moment is said in the viewer's language.
    const deadline = screen.getByTestId('action-field-deadline2');
    expect(deadline).toHaveAttribute('type', 'datetime-local');
    fireEvent.change(deadline, { target: { value: '2030-12-01T10:00' } });
    expect(await screen.findByText('01/12/2030, 10:00')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('send-offer')).toEqual([
      {
        name: 'Landing page',
        description: '',
        workList: ['Design', 'Markup'],
        urgencies: [{ urgency: 2, price: 150050, dateDeadline: parseLocalDateTime('2030-12-01T10:00') }],
      },
    ]);
  });

  it('refuses a deadline in the past before sending, under its field', async () => {
    const { onClose } = await openDialog('send-offer');
    await userEvent.type(await screen.findByTestId('action-field-name'), 'Landing page');
    await userEvent.type(screen.getByTestId('action-field-workList'), 'Design');
    await userEvent.type(screen.getByTestId('action-field-price3'), '900');
    fireEvent.change(screen.getByTestId('action-field-deadline3'), { target: { value: toLocalDateTime(Date.now() / 1000 - 3600) } });
    await userEvent.click(screen.getByTestId('action-submit'));
    expect(await screen.findByText('The deadline must be a date later than now')).toBeInTheDocument();
    expect(sent('send-offer')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts the offer editor from the last estimate: its job items and the deadlines its hours give', async () => {
    const estimate: TaskEstimate = {
      id: 3,
      estimate: 'Two pages',
      executionTime: 16,
      executionTimeBase: 12,
      delayStart: 24,
      jobItem: ['Layout', 'Form'],
      dateAutoSendForCheck: null,
      dateCreate: 1_800_000_000,
      performer: { id: 31, firstname: 'Ivan', lastname: 'Petrenko' },
    };
    const older = { ...estimate, id: 2, jobItem: ['Old item'] };
    await openDialog('send-offer', [estimate, older]);
    await waitFor(() => expect(screen.getByTestId('action-field-workList')).toHaveValue('Layout\nForm'));
    // 24 h of delay and 16 working hours (two days of 8): "Need" in three days, "Wait" in five, each
    // at the end of that working day (18:00), never earlier.
    const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
    const inHours = (testId: string) => ((parseLocalDateTime(value(testId)) ?? 0) - Date.now() / 1000) / 3600;
    expect(value('action-field-deadline2')).toMatch(/T18:00$/);
    expect(value('action-field-deadline1')).toMatch(/T18:00$/);
    expect(inHours('action-field-deadline2')).toBeGreaterThan(71.9);
    expect(inHours('action-field-deadline2')).toBeLessThanOrEqual(72 + 24);
    expect(inHours('action-field-deadline1')).toBeGreaterThan(119.9);
    expect(inHours('action-field-deadline1')).toBeLessThanOrEqual(120 + 24);
    expect(screen.getByTestId('action-field-deadline3')).toHaveValue('');
  });

  it('a pm assigns the performers ticked', async () => {
    await openDialog('to-estimation');
    await userEvent.click(await screen.findByTestId('performer-31'));
    await userEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent('to-estimation')).toEqual([{ performerIds: [31] }]));
  });

  it('the client publishes with the negayno flag and rates with stars and a review', async () => {
    await openDialog('publish');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Negayno (twice as fast)' }));
    await userEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent('publish')).toEqual([{ negayno: true }]));
    // The parent closes a dialog on onClose; this one's is a mock, so take it away before the next, whose
    // content a still-open modal would hide from the accessibility tree.
    cleanup();

    await openDialog('add-rating');
    await screen.findByTestId('action-field-rating');
    await userEvent.click(screen.getAllByRole('radio')[3]!);
    await userEvent.type(screen.getByTestId('action-field-review'), 'Good work');
    await userEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent('add-rating')).toEqual([{ rating: 4, review: 'Good work' }]));
  });

  it('a reason or a plain confirmation needs no chunk and can be sent at once', async () => {
    await openDialog('reject');
    expect(screen.queryByTestId('action-form-loading')).not.toBeInTheDocument();
    await userEvent.type(screen.getByTestId('action-field-message'), 'Not what we asked for');
    await userEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent('reject')).toEqual([{ message: 'Not what we asked for' }]));
    cleanup();

    await openDialog('to-drafts');
    expect(screen.getByTestId('action-submit')).toBeEnabled();
    await userEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent('to-drafts')).toEqual([{}]));
  });
});
