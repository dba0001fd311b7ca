import {
  systemNoteHtml,
  type MessagesPage,
  type TaskActions,
  type TaskCard,
  type TaskChats,
  type TaskDocument,
  type TaskLedger,
  type TaskStep,
} from '@negayno/shared/contract';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ESTIMATE, act, answerDocument, castOf, dataOf, offerBody, type Cast } from '../../test/workflow-kit.js';
import { mainChatMessages } from '../chats/index.js';

describe('a task from draft to archive, across every role, with its money', () => {
  let ctx: TestContext;
  let cast: Cast;
  let taskId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx, { balance: 500_000 });
    taskId = dataOf<TaskCard>(await ctx.post(`/api/project/${cast.projectId}/new-task`, { name: 'Лендінг' }, { cookie: cast.cookies.author })).id;
    // Seven sign-ins check argon2 hashes: slow on a shared 2-core machine.
  }, 120_000);
  afterAll(() => ctx.close());

  const status = async () => (await ctx.db.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow()).status;
  const balanceOf = (account: Parameters<TestContext['services']['ledger']['balanceOf']>[0]) => ctx.services.ledger.balanceOf(account, 'UAH');
  const actionsOf = async (role: keyof Cast['cookies']) =>
    dataOf<TaskActions>(await ctx.get(`/api/task/${taskId}/actions`, { cookie: cast.cookies[role] })).actions;
  const documents = async (role: keyof Cast['cookies']) =>
    dataOf<TaskDocument[]>(await ctx.get(`/api/task/${taskId}/documents`, { cookie: cast.cookies[role] }));

  it('walks publish → discussion → estimation → estimate → two offer versions → accept → test → prod → accept work → rating → archived', async () => {
    expect(await actionsOf('author')).toEqual(['publish', 'delete']);
    // A body that is not an object is refused with its code, never read as an empty one (issue 32).
    for (const malformed of [['publish'], 'publish', '7']) {
      const refused = await ctx.post(`/api/task/${taskId}/action/publish`, malformed, { cookie: cast.cookies.author });
      expect({ status: refused.status, body: refused.body }).toMatchObject({ status: 400, body: { code: 'invalid_value' } });
    }
    expect(await status()).toBe('draft');
    const published = dataOf<TaskStep>(await act(ctx, cast, 'author', taskId, 'publish')).card!;
    expect(published.status).toBe('published');
    expect(published.dateExpiration).toBeGreaterThan(published.datePublish!);

    expect(await actionsOf('pm')).toEqual(['to-discussion']);
    dataOf(await act(ctx, cast, 'pm', taskId, 'to-discussion'));
    const card = dataOf<TaskCard>(await ctx.get(`/api/task/${taskId}/get-card`, { cookie: cast.cookies.admin }));
    expect(Object.keys(card.chats)).toEqual(['main']);

    dataOf(await act(ctx, cast, 'pm', taskId, 'to-estimation'));
    expect(await actionsOf('performer')).toEqual(['finish-evaluation']);
    dataOf(await act(ctx, cast, 'performer', taskId, 'finish-evaluation', ESTIMATE));
    expect(await status()).toBe('estimated');

    dataOf(await act(ctx, cast, 'sm', taskId, 'send-offer', offerBody('Лендінг v1', 100_000)));
    dataOf(await act(ctx, cast, 'sm', taskId, 'return-offer', { message: 'Уточнимо ціну' }));
    dataOf(await act(ctx, cast, 'sm', taskId, 'send-offer', offerBody('Лендінг v2', 120_000)));
    expect(await status()).toBe('offer');

    const [offer] = await documents('admin');
    expect(offer).toMatchObject({
      type: 'offer',
      version: 2,
      name: 'Лендінг v2',
      current: true,
      expired: false,
      can: { accept: true, reject: true, update: true },
    });
    expect(offer!.urgencies.map((u) => u.price)).toEqual([120_000, 240_000]);
    // Spec 6: the pm sees no prices, a guest no documents at all, the author (role user) may not answer the offer.
    expect((await documents('pm'))[0]!.urgencies.map((u) => u.price)).toEqual([null, null]);
    expect(await documents('guest')).toEqual([]);
    expect((await documents('author'))[0]!.can.accept).toBe(false);
    const versions = dataOf<TaskDocument[]>(await ctx.get(`/api/document/${offer!.id}/versions`, { cookie: cast.cookies.admin }));
    expect(versions.map((v) => [v.version, v.name, v.current, v.expired])).toEqual([
      [1, 'Лендінг v1', false, true],
      [2, 'Лендінг v2', true, false],
    ]);
    expect((await answerDocument(ctx, cast, 'admin', versions[0]!.id, 'accept', { urgency: 1 })).status).toBe(409);
    expect((await answerDocument(ctx, cast, 'author', offer!.id, 'accept', { urgency: 1 })).status).toBe(403);
    expect((await answerDocument(ctx, cast, 'admin', offer!.id, 'accept', { urgency: 2 })).body).toMatchObject({ code: 'urgency_not_found' });

    const step = dataOf<TaskStep>(await answerDocument(ctx, cast, 'admin', offer!.id, 'accept', { urgency: 3 }));
    const accepted = step.card!;
    expect(accepted.status).toBe('in_work');
    expect(accepted.dateDeadline).toBe(offer!.urgencies[1]!.dateDeadline);
    // The answer holds what the acting tab draws next (issue 32), as the reads would answer them now.
    expect(step.task).toMatchObject({ id: taskId, status: 'in_work' });
    expect(step.actions).toEqual(dataOf(await ctx.get(`/api/task/${taskId}/actions`, { cookie: cast.cookies.admin })));
    expect(step.documents).toEqual(await documents('admin'));
    expect(step.documents.map((d) => d.type)).toContain('contract');
    expect(step.ledger).toMatchObject({ committed: 240_000, inEscrow: 240_000 });
    expect(step.chats).toEqual(dataOf(await ctx.get(`/api/task/${taskId}/chats`, { cookie: cast.cookies.admin })));
    expect(await balanceOf({ kind: 'project', projectId: cast.projectId })).toBe(500_000 - 240_000);
    expect(await balanceOf({ kind: 'escrow', taskId })).toBe(240_000);
    const contract = (await documents('admin')).find((d) => d.type === 'contract')!;
    expect(contract).toMatchObject({ cost: 240_000, urgencies: [{ urgency: 3 }], progress: 0 });
    expect(contract.performers.map((p) => p.id)).toEqual([cast.people.performer.id]);
    expect(dataOf<TaskLedger>(await ctx.get(`/api/task/${taskId}/ledger`, { cookie: cast.cookies.admin }))).toMatchObject({
      committed: 240_000,
      inEscrow: 240_000,
    });
    expect((await ctx.get(`/api/task/${taskId}/ledger`, { cookie: cast.cookies.author })).status).toBe(403);

    dataOf(await act(ctx, cast, 'pm', taskId, 'progress', { progress: 60 }));
    dataOf(await act(ctx, cast, 'pm', taskId, 'pause'));
    expect((await act(ctx, cast, 'pm', taskId, 'to-test')).status).toBe(409);
    dataOf(await act(ctx, cast, 'pm', taskId, 'unpause'));
    dataOf(await act(ctx, cast, 'performer', taskId, 'to-manager-review'));
    dataOf(await act(ctx, cast, 'pm', taskId, 'to-test'));
    expect((await act(ctx, cast, 'pm', taskId, 'to-prod')).status).toBe(409);
    dataOf(await act(ctx, cast, 'author', taskId, 'accept-test'));
    dataOf(await act(ctx, cast, 'pm', taskId, 'to-prod'));
    expect(await status()).toBe('review');

    const rated = dataOf<TaskStep>(await act(ctx, cast, 'admin', taskId, 'accept-work')).card!;
    expect(rated.status).toBe('rating');
    // Released: 70 % to the one performer, 10 % to the sm who sent the offer, 20 % platform revenue.
    expect(await balanceOf({ kind: 'escrow', taskId })).toBe(0);
    expect(await balanceOf({ kind: 'user_wallet', userId: cast.people.performer.id })).toBe(168_000);
    expect(await balanceOf({ kind: 'user_wallet', userId: cast.people.sm.id })).toBe(24_000);
    expect(await balanceOf({ kind: 'platform' })).toBe(48_000);
    const ledger = dataOf<TaskLedger>(await ctx.get(`/api/task/${taskId}/ledger`, { cookie: cast.cookies.admin }));
    expect(ledger.inEscrow).toBe(0);
    expect(ledger.released.map((r) => [r.kind, r.amount])).toEqual([
      ['performer', 168_000],
      ['sm', 24_000],
      ['platform', 48_000],
    ]);

    expect((await act(ctx, cast, 'author', taskId, 'add-rating', { rating: 6 })).body).toMatchObject({ code: 'rating_is_too_big' });
    expect((await act(ctx, cast, 'author', taskId, 'add-rating', { rating: 5, review: 'x'.repeat(1001) })).body).toMatchObject({ code: 'review_is_too_long' });
    dataOf(await act(ctx, cast, 'author', taskId, 'add-rating', { rating: 5, review: 'Дякуємо' }));
    const archived = dataOf<TaskStep>(await act(ctx, cast, 'author', taskId, 'finish-rating')).card!;
    expect(archived.status).toBe('archived');
    expect(archived.dateArchived).not.toBeNull();
  });

  it('left a system message for each step in the main chat, the deadline beside the timed ones', async () => {
    const messages = await mainChatMessages(ctx.db, taskId);
    expect(messages.every((m) => m.author_id === null)).toBe(true);
    expect(messages).toHaveLength(17);
    expect(messages.find((m) => m.body.startsWith('Задачу взято в обговорення'))!.date_deadline).not.toBeNull();
    expect(messages.some((m) => m.body.includes('Уточнимо ціну'))).toBe(true);
  });

  it('answers each line with its note, so a reader in English reads it in English', async () => {
    const { chats } = dataOf<TaskChats>(await ctx.get(`/api/task/${taskId}/chats`, { cookie: cast.cookies.admin }));
    const main = chats.find((chat) => chat.key === 'main')!;
    const page = dataOf<MessagesPage>(await ctx.get(`/api/chat/${main.id}/messages`, { cookie: cast.cookies.admin }));
    const returned = page.list.find((message) => message.systemNote?.key === 'return-offer')!;
    expect(returned.systemNote).toEqual({ key: 'return-offer', reason: 'Уточнимо ціну' });
    expect(returned.message).toBe('Комерційну пропозицію відкликано: Уточнимо ціну');
    expect(systemNoteHtml(returned.systemNote!, 'en')).toBe('The commercial proposal was withdrawn: Уточнимо ціну');
    const rated = page.list.find((message) => message.systemNote?.key === 'add-rating')!;
    expect(systemNoteHtml(rated.systemNote!, 'en')).toBe('Work rating: <strong>5/5</strong>');
  });

  it('notified the people concerned, never the actor, through the notifications module', async () => {
    const recipientsOf = async (action: string) =>
      (
        await ctx.db
          .selectFrom('notifications')
          .select('user_id')
          .where('task_id', '=', taskId)
          .where('kind', '=', 'task_action')
          .where(sql<boolean>`payload->>'action' = ${action}`)
          .execute()
      ).map((row) => row.user_id);
    const offerSent = await recipientsOf('send-offer');
    expect(offerSent).toEqual(expect.arrayContaining([cast.people.admin.id, cast.people.pm.id]));
    expect(offerSent).not.toContain(cast.people.sm.id);
    expect(await recipientsOf('to-estimation')).toEqual([cast.people.performer.id]);
  });

  it('keeps every ledger transaction balanced: the postings of each sum to zero', async () => {
    const sums = await ctx.db
      .selectFrom('postings')
      .select((eb) => ['transaction_id', eb.fn.sum<string>('amount').as('sum')])
      .groupBy('transaction_id')
      .execute();
    expect(sums.length).toBeGreaterThan(0);
    expect(sums.every((row) => Number(row.sum) === 0)).toBe(true);
  });
});
