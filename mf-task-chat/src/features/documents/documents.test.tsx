/**
 * Issue 33 in the drawer's documents: a rejected offer says so, with the client's reason, who and when;
 * the staff's estimate card shows the current estimate in full and the previous ones folded under it.
 */
import type { TaskDocument, TaskEstimate } from '@negayno/shared/contract';
import { formatDateTime } from '@negayno/shared/lib';
import { renderInApp, signInAs } from '@negayno/shared/testing';
import { TaskWorkflowStore } from '@negayno/shared/work-stores';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EstimateCard } from './EstimateCard';
import { OfferCard } from './OfferCard';

const REJECTED_AT = 1_795_000_000;

function offer(overrides: Partial<TaskDocument> = {}): TaskDocument {
  return {
    id: 5,
    taskId: 7,
    type: 'offer',
    version: 2,
    name: 'Landing',
    description: '',
    workList: ['Layout'],
    cost: 100_000,
    currency: 'UAH',
    urgencies: [{ urgency: 1, price: 100_000, dateDeadline: 1_800_000_000, currency: 'UAH' }],
    progress: 0,
    performers: [],
    dateStart: null,
    dateDeadline: null,
    dateUpdate: 1_790_000_000,
    datePause: null,
    expired: false,
    current: true,
    rejection: null,
    can: { accept: false, reject: false, update: false },
    ...overrides,
  };
}

function estimate(overrides: Partial<TaskEstimate> = {}): TaskEstimate {
  return {
    id: 9,
    estimate: 'Two pages and a form',
    executionTime: 48,
    executionTimeBase: 32,
    delayStart: 8,
    jobItem: ['Layout', 'Form', 'Tests'],
    dateAutoSendForCheck: null,
    dateCreate: 1_790_000_000,
    performer: { id: 31, firstname: 'Taras', lastname: 'Oliinyk' },
    ...overrides,
  };
}

beforeEach(() => signInAs('user'));

describe('a rejected offer', () => {
  it('is labelled "Rejected" with the reason, who rejected it and when', async () => {
    const rejection = { reason: 'Too expensive', by: { id: 4, firstname: 'Iryna', lastname: 'Koval' }, date: REJECTED_AT };
    await renderInApp(<OfferCard document={offer({ rejection })} store={new TaskWorkflowStore()} />, { language: 'en' });
    expect(screen.getByTestId('offer-rejected')).toHaveTextContent('Rejected');
    const box = screen.getByTestId('offer-rejection');
    expect(box).toHaveTextContent(`Iryna Koval, ${formatDateTime(REJECTED_AT, 'en')}`);
    expect(within(box).getByTestId('offer-rejection-reason')).toHaveTextContent('Reason: Too expensive');
  });

  it('says "Відхилено" in Ukrainian, and nothing of the kind for an offer still open', async () => {
    const rejection = { reason: 'Задорого', by: null, date: REJECTED_AT };
    const { unmount } = await renderInApp(<OfferCard document={offer({ rejection })} store={new TaskWorkflowStore()} />, {
      language: 'uk',
    });
    expect(screen.getByTestId('offer-rejected')).toHaveTextContent('Відхилено');
    expect(screen.getByTestId('offer-rejection')).toHaveTextContent('Причина: Задорого');
    unmount();
    await renderInApp(<OfferCard document={offer()} store={new TaskWorkflowStore()} />, { language: 'uk' });
    expect(screen.queryByTestId('offer-rejected')).not.toBeInTheDocument();
    expect(screen.queryByTestId('offer-rejection')).not.toBeInTheDocument();
  });
});

describe('the estimate card', () => {
  it('shows the current estimate in full, who and when, and the previous ones behind a keyboard-reachable toggle', async () => {
    const older = estimate({ id: 8, executionTime: 40, jobItem: ['Layout'], dateAutoSendForCheck: 1_800_000_000, dateCreate: 1_789_000_000 });
    await renderInApp(<EstimateCard estimates={[estimate(), older]} />, { language: 'en' });
    const current = screen.getByTestId('estimate-current');
    expect(within(current).getByTestId('estimate-by')).toHaveTextContent(`Taras Oliinyk, ${formatDateTime(1_790_000_000, 'en')}`);
    expect(current).toHaveTextContent('Two pages and a form');
    expect(within(current).getByTestId('estimate-hours')).toHaveTextContent('48 h');
    expect(current).toHaveTextContent('Base time32 h');
    expect(current).toHaveTextContent('Delayed start8 h');
    expect(current).toHaveTextContent('Send for review automaticallynot set');
    expect(
      within(within(current).getByTestId('estimate-job-items'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Layout', 'Form', 'Tests']);

    const previous = screen.getByTestId('estimate-previous');
    expect(previous).not.toHaveAttribute('open');
    // A <summary>: the browser makes it a control reachable with Tab and opened with Enter.
    const toggle = within(previous).getByText('Previous estimates (1)');
    expect(toggle.tagName).toBe('SUMMARY');
    await userEvent.click(toggle);
    expect(previous).toHaveAttribute('open');
    expect(within(previous).getByTestId('estimate-8')).toHaveTextContent(formatDateTime(1_800_000_000, 'en'));
  });

  it('shows nothing without an estimate', async () => {
    await renderInApp(<EstimateCard estimates={[]} />, { language: 'en' });
    expect(screen.queryByTestId('estimate-card')).not.toBeInTheDocument();
  });
});
