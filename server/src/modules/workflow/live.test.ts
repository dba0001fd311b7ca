/**
 * Live by construction (issue 32), over real socket.io connections: every row of the transition table
 * that leaves a line in the main chat tells the chat's open readers once the step committed, with the
 * event a person's new message uses; every posting reaches the open wallets of its accounts (escrow,
 * release to performers and sm, refund, tips, deposit, a card top-up, a payout); and a unit of work that
 * rolls back tells nothing, whatever it recorded before it failed.
 */
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type PaymentType,
  type RoomName,
  type ServerToClientEvents,
  type TaskActionName,
  type TaskStep,
} from '@negayno/shared/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { createChats, createTask } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { act, answerDocument, castOf, dataOf, validBody, type Cast, type Role } from '../../test/workflow-kit.js';
import type { AccountRef } from '../money/index.js';
import { postSystemMessage } from '../chats/index.js';
import { WORKFLOW_TABLE } from './index.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Heard {
  name: string;
  payload: Record<string, unknown>;
}
type RowName = keyof typeof WORKFLOW_TABLE;
type Listener = 'admin' | 'author' | 'pm' | 'sm' | 'performer';

/** The rows that say nothing in the chat: before discussion a task has no chat to say it in. */
const SILENT_ROWS: RowName[] = ['publish', 'to-drafts'];

