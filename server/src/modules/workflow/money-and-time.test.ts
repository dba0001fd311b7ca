/**
 * The edges of the life cycle: an offer the project cannot pay, a deletion in work (refund by
 * progress), the estimate's validation codes, and the scheduler's dateAutoSendForCheck across a
 * restart and two server processes.
 */
import type { TaskDocument } from '@negayno/shared/contract';
import { createChats, createTask } from '../../seed/builders.js';
import { mainChatMessages } from '../chats/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ESTIMATE, act, answerDocument, castOf, dataOf, offerBody, topUp, type Cast } from '../../test/workflow-kit.js';
import { WorkflowScheduler } from './scheduler.js';

describe('money and time in the life cycle', () => {
  let ctx: TestContext;
  let cast: Cast;

  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx);
    // Seven sign-ins check argon2 hashes: slow on a shared 2-core machine.
  }, 120_000);
  afterAll(() => ctx.close());

  const newTask = (status: Parameters<typeof createTask>[1]['status'], extra: Partial<Parameters<typeof createTask>[1]> = {}) =>
    createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status, performers: [cast.people.performer], ...extra });
  const statusOf = async (taskId: number) => (await ctx.db.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow()).status;
  const balance = (account: Parameters<TestContext['services']['ledger']['balanceOf']>[0]) => ctx.services.ledger.balanceOf(account, 'UAH');

  async function offerOn(taskId: number, price: number): Promise<TaskDocument> {
    dataOf(await act(ctx, cast, 'sm', taskId, 'send-offer', offerBody('КП', price)));
    return dataOf<TaskDocument[]>(await ctx.get(`/api/task/${taskId}/documents`, { cookie: cast.cookies.admin }))[0]!;
  }

  it('answers balance_is_insufficient when the project cannot pay the chosen urgency, and changes nothing', async () => {
    const task = await newTask('estimated');
    const offer = await offerOn(task.id, 50_000);
    await topUp(ctx, cast.projectId, 60_000);
    const answer = await answerDocument(ctx, cast, 'admin', offer.id, 'accept', { urgency: 3 });
    expect([answer.status, (answer.body as { code: string }).code]).toEqual([400, 'balance_is_insufficient']);
    expect(await statusOf(task.id)).toBe('offer');
    expect(await balance({ kind: 'project', projectId: cast.projectId })).toBe(60_000);
    expect(await balance({ kind: 'escrow', taskId: task.id })).toBe(0);
    const documents = dataOf<TaskDocument[]>(await ctx.get(`/api/task/${task.id}/documents`, { cookie: cast.cookies.admin }));
    expect(documents.map((d) => d.type)).toEqual(['offer']);

    dataOf(await answerDocument(ctx, cast, 'admin', offer.id, 'accept', { urgency: 1 }));
    expect(await balance({ kind: 'project', projectId: cast.projectId })).toBe(10_000);
  });

  it('refunds escrow × (100 − progress) % on an accepted deletion in work and pays the done part out', async () => {
    const task = await newTask('estimated');
    await topUp(ctx, cast.projectId, 100_000);
    const before = await balance({ kind: 'project', projectId: cast.projectId });
    const offer = await offerOn(task.id, 100_000);
    dataOf(await answerDocument(ctx, cast, 'admin', offer.id, 'accept', { urgency: 1 }));
    dataOf(await act(ctx, cast, 'pm', task.id, 'progress', { progress: 30 }));
    expect((await act(ctx, cast, 'admin', task.id, 'delete', { message: '' })).body).toMatchObject({ code: 'message_is_empty' });
    dataOf(await act(ctx, cast, 'admin', task.id, 'delete', { message: 'Передумали' }));
    const performerBefore = await balance({ kind: 'user_wallet', userId: cast.people.performer.id });
    expect((await act(ctx, cast, 'am', task.id, 'reject', {})).body).toMatchObject({ code: 'message_is_empty' });
    dataOf(await act(ctx, cast, 'am', task.id, 'accept'));
    expect(await statusOf(task.id)).toBe('archived');
    expect(await balance({ kind: 'escrow', taskId: task.id })).toBe(0);
    expect(await balance({ kind: 'project', projectId: cast.projectId })).toBe(before - 100_000 + 70_000);
    // The 30 % done: 70 % of it to the performer.
    expect((await balance({ kind: 'user_wallet', userId: cast.people.performer.id })) - performerBefore).toBe(21_000);
  });

  it('answers the estimate form its catalogue codes and writes nothing', async () => {
    const task = await newTask('estimation');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ESTIMATE, estimate: ' ' }, 'estimate_is_empty'],
      [{ ...ESTIMATE, executionTime: 'abc' }, 'executionTime_is_not_number'],
      [{ ...ESTIMATE, executionTime: 0 }, 'executionTime_is_too_small'],
      [{ ...ESTIMATE, executionTimeBase: 10_001 }, 'executionTimeBase_is_too_big'],
      [{ ...ESTIMATE, delayStart: -1 }, 'delayStart_is_too_small'],
      [{ ...ESTIMATE, jobItem: [] }, 'jobItem_is_empty'],
      [{ ...ESTIMATE, jobItem: ['x'.repeat(1001)] }, 'jobItem_is_too_long'],
      [{ ...ESTIMATE, dateAutoSendForCheck: Math.floor(Date.now() / 1000) - 60 }, 'dateAutoSendForCheck_is_invalid'],
      [{ ...ESTIMATE, dateAutoSendForCheck: '24.11.2026 10:00' }, 'dateAutoSendForCheck_is_invalid'],
    ];
    for (const [body, code] of cases) {
      const answer = await act(ctx, cast, 'performer', task.id, 'finish-evaluation', body);
      expect([code, answer.status, (answer.body as { code: string }).code]).toEqual([code, 400, code]);
    }
    expect(await statusOf(task.id)).toBe('estimation');
    expect((await act(ctx, cast, 'performer', task.id, 'nonsense' as never, {})).body).toMatchObject({ code: 'action_not_found' });
    expect((await answerDocument(ctx, cast, 'admin', 999_999, 'accept', { urgency: 1 })).body).toMatchObject({ code: 'document_not_found' });
  });

  it('answers the offer form its codes: no urgency, an unknown one, no work items', async () => {
    const task = await newTask('estimated');
    const base = offerBody();
    for (const [body, code] of [
      [{ ...base, urgencies: [] }, 'urgency_is_empty'],
      [{ ...base, urgencies: [{ urgency: 7, price: 1, dateDeadline: base.urgencies[0]!.dateDeadline }] }, 'urgency_not_found'],
      [{ ...base, workList: [] }, 'jobItem_is_empty'],
      [{ ...base, name: '' }, 'name_is_empty'],
    ] as const) {
      expect((await act(ctx, cast, 'sm', task.id, 'send-offer', body as Record<string, unknown>)).body).toMatchObject({ code });
    }
    expect(await statusOf(task.id)).toBe('estimated');
  });

  it('sends a task in work to testing when its dateAutoSendForCheck comes, once, whichever process looks first', async () => {
    const due = new Date(Date.now() - 60_000);
    const task = await newTask('in_work', { dates: { date_auto_send_for_check: due } });
    const notYet = await newTask('in_work', { dates: { date_auto_send_for_check: new Date(Date.now() + 3600_000) } });
    const paused = await newTask('in_work', { paused: true, dates: { date_auto_send_for_check: due } });
    await createChats(ctx.db, task);
    // A second server process on the same database (as after a restart, or beside this one): its own
    // scheduler starts with it, and two more passes race it.
    const other = await ctx.buildAnotherApp();
    try {
      const log = { error: (object: object) => console.error(object) };
      await Promise.all([
        new WorkflowScheduler(ctx.db, ctx.services.units, ctx.services.workflow, log).tick(),
        new WorkflowScheduler(other.db, other.services.units, other.services.workflow, log).tick(),
      ]);
    } finally {
      await other.close();
    }
    // Moved exactly once: one step, one system message.
    expect((await mainChatMessages(ctx.db, task.id)).map((m) => m.body)).toEqual(['Роботу надіслано на перевірку на тестовому сервері']);
    expect(await statusOf(task.id)).toBe('testing');
    expect(await statusOf(notYet.id)).toBe('in_work');
    expect(await statusOf(paused.id)).toBe('in_work');
    const row = await ctx.db
      .selectFrom('tasks')
      .select(['date_send_to_test', 'date_test_expiration', 'date_auto_send_for_check'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row.date_send_to_test).not.toBeNull();
    expect(row.date_test_expiration).not.toBeNull();
    expect(row.date_auto_send_for_check).toBeNull();
  });

  it('halves the SLA of a negayno task', async () => {
    const plain = await newTask('draft');
    const urgent = await newTask('draft');
    await ctx.db.updateTable('users').set({ can_negayno: true }).where('id', '=', cast.people.author.id).execute();
    dataOf(await act(ctx, cast, 'author', plain.id, 'publish', { negayno: false }));
    dataOf(await act(ctx, cast, 'author', urgent.id, 'publish', { negayno: true }));
    const hoursLeft = async (taskId: number) => {
      const row = await ctx.db.selectFrom('tasks').select(['date_publish', 'date_publish_expiration']).where('id', '=', taskId).executeTakeFirstOrThrow();
      return Math.round((row.date_publish_expiration!.getTime() - row.date_publish!.getTime()) / 3600_000);
    };
    expect(await hoursLeft(plain.id)).toBe(ctx.config.workflow.slaHours.published);
    expect(await hoursLeft(urgent.id)).toBe(ctx.config.workflow.slaHours.published / 2);
    const other = await newTask('draft');
    expect((await act(ctx, cast, 'admin', other.id, 'publish', { negayno: true })).status).toBe(403);
  });
});
