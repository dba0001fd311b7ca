import { TASK_STATUSES, type CardColor, type TaskStatus } from '@negayno/shared/contract';
import { datesForStatus } from '../../seed/builders.js';
import type { ProjectViewerRole } from '../projects/index.js';
import { toUnix } from '../../lib/time.js';
import { cardColor, type ColorFacts } from './colors.js';
import { EXPIRATION_OF_STATUS, type ExpirationColumn } from './life-cycle.js';

const NOW = new Date('2030-06-01T12:00:00Z');
const HOUR = 3600_000;

type DateKey =
  | 'date_pause'
  | 'deletion_requested_at'
  | 'date_publish'
  | 'date_approval'
  | 'date_deadline'
  | 'date_send_to_test'
  | 'date_send_to_prod'
  | 'date_accept_on_test'
  | ExpirationColumn;
type TaskChange = Partial<Record<DateKey, Date | null>> & { negayno?: boolean };

/**
 * The colour facts of a task as the life cycle leaves it in a status (expiration three days ahead),
 * with changes on top: what the card statement reads of the same dates (board.test.ts checks that side).
 */
function task(status: TaskStatus, change: TaskChange = {}): ColorFacts {
  const dates = { ...datesForStatus(status, NOW), ...change } as Partial<Record<DateKey, Date | null>>;
  const seconds = (key: DateKey | undefined) => (key && dates[key] ? toUnix(dates[key]) : null);
  const set = (key: DateKey) => seconds(key) !== null;
  return {
    status,
    negayno: change.negayno ?? false,
    paused: set('date_pause'),
    deletionRequested: set('deletion_requested_at'),
    datePublish: seconds('date_publish'),
    dateDeadline: seconds('date_deadline'),
    dateExpiration: seconds(EXPIRATION_OF_STATUS[status]),
    approved: set('date_approval'),
    sentToTest: set('date_send_to_test'),
    sentToProd: set('date_send_to_prod'),
    acceptedOnTest: set('date_accept_on_test'),
  };
}

const ROLES: ProjectViewerRole[] = ['administrator', 'user', 'guest', 'am', 'pm', 'sm', 'performer'];

describe('card colours (decisions 3; the table in docs/decisions.md), first match wins', () => {
  it('colours a task with fresh time limits by who must act, per role', () => {
    const table = Object.fromEntries(
      TASK_STATUSES.filter((s) => s !== 'archived').map((status) => [status, ROLES.map((role) => cardColor(role, task(status), NOW) ?? '–').join(' ')]),
    );
    expect(table).toEqual({
      //            administrator user    guest     am        pm        sm        performer
      draft: '– – – – – – –',
      published: 'rootGrey rootGrey rootGrey rootYellow rootYellow rootGrey rootGrey',
      discussion: 'rootGrey rootGrey rootGrey rootGrey rootYellow rootGrey rootGrey',
      estimation: 'rootGrey rootGrey rootGrey rootGrey rootGrey rootGrey rootYellow',
      estimated: 'rootGrey rootGrey rootGrey rootGrey rootGrey rootYellow rootGrey',
      offer: 'rootYellow rootGrey rootGrey rootGrey rootGrey rootGrey rootGrey',
      in_work: 'rootGrey rootGrey rootGrey rootGrey rootGrey rootGrey rootYellow',
      testing: 'rootYellow rootYellow rootGrey rootGrey rootGrey rootGrey rootGrey',
      review: 'rootYellow rootGreen rootGreen rootGreen rootGreen rootGreen rootGreen',
      rating: 'rootYellow rootYellow rootGrey rootGrey rootGrey rootGrey rootGrey',
    });
  });

  const cases: Array<[string, ProjectViewerRole, ColorFacts, CardColor | null]> = [
    [
      'an offer past its expiration, for the administrator who must answer',
      'administrator',
      task('offer', { date_offer_expiration: new Date(NOW.getTime() - HOUR) }),
      'rootRed',
    ],
    ['the same offer for a guest, who cannot answer', 'guest', task('offer', { date_offer_expiration: new Date(NOW.getTime() - HOUR) }), 'rootGrey'],
    ['the same offer for the am, who watches clients answer', 'am', task('offer', { date_offer_expiration: new Date(NOW.getTime() - HOUR) }), 'rootRed'],
    [
      'an estimation with 5 hours left, for the performer',
      'performer',
      task('estimation', { date_calc_expiration: new Date(NOW.getTime() + 5 * HOUR) }),
      'rootOrange',
    ],
    ['the same estimation for the pm, who watches it', 'pm', task('estimation', { date_calc_expiration: new Date(NOW.getTime() + 5 * HOUR) }), 'rootOrange'],
    ['work past its deadline, for the performer', 'performer', task('in_work', { date_deadline: new Date(NOW.getTime() - HOUR) }), 'rootRed'],
    [
      'work past its deadline but paused: the clock stands still',
      'performer',
      task('in_work', { date_deadline: new Date(NOW.getTime() - HOUR), date_pause: NOW }),
      'rootGrey',
    ],
    ['a negayno task waiting on someone else', 'administrator', task('discussion', { negayno: true }), 'rootBlue'],
    ['a negayno task the viewer must act on: acting comes first', 'pm', task('discussion', { negayno: true }), 'rootYellow'],
    ['a negayno draft', 'administrator', task('draft', { negayno: true }), 'rootBlue'],
    ['a deletion request, for the am who decides it', 'am', task('in_work', { deletion_requested_at: NOW }), 'rootYellow'],
    ['a published task without its publish date', 'administrator', task('published', { date_publish: null }), 'rootError'],
    ['testing without the date it was sent to test', 'pm', task('testing', { date_send_to_test: null }), 'rootError'],
    ['work without an approved deadline', 'performer', task('in_work', { date_deadline: null }), 'rootError'],
    ['an offer without its expiration', 'sm', task('offer', { date_offer_expiration: null }), 'rootError'],
    ['a pending invitation sees no colours', 'invite', task('offer'), null],
  ];

  it.each(cases)('%s → %s', (_what, role, facts, expected) => {
    expect(cardColor(role, facts, NOW)).toBe(expected);
  });
});
