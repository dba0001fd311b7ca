/**
 * "Whose move" (issue 33 item 4): every row of the table, status × the side of the last message, and
 * the column with no message against decisions 3 ("who moves it on").
 */
import { TASK_STATUSES, type MoveOf, type TaskStatus } from '@negayno/shared/contract';
import { WHOSE_MOVE, lastSideOf, whoseMoveOf, type ChatFacts, type LastSide } from './whose-move.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute));
const unix = (minute: number) => Math.floor(at(minute).getTime() / 1000);

/** The main chat's facts for each side: the status began at minute 10. */
const FACTS: Record<LastSide, Omit<ChatFacts, 'taskId' | 'status'>> = {
  none: { statusSince: at(10), lastStaffAt: at(5), lastClientAt: at(4), clientWaitingSince: null },
  client: { statusSince: at(10), lastStaffAt: at(5), lastClientAt: at(12), clientWaitingSince: at(11) },
  answer: { statusSince: at(10), lastStaffAt: at(13), lastClientAt: at(12), clientWaitingSince: null },
  // The am's hand-over note after the step, with the client's last message older than the step.
  staff: { statusSince: at(10), lastStaffAt: at(13), lastClientAt: at(4), clientWaitingSince: null },
};

/** Decisions 3, "who moves it on": the side of the role that takes the status's next step. */
const MOVES_IT_ON: Record<TaskStatus, MoveOf | null> = {
  draft: null, // the author publishes: not yet anybody's move in a chat (no chat before discussion)
  published: 'manager', // am/pm: send to discussion
  discussion: 'manager', // pm: send to estimation
  estimation: 'performer', // performer: finish evaluation
  estimated: 'manager', // sm: send the offer
  offer: 'client', // client admin: accept, reject, request an update
  in_work: 'performer', // performer: send for manager review
  testing: 'client', // client: accept work on test
  review: 'client', // client admin: accept work
  rating: 'client', // client: rating, finish
  archived: null,
};

/** The whole table, written out: status → [none, client, answer, staff]. */
const EXPECTED: Record<TaskStatus, [MoveOf | null, MoveOf | null, MoveOf | null, MoveOf | null]> = {
  draft: [null, null, null, null],
  published: ['manager', 'manager', 'client', 'manager'],
  discussion: ['manager', 'manager', 'client', 'manager'],
  estimation: ['performer', 'manager', 'performer', 'performer'],
  estimated: ['manager', 'manager', 'client', 'manager'],
  offer: ['client', 'manager', 'client', 'client'],
  in_work: ['performer', 'manager', 'performer', 'performer'],
  testing: ['client', 'manager', 'client', 'client'],
  review: ['client', 'manager', 'client', 'client'],
  rating: ['client', 'manager', 'client', 'client'],
  archived: [null, null, null, null],
};
const SIDES: LastSide[] = ['none', 'client', 'answer', 'staff'];

describe('whose move: status × last message side', () => {
  it('covers every status', () => {
    expect(Object.keys(WHOSE_MOVE).sort()).toEqual([...TASK_STATUSES].sort());
  });

  it.each(SIDES)('reads the side %s from the chat facts', (side) => {
    expect(lastSideOf({ taskId: 1, status: 'discussion', ...FACTS[side] })).toBe(side);
  });

  const rows = TASK_STATUSES.flatMap((status) => SIDES.map((side, index) => [status, side, EXPECTED[status][index]!] as const));
  it.each(rows)('%s after %s → %s', (status, side, who) => {
    const move = whoseMoveOf({ taskId: 1, status, ...FACTS[side] });
    expect(move?.who ?? null).toBe(who);
  });

  it('gives the status its decisions-3 side when nobody wrote since, and only when nothing else is said', () => {
    for (const status of TASK_STATUSES) expect([status, WHOSE_MOVE[status].none]).toEqual([status, MOVES_IT_ON[status]]);
  });

  it('dates the move by what handed it over', () => {
    expect(whoseMoveOf({ taskId: 1, status: 'offer', ...FACTS.none })).toEqual({ who: 'client', since: unix(10) });
    expect(whoseMoveOf({ taskId: 1, status: 'offer', ...FACTS.client })).toEqual({ who: 'manager', since: unix(11) });
    expect(whoseMoveOf({ taskId: 1, status: 'discussion', ...FACTS.answer })).toEqual({ who: 'client', since: unix(13) });
    expect(whoseMoveOf({ taskId: 1, status: 'offer', ...FACTS.answer })).toEqual({ who: 'client', since: unix(10) });
    expect(whoseMoveOf({ taskId: 1, status: 'discussion', ...FACTS.staff })).toEqual({ who: 'manager', since: unix(10) });
  });
});
