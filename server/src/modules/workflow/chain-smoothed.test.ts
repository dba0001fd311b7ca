/**
 * Issue 33 ("the chain, smoothed"), items 1–4 on the real database and HTTP: the estimate shown to the
 * staff and never to a client, offer deadlines in the past refused with their catalogue code, a rejected
 * offer with its reason, who and when, and whose move at the three steps the walk found wrong.
 */
import type { TaskActions, TaskCard, TaskDocument, TaskEstimate, WhoseMove } from '@negayno/shared/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ESTIMATE, act, answerDocument, castOf, dataOf, inDays, offerBody, type Cast, type Role } from '../../test/workflow-kit.js';

describe('the chain, smoothed (issue 33): estimates, deadlines, rejections, whose move', () => {
  let ctx: TestContext;
  let cast: Cast;
  let taskId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx, { balance: 500_000 });
    taskId = dataOf<TaskCard>(await ctx.post(`/api/project/${cast.projectId}/new-task`, { name: 'Лендінг' }, { cookie: cast.cookies.author })).id;
    dataOf(await act(ctx, cast, 'author', taskId, 'publish'));
    dataOf(await act(ctx, cast, 'pm', taskId, 'to-discussion'));
  }, 120_000);
  afterAll(() => ctx.close());

  const as = (role: Role) => ({ cookie: cast.cookies[role] });
  const moveOf = async (role: Role) => dataOf<WhoseMove | null>(await ctx.get(`/api/task/${taskId}/whose-move`, as(role)))?.who;
  const cardMoveOf = async (role: Role) => dataOf<TaskCard>(await ctx.get(`/api/task/${taskId}/get-card`, as(role))).whoseMove?.who;
  const mainChat = async () => dataOf<TaskCard>(await ctx.get(`/api/task/${taskId}/get-card`, as('am'))).chats.main!;
  const say = async (role: Role, message: string) => dataOf(await ctx.post(`/api/chat/${await mainChat()}/new-message`, { message }, as(role)));

  it("keeps the move with the managers after the am's hand-over note, and gives it to the client only for an answer", async () => {
    expect(await moveOf('author')).toBe('manager');
    await say('am', 'Передаю задачу pm, він призначить виконавця');
    expect(await moveOf('author')).toBe('manager');
    expect(await cardMoveOf('admin')).toBe('manager');
    await say('author', 'Коли буде оцінка?');
    expect(await moveOf('author')).toBe('manager');
    await say('pm', 'Завтра');
    expect(await moveOf('author')).toBe('client');
  });

  it('shows the estimates to the staff and performers, newest first with who and when, and never to a client', async () => {
    dataOf(await act(ctx, cast, 'pm', taskId, 'to-estimation'));
    expect(await moveOf('author')).toBe('performer');
    const autoSend = inDays(20);
    dataOf(await act(ctx, cast, 'performer', taskId, 'finish-evaluation', { ...ESTIMATE, dateAutoSendForCheck: autoSend }));
    dataOf(await act(ctx, cast, 'pm', taskId, 'continue-evaluation'));
    dataOf(await act(ctx, cast, 'performer', taskId, 'finish-evaluation', { ...ESTIMATE, executionTime: 48, jobItem: ['Верстка', 'Форма', 'Тести'] }));

    for (const role of ['sm', 'pm', 'am', 'performer'] as const) {
      const list = dataOf<TaskEstimate[]>(await ctx.get(`/api/task/${taskId}/estimates`, as(role)));
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({
        estimate: ESTIMATE.estimate,
        executionTime: 48,
        executionTimeBase: 32,
        delayStart: 8,
        jobItem: ['Верстка', 'Форма', 'Тести'],
        dateAutoSendForCheck: null,
        performer: { id: cast.people.performer.id, firstname: cast.people.performer.firstname },
      });
      expect(list[1]).toMatchObject({ executionTime: 40, dateAutoSendForCheck: autoSend });
      expect(list[0]!.dateCreate).toBeGreaterThanOrEqual(list[1]!.dateCreate);
      expect(dataOf<TaskActions>(await ctx.get(`/api/task/${taskId}/actions`, as(role))).seeEstimates).toBe(true);
    }
    for (const role of ['admin', 'author', 'guest'] as const) {
      const answer = await ctx.get(`/api/task/${taskId}/estimates`, as(role));
      expect([role, answer.status, (answer.body as { code?: string }).code]).toEqual([role, 403, 'access_denied']);
      expect(dataOf<TaskActions>(await ctx.get(`/api/task/${taskId}/actions`, as(role))).seeEstimates).toBe(false);
    }
  });

  it('refuses an offer deadline in the past with its catalogue code, and writes nothing', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const body = offerBody('Лендінг', 100_000);
    const answer = await act(ctx, cast, 'sm', taskId, 'send-offer', { ...body, urgencies: [body.urgencies[0], { ...body.urgencies[1], dateDeadline: past }] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'dateDeadline_is_invalid', details: { 'urgencies.1.dateDeadline': { code: 'dateDeadline_is_invalid' } } });
    expect(dataOf<TaskDocument[]>(await ctx.get(`/api/task/${taskId}/documents`, as('sm')))).toEqual([]);
  });

  it('gives the offer to the client to answer, and after a rejection keeps it labelled with the reason, who and when; the move goes to the managers', async () => {
    dataOf(await act(ctx, cast, 'sm', taskId, 'send-offer', offerBody('Лендінг', 100_000)));
    expect(await moveOf('author')).toBe('client');
    expect(await moveOf('admin')).toBe('client');
    expect(await cardMoveOf('author')).toBe('client');
    const [offer] = dataOf<TaskDocument[]>(await ctx.get(`/api/task/${taskId}/documents`, as('admin')));
    expect(offer!.rejection).toBeNull();

    const before = Math.floor(Date.now() / 1000);
    dataOf(await answerDocument(ctx, cast, 'admin', offer!.id, 'reject', { message: 'Задорого' }));
    expect(await moveOf('author')).toBe('manager');
    expect(await moveOf('admin')).toBe('manager');
    expect(await cardMoveOf('admin')).toBe('manager');
    for (const role of ['admin', 'author', 'sm'] as const) {
      const [shown] = dataOf<TaskDocument[]>(await ctx.get(`/api/task/${taskId}/documents`, as(role)));
      expect(shown).toMatchObject({
        id: offer!.id,
        rejection: { reason: 'Задорого', by: { id: cast.people.admin.id, firstname: cast.people.admin.firstname, lastname: cast.people.admin.lastname } },
        can: { accept: false, reject: false, update: false },
      });
      expect(shown!.rejection!.date).toBeGreaterThanOrEqual(before - 1);
    }
    const versions = dataOf<TaskDocument[]>(await ctx.get(`/api/document/${offer!.id}/versions`, as('sm')));
    expect(versions.map((version) => version.rejection?.reason ?? null)).toEqual(['Задорого']);
  });
});