describe('what a committed step changed reaches the open chats and wallets', () => {
  let ctx: TestContext;
  let cast: Cast;
  let baseUrl: string;
  const sockets = {} as Record<Listener, ClientSocket>;
  /** Everything each person's socket heard, from their own room and the rooms they joined. */
  const heard = {} as Record<Listener, Heard[]>;
  const joined = new Set<string>();
  /** The rows whose system line was heard in the chat room. */
  const told = new Set<RowName>();

  beforeAll(async () => {
    ctx = await createTestContext();
    baseUrl = await ctx.listen();
    cast = await castOf(ctx, { balance: 2_000_000 });
    for (const role of ['admin', 'author', 'pm', 'sm', 'performer'] as const) await listen(role);
    // The client administrator has the project's board open: the counters' events reach it there.
    await join('admin', `project:${cast.projectId}`);
    // Seven sign-ins check argon2 hashes: slow on a shared 2-core machine.
  }, 120_000);
  afterAll(async () => {
    for (const socket of Object.values(sockets)) socket.disconnect();
    await ctx.close();
  });

  async function listen(role: Listener): Promise<void> {
    const socket: ClientSocket = connect(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: cast.cookies[role] },
      forceNew: true,
    });
    sockets[role] = socket;
    heard[role] = [];
    socket.onAny((name: string, payload: Record<string, unknown>) => heard[role].push({ name, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  async function join(role: Listener, room: RoomName): Promise<void> {
    if (joined.has(`${role} ${room}`)) return;
    const result = await new Promise<{ ok: boolean }>((resolve) => sockets[role].emit('join', room, resolve));
    expect([room, result.ok]).toEqual([room, true]);
    joined.add(`${role} ${room}`);
  }

  /** Events travel after the answer: the first one matching, within a few seconds. */
  async function hear(role: Listener, name: string, expected: Record<string, unknown>): Promise<Heard> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = heard[role].find((event) => event.name === name && Object.entries(expected).every(([key, value]) => event.payload[key] === value));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`${role} did not hear ${name} ${JSON.stringify(expected)}; heard ${JSON.stringify(heard[role].slice(-8))}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const mainChatOf = async (taskId: number) =>
    (await ctx.db.selectFrom('chats').select('id').where('task_id', '=', taskId).where('key', '=', 'main').executeTakeFirstOrThrow()).id;
  const lastLineOf = async (chatId: number) =>
    (
      await ctx.db
        .selectFrom('messages')
        .select('id')
        .where('chat_id', '=', chatId)
        .where('author_id', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.id ?? 0;
  const lastTransaction = async (where: { taskId?: number; paymentType: PaymentType; recipientId?: number }) => {
    let query = ctx.db.selectFrom('ledger_transactions').select('id').where('payment_type', '=', where.paymentType);
    if (where.taskId !== undefined) query = query.where('task_id', '=', where.taskId);
    if (where.recipientId !== undefined) query = query.where('recipient_id', '=', where.recipientId);
    return (await query.orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
  };

  /**
   * One step by its role, and the line it left in the main chat heard by the chat's reader (the client
   * administrator, who has it open), as `message.update` like a person's message, and the counters'
   * `task.chats.update` on the board.
   */
  async function step(taskId: number, role: Role, name: RowName, body?: Record<string, unknown>): Promise<void> {
    const chatId = await mainChatOf(taskId);
    await join('admin', `chat:${chatId}`);
    const before = await lastLineOf(chatId);
    if (name.startsWith('document-')) {
      const offer = await ctx.db
        .selectFrom('task_documents')
        .select('id')
        .where('task_id', '=', taskId)
        .where('type', '=', 'offer')
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      dataOf(await answerDocument(ctx, cast, role, offer.id, name.slice('document-'.length) as 'accept' | 'reject' | 'update', body ?? {}));
    } else {
      dataOf(await act(ctx, cast, role, taskId, name as TaskActionName, body ?? validBody(name as TaskActionName, cast)));
    }
    const line = await lastLineOf(chatId);
    expect([name, line > before]).toEqual([name, true]);
    const event = await hear('admin', 'message.update', { messageId: line, chatId });
    // The line comes with its event, as nobody's: the open chat paints it without reading it.
    expect(event.payload).toMatchObject({ message: { id: line, chatId, author: null, systemNote: { key: name }, viewed: false } });
    expect(event.payload.madeBy).toBeUndefined();
    await hear('admin', 'task.chats.update', { taskId, chatId });
    told.add(name);
  }

  it('tells the open main chat the line of every step of the table, after its commit', async () => {
    // The full walk, with every detour: rejected and updated offers, a paused job, failed tests.
    const walk = dataOf<{ id: number }>(await ctx.post(`/api/project/${cast.projectId}/new-task`, { name: 'Лендінг' }, { cookie: cast.cookies.author })).id;
    dataOf(await act(ctx, cast, 'author', walk, 'publish'));
    dataOf(await act(ctx, cast, 'author', walk, 'to-drafts'));
    dataOf(await act(ctx, cast, 'author', walk, 'publish'));
    await hear('admin', 'task.update', { taskId: walk });
    // Discussion makes the chat in the same step: no reader has it open yet, its line waits in the room's log.
    dataOf(await act(ctx, cast, 'pm', walk, 'to-discussion'));
    const walkChat = await mainChatOf(walk);
    const opened = await ctx.services.realtime.log.since(`chat:${walkChat}`, 0);
    expect(opened.events.map((event) => [event.name, event.payload])).toMatchObject([
      ['message.update', { messageId: await lastLineOf(walkChat), chatId: walkChat, message: { systemNote: { key: 'to-discussion' } } }],
    ]);
    told.add('to-discussion');

    await step(walk, 'pm', 'to-estimation');
    await step(walk, 'performer', 'finish-evaluation');
    await step(walk, 'pm', 'continue-evaluation');
    await step(walk, 'performer', 'finish-evaluation');
    await step(walk, 'sm', 're-estimate');
    await step(walk, 'sm', 'restore-estimate');
    await step(walk, 'sm', 'send-offer');
    await step(walk, 'sm', 'return-offer');
    await step(walk, 'sm', 'send-offer');
    await step(walk, 'admin', 'document-reject', { message: 'Дорого' });
    await step(walk, 'pm', 'to-estimation');
    await step(walk, 'performer', 'finish-evaluation');
    await step(walk, 'sm', 'send-offer');
    await step(walk, 'admin', 'document-update', { message: 'Додайте форму' });
    await step(walk, 'pm', 'restore-estimate');
    await step(walk, 'sm', 'send-offer');
    await step(walk, 'admin', 'document-accept', { urgency: 1 });
    await step(walk, 'pm', 'progress');
    await step(walk, 'performer', 'to-manager-review');
    await step(walk, 'pm', 'pause');
    await step(walk, 'pm', 'unpause');
    await step(walk, 'pm', 'to-test');
    await step(walk, 'author', 'reject-test');
    await step(walk, 'pm', 'to-test');
    await step(walk, 'author', 'accept-test');
    await step(walk, 'pm', 'to-prod');
    await step(walk, 'admin', 'reject-prod');
    await step(walk, 'pm', 'to-test');
    await step(walk, 'author', 'accept-test');
    await step(walk, 'pm', 'to-prod');
    await step(walk, 'admin', 'accept-work');
    await step(walk, 'author', 'add-rating');
    await step(walk, 'author', 'finish-rating');

    // The am's rows: archive and restore, a deletion asked, refused, asked again and accepted.
    const other = dataOf<{ id: number }>(await ctx.post(`/api/project/${cast.projectId}/new-task`, { name: 'Банер' }, { cookie: cast.cookies.author })).id;
    dataOf(await act(ctx, cast, 'author', other, 'publish'));
    dataOf(await act(ctx, cast, 'pm', other, 'to-discussion'));
    await step(other, 'am', 'to-archive');
    await step(other, 'am', 'restore');
    await step(other, 'admin', 'delete');
    await step(other, 'am', 'reject');
    await step(other, 'admin', 'delete');
    await step(other, 'am', 'accept');

    const rows = Object.keys(WORKFLOW_TABLE) as RowName[];
    expect(rows.filter((row) => !told.has(row) && !SILENT_ROWS.includes(row))).toEqual([]);
  });

  it('tells the wallets of escrow, of the release to performers and sm, and of a refund by progress', async () => {
    const task = await createTask(ctx.db, {
      project: { id: cast.projectId },
      author: cast.people.author,
      status: 'estimated',
      performers: [cast.people.performer],
    });
    await createChats(ctx.db, task);
    dataOf(await act(ctx, cast, 'sm', task.id, 'send-offer'));
    await step(task.id, 'admin', 'document-accept', { urgency: 1 });
    const escrow = await lastTransaction({ taskId: task.id, paymentType: 'taskpayment' });
    const escrowHeard = await hear('admin', 'project.transaction.update', { projectId: cast.projectId, number: escrow });
    // The event carries the row and the balance as the administrator reads them: the open wallet asks nothing.
    const projectWallet = `/api/project/${cast.projectId}/balance`;
    expect(escrowHeard.payload.posted).toEqual({
      transaction: dataOf(await ctx.get(`${projectWallet}/transaction/${escrow}`, { cookie: cast.cookies.admin })),
      balance: dataOf<{ balance: number }>(await ctx.get(projectWallet, { cookie: cast.cookies.admin })).balance,
      asOf: expect.any(Number),
    });

    dataOf(await act(ctx, cast, 'pm', task.id, 'progress', { progress: 30 }));
    dataOf(await act(ctx, cast, 'admin', task.id, 'delete', { message: 'Передумали' }));
    dataOf(await act(ctx, cast, 'am', task.id, 'accept'));
    const refund = await lastTransaction({ taskId: task.id, paymentType: 'refund' });
    await hear('admin', 'project.transaction.update', { projectId: cast.projectId, number: refund });
    await hear('performer', 'user.transaction.update', {
      number: await lastTransaction({ taskId: task.id, paymentType: 'workpayment', recipientId: cast.people.performer.id }),
    });
    await hear('sm', 'user.transaction.update', {
      number: await lastTransaction({ taskId: task.id, paymentType: 'workpayment', recipientId: cast.people.sm.id }),
    });

    // The release on accepted work, from the walk above: the performer's and the sm's own postings.
    const walked = await ctx.db.selectFrom('tasks').select('id').where('name', '=', 'Лендінг').executeTakeFirstOrThrow();
    await hear('performer', 'user.transaction.update', {
      number: await lastTransaction({ taskId: walked.id, paymentType: 'workpayment', recipientId: cast.people.performer.id }),
    });
    await hear('sm', 'user.transaction.update', {
      number: await lastTransaction({ taskId: walked.id, paymentType: 'workpayment', recipientId: cast.people.sm.id }),
    });
  });

  it('tells both wallets of a tip, both balances of a deposit, a card top-up and a payout as it is settled', async () => {
    await fund({ kind: 'user_wallet', userId: cast.people.author.id }, 50_000);
    await fund({ kind: 'user_wallet', userId: cast.people.admin.id }, 50_000);
    // Tips thank for accepted work (decisions 5): the task waits for the client's rating.
    const task = await createTask(ctx.db, {
      project: { id: cast.projectId },
      author: cast.people.author,
      status: 'rating',
      performers: [cast.people.performer],
    });

    dataOf(await ctx.post(`/api/task/${task.id}/tips`, { amount: 2_000, userId: cast.people.performer.id }, { cookie: cast.cookies.author }));
    const tip = await lastTransaction({ taskId: task.id, paymentType: 'tips' });
    const tipHeard = {
      author: await hear('author', 'user.transaction.update', { number: tip }),
      performer: await hear('performer', 'user.transaction.update', { number: tip }),
    };
    // Each side's row as that side reads it: the payer's debit, the performer's credit.
    for (const role of ['author', 'performer'] as const) {
      expect(tipHeard[role].payload.posted).toEqual({
        transaction: dataOf(await ctx.get(`/api/user/balance/transaction/${tip}`, { cookie: cast.cookies[role] })),
        balance: dataOf<{ balance: number }>(await ctx.get('/api/user/balance', { cookie: cast.cookies[role] })).balance,
        asOf: expect.any(Number),
      });
    }

    dataOf(await ctx.post(`/api/project/${cast.projectId}/balance/deposit`, { amount: 10_000, from: 'wallet' }, { cookie: cast.cookies.admin }));
    const deposit = await lastTransaction({ paymentType: 'projectdeposit' });
    await hear('admin', 'user.transaction.update', { number: deposit });
    await hear('admin', 'project.transaction.update', { projectId: cast.projectId, number: deposit });

    // A card top-up is listed pending at once, then completed.
    const { orderId } = dataOf<{ orderId: string }>(
      await ctx.post(`/api/project/${cast.projectId}/balance/payment`, { amount: 40_000 }, { cookie: cast.cookies.admin }),
    );
    const order = await ctx.db.selectFrom('payment_orders').select('transaction_id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const pending = await hear('admin', 'project.transaction.update', { projectId: cast.projectId, number: order.transaction_id });
    // A card order has no posting yet: its row is carried all the same (the statement lists it from the order).
    expect((pending.payload.posted as { transaction: { status: string; amount: number } }).transaction).toMatchObject({ status: 'pending', amount: 40_000 });
    const before = heard.admin.length;
    dataOf(await ctx.post(`/api/payment/test/${orderId}`, { result: 'success' }, { cookie: cast.cookies.admin }));
    await expectSoon(() =>
      heard.admin.slice(before).some((event) => event.name === 'project.transaction.update' && event.payload.number === order.transaction_id),
    );

    // A payout leaves the wallet at once; its completion by the operator posts nothing and is told all the same.
    await fund({ kind: 'user_wallet', userId: cast.people.performer.id }, 100_000);
    const payout = dataOf<{ number: number }>(await ctx.post('/api/user/balance/payout', { amount: 60_000 }, { cookie: cast.cookies.performer }));
    await hear('performer', 'user.transaction.update', { number: payout.number });
    const asked = heard.performer.length;
    await ctx.services.payouts.settle(payout.number, 'completed', { note: 'R-1' });
    await expectSoon(() => heard.performer.slice(asked).some((event) => event.name === 'user.transaction.update' && event.payload.number === payout.number));
  });

  it('tells nothing of a unit of work that rolled back, whatever it recorded first', async () => {
    const task = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'discussion' });
    const chats = await createChats(ctx.db, task);
    await join('admin', `chat:${chats.main}`);
    const wallet: AccountRef = { kind: 'user_wallet', userId: cast.people.admin.id };
    const balanceBefore = await ctx.services.ledger.balanceOf(wallet, 'UAH');
    const heardBefore = { admin: heard.admin.length, author: heard.author.length };

    const failing = ctx.services.units.run(async (unit) => {
      await ctx.services.ledger.post(
        {
          paymentType: 'deposit',
          currency: 'UAH',
          postings: [
            { account: { kind: 'provider' }, amount: -5_000 },
            { account: wallet, amount: 5_000 },
          ],
        },
        unit,
      );
      await postSystemMessage(unit, { id: task.id, projectId: cast.projectId }, { key: 'pause' });
      unit.changed.task({ id: task.id, projectId: cast.projectId });
      throw new Error('the step failed after its writes');
    });
    await expect(failing).rejects.toThrow('the step failed after its writes');

    // The same writes that commit are heard: the silence above is the rollback's, not a slow socket's.
    await ctx.services.units.run((unit) => postSystemMessage(unit, { id: task.id, projectId: cast.projectId }, { key: 'unpause' }));
    const line = await lastLineOf(chats.main);
    await hear('admin', 'message.update', { messageId: line, chatId: chats.main });
    await hear('admin', 'task.chats.update', { taskId: task.id, chatId: chats.main });
    expect(heard.admin.slice(heardBefore.admin).map((event) => event.name)).toEqual(['message.update', 'task.chats.update']);
    expect(heard.author.length).toBe(heardBefore.author);
    expect(await ctx.services.ledger.balanceOf(wallet, 'UAH')).toBe(balanceBefore);
    const logged = await ctx.services.realtime.log.since(`chat:${chats.main}`, 0);
    expect(logged.events.map((event) => [event.name, (event.payload as { messageId: number }).messageId])).toEqual([['message.update', line]]);
  });

  /** Money put on a balance from outside, as a card top-up would; its own event is not what a test looks for. */
  async function fund(account: AccountRef, amount: number): Promise<void> {
    await ctx.services.ledger.post({
      paymentType: 'deposit',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -amount },
        { account, amount },
      ],
    });
  }

  async function expectSoon(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('not heard in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("marks the task events of a step with the acting tab its call named, and nobody else's (issue 32)", async () => {
    const taskId = dataOf<{ id: number }>(await ctx.post(`/api/project/${cast.projectId}/new-task`, { name: 'Вітрина' }, { cookie: cast.cookies.author })).id;
    const tab = 'c0ffee00c0ffee00c0ffee00c0ffee00';
    const named = { cookie: cast.cookies.author, headers: { 'x-negayno-origin': tab } };
    const step = dataOf<TaskStep>(await ctx.post(`/api/task/${taskId}/action/publish`, { negayno: false }, named));
    expect(step.card).toMatchObject({ id: taskId, status: 'published' });
    dataOf(await act(ctx, cast, 'author', taskId, 'to-drafts'));
    // Not a tab id: ignored, as if not sent.
    dataOf(await ctx.post(`/api/task/${taskId}/action/publish`, { negayno: false }, { ...named, headers: { 'x-negayno-origin': 'no good' } }));
    const me = cast.people.author.id;
    await hear('admin', 'task.update', { taskId, origin: `${me}:${tab}` });
    const deadline = Date.now() + 5_000;
    const origins = () =>
      heard.admin.filter((event) => event.name === 'task.update' && event.payload.taskId === taskId).map((event) => event.payload.origin ?? null);
    while (origins().length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    // Every socket still hears every event (its rooms' numbers must not skip); only the acting tab skips
    // its own. The first is the task's creation.
    // The origin is the caller's user with the tab: nobody can send another person's tab id as theirs.
    expect(origins()).toEqual([null, `${me}:${tab}`, null, null]);

    // A read mark is answered with the new counters: its echo to the reader's own tabs says the tab too.
    dataOf(await act(ctx, cast, 'pm', taskId, 'to-discussion'));
    const line = await lastLineOf(await mainChatOf(taskId));
    const admin = cast.people.admin.id;
    dataOf(await ctx.post(`/api/message/${line}/viewed`, undefined, { cookie: cast.cookies.admin, headers: { 'x-negayno-origin': tab } }));
    await hear('admin', 'task.chats.update', { taskId, origin: `${admin}:${tab}` });
  });
});
