/**
 * The change set and its dispatcher, without a database: which events each recorded change becomes,
 * to which rooms, that a change recorded twice is told once, that only owned wallets and balances are
 * told, and that a failed lookup is reported instead of failing the committed change.
 */
import type { CarriedPosting, ChatMessage, RoomName } from '@negayno/shared/contract';
import { Changes, type LedgerAccount } from './changes.js';
import { LiveDispatcher } from './dispatch.js';

type Sent = [rooms: RoomName[], name: string, payload: unknown];

/** A row as a money lookup would carry it, named by its account, transaction and viewer so a test can tell them apart. */
function rowFor(account: LedgerAccount, number: number, viewerId: number): CarriedPosting {
  return {
    transaction: { number, senderId: viewerId, account: `${account.kind}:${account.userId ?? account.projectId}` } as never,
    balance: 100 * viewerId,
    asOf: number,
  };
}

function dispatcherWith(owners: Record<number, number[]> | Error, rows: 'carried' | 'none' | Error = 'none') {
  const sent: Sent[] = [];
  const errors: unknown[] = [];
  const realtime = {
    recheckRooms: (userIds: number[]) => Promise.resolve(void sent.push([[], 'recheck-rooms', userIds])),
    emitToRooms: (rooms: RoomName[], name: string, payload: unknown) => void sent.push([rooms, name, payload]),
    emitToUser: (userId: number, name: string, payload: unknown) => void sent.push([[`user:${userId}`], name, payload]),
  };
  const lookups = {
    balanceOwnersOf: (projectId: number) => (owners instanceof Error ? Promise.reject(owners) : Promise.resolve(owners[projectId] ?? [])),
    postedRows: (account: LedgerAccount, number: number, viewerIds: number[]) =>
      rows instanceof Error
        ? Promise.reject(rows)
        : Promise.resolve(new Map(rows === 'carried' ? viewerIds.map((viewerId) => [viewerId, rowFor(account, number, viewerId)] as const) : [])),
  };
  return { dispatcher: new LiveDispatcher(realtime as never, lookups, (error) => errors.push(error)), sent, errors };
}

const task = { id: 7, projectId: 3 };
const chat = { id: 11, key: 'main' as const, taskId: 7, projectId: 3 };

describe('the live dispatcher', () => {
  beforeAll(() => jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') }));
  afterAll(() => jest.useRealTimers());

  it('re-asks the rooms of people who lost access before it tells anything, each person once (issue 35 H5b)', async () => {
    const changed = new Changes();
    changed.task(task);
    changed.access([31, 32]);
    changed.access([32]);
    const { dispatcher, sent } = dispatcherWith({});
    await dispatcher.dispatch(changed);
    expect(sent.map(([, name, payload]) => [name, payload])).toEqual([
      ['recheck-rooms', [31, 32]],
      ['task.update', { taskId: 7, projectId: 3, dateUpdate: Date.parse('2026-11-28T12:00:00Z') / 1000 }],
    ]);
  });

  it('tells a task, its files and a changed message to their rooms, each once, in the order recorded; the task stands for its documents', async () => {
    const changed = new Changes();
    changed.task(task);
    changed.documents(task);
    changed.task(task);
    changed.files(task.id);
    changed.message(chat, 40, false);
    changed.message(chat, 40, true);
    const { dispatcher, sent } = dispatcherWith({});
    await dispatcher.dispatch(changed);
    expect(sent).toEqual([
      [['project:3', 'task:7'], 'task.update', { taskId: 7, projectId: 3, dateUpdate: Date.parse('2026-11-28T12:00:00Z') / 1000 }],
      [['task:7'], 'task.files.update', { taskId: 7 }],
      [['chat:11'], 'message.update', { messageId: 40, chatId: 11 }],
      // Changed twice in the unit, once moving the counters: the counters are told.
      [['project:3', 'task:7'], 'task.chats.update', { taskId: 7, chatId: 11 }],
    ]);
  });

  it("tells a task's documents on their own when the task itself did not change (an offer edited)", async () => {
    const changed = new Changes();
    changed.documents(task);
    changed.task({ id: 8, projectId: 3 });
    const { dispatcher, sent } = dispatcherWith({});
    await dispatcher.dispatch(changed);
    expect(sent.map(([rooms, name]) => [rooms, name])).toEqual([
      [['project:3', 'task:7'], 'task.documents.update'],
      [['project:3', 'task:8'], 'task.update'],
    ]);
  });

  it('carries a new message whole; a person’s says who wrote it and whose move it is, a system line neither', async () => {
    const message = { id: 41, chatId: 11 } as ChatMessage;
    const line = { id: 42, chatId: 11 } as ChatMessage;
    const changed = new Changes();
    changed.message(chat, 41, true, { message, author: { id: 5, whoseMove: null } });
    changed.message(chat, 42, true, { message: line });
    const { dispatcher, sent } = dispatcherWith({});
    await dispatcher.dispatch(changed);
    expect(sent).toEqual([
      [['chat:11'], 'message.update', { messageId: 41, chatId: 11, madeBy: 5, message }],
      [['project:3', 'task:7'], 'task.chats.update', { taskId: 7, chatId: 11, madeBy: 5, key: 'main', whoseMove: null }],
      [['chat:11'], 'message.update', { messageId: 42, chatId: 11, message: line }],
      [['project:3', 'task:7'], 'task.chats.update', { taskId: 7, chatId: 11 }],
    ]);
  });

  it('tells a posting to the owners of its wallets and balances only, once per account and transaction', async () => {
    const changed = new Changes();
    // A release: escrow to two performers, the sm and the platform; then a refund to the project.
    for (const account of [
      { kind: 'escrow', taskId: 7 },
      { kind: 'user_wallet', userId: 21 },
      { kind: 'user_wallet', userId: 22 },
      { kind: 'user_wallet', userId: 21 },
      { kind: 'platform' },
    ] as const)
      changed.account(account, 100);
    changed.account({ kind: 'project', projectId: 3 }, 101);
    changed.account({ kind: 'user_bonus', userId: 23 }, 102);
    changed.account({ kind: 'provider' }, 102);
    const { dispatcher, sent } = dispatcherWith({ 3: [1, 2] });
    await dispatcher.dispatch(changed);
    expect(sent).toEqual([
      [['user:21'], 'user.transaction.update', { number: 100 }],
      [['user:22'], 'user.transaction.update', { number: 100 }],
      [['user:1'], 'project.transaction.update', { projectId: 3, number: 101 }],
      [['user:2'], 'project.transaction.update', { projectId: 3, number: 101 }],
      [['user:23'], 'user.bonus.transaction.update', { number: 102 }],
    ]);
  });

  it('carries to each receiver the row as they see it, so an open wallet paints it without a read (issue 32)', async () => {
    const changed = new Changes();
    changed.account({ kind: 'escrow', taskId: 7 }, 100);
    changed.account({ kind: 'user_wallet', userId: 21 }, 100);
    changed.account({ kind: 'project', projectId: 3 }, 101);
    const { dispatcher, sent } = dispatcherWith({ 3: [1, 2] }, 'carried');
    await dispatcher.dispatch(changed);
    const wallet = { kind: 'user_wallet', userId: 21 } as const;
    const project = { kind: 'project', projectId: 3 } as const;
    expect(sent).toEqual([
      [['user:21'], 'user.transaction.update', { number: 100, posted: rowFor(wallet, 100, 21) }],
      [['user:1'], 'project.transaction.update', { projectId: 3, number: 101, posted: rowFor(project, 101, 1) }],
      [['user:2'], 'project.transaction.update', { projectId: 3, number: 101, posted: rowFor(project, 101, 2) }],
    ]);
  });

  it('still tells a posting whose row could not be read, without the row, and reports the failure', async () => {
    const changed = new Changes();
    changed.account({ kind: 'user_wallet', userId: 21 }, 100);
    const failure = new Error('statement timed out');
    const { dispatcher, sent, errors } = dispatcherWith({}, failure);
    await dispatcher.dispatch(changed);
    expect([sent, errors]).toEqual([[[['user:21'], 'user.transaction.update', { number: 100 }]], [failure]]);
  });

  it('reports a failed lookup instead of failing the change, which has committed', async () => {
    const changed = new Changes();
    changed.account({ kind: 'project', projectId: 3 }, 5);
    const failure = new Error('connection lost');
    const { dispatcher, sent, errors } = dispatcherWith(failure);
    await expect(dispatcher.dispatch(changed)).resolves.toBeUndefined();
    expect([sent, errors]).toEqual([[], [failure]]);
  });
});
