import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage, MessagesPage, TaskCard, TaskChats, ViewedAnswer } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { TaskRow } from '../../db/schema.js';
import { createChats, createTask, createUser, postMessage } from '../../seed/builders.js';
import { createTestContext, type TestContext, type TestResponse } from '../../test/harness.js';
import { castOf, type Cast, type Role } from '../../test/workflow-kit.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A browser's FormData: the text fields, then at most one file. */
function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = `----negayno${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function dataOf<T>(response: TestResponse<T>): T {
  if (response.body.status !== 'ok') throw new Error(`not ok (${response.status}): ${response.text}`);
  return response.body.data;
}

function codeOf(response: TestResponse): string | undefined {
  return response.body.status === 'error' ? response.body.code : undefined;
}

describe('task chats: permissions, windows, paging, idempotent sends, unread counters, receipts, whose move (issue 13)', () => {
  let ctx: TestContext;
  let cast: Cast;
  let filesDir: string;
  let task: TaskRow;
  let chats: { main: number; work: number };
  let outsider: string;

  const send = (who: Role | string, chatId: number, fields: Record<string, string>, file?: { name: string; content: Buffer }) => {
    const body = multipart(fields, file);
    const cookie = who in cast.cookies ? cast.cookies[who as Role] : who;
    return ctx.request<ChatMessage>('POST', `/api/chat/${chatId}/new-message`, { cookie, payload: body.payload, headers: body.headers });
  };
  const as = (who: Role) => ({ cookie: cast.cookies[who] });
  const ageMessage = (id: number, minutes: number) =>
    sql`update messages set created_at = now() - make_interval(mins => ${minutes}) where id = ${id}`.execute(ctx.db);

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'negayno-chat-files-'));
    ctx = await createTestContext({ env: { FILES_DIR: filesDir, FILE_MAX_MB: '1', CHAT_WAITING_MINUTES: '30' } });
    cast = await castOf(ctx);
    task = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'discussion', performers: [cast.people.performer] });
    chats = await createChats(ctx.db, task);
    outsider = await ctx.login((await createUser(ctx.db)).email);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  describe('who reads and who writes which chat (decisions 4, spec 6)', () => {
    it('clients read main and never work; performers read work; someone outside the project reads nothing', async () => {
      for (const who of ['admin', 'author', 'guest', 'am', 'pm', 'sm'] as const)
        expect((await ctx.get(`/api/chat/${chats.main}/messages`, as(who))).status).toBe(200);
      for (const who of ['admin', 'author', 'guest'] as const) {
        const refused = await ctx.get(`/api/chat/${chats.work}/messages`, as(who));
        expect([refused.status, codeOf(refused)]).toEqual([404, 'chat_not_found']);
      }
      for (const who of ['am', 'pm', 'sm', 'performer'] as const) expect((await ctx.get(`/api/chat/${chats.work}/messages`, as(who))).status).toBe(200);
      expect(codeOf(await ctx.get(`/api/chat/${chats.main}/messages`, as('performer')))).toBe('chat_not_found');
      expect(codeOf(await ctx.get(`/api/chat/${chats.main}/messages`, { cookie: outsider }))).toBe('chat_not_found');
      expect(codeOf(await send(outsider, chats.main, { message: 'hi' }))).toBe('chat_not_found');
      expect(codeOf(await send('author', chats.work, { message: 'hi' }))).toBe('chat_not_found');
    });

    it('a guest reads but may not write, react or mark anything of their own; the page says so', async () => {
      const page = dataOf(await ctx.get<MessagesPage>(`/api/chat/${chats.main}/messages`, as('guest')));
      expect(page.chat.can.write).toBe(false);
      const refused = await send('guest', chats.main, { message: 'Можна?' });
      expect([refused.status, codeOf(refused)]).toEqual([403, 'access_denied']);
      const id = dataOf(await send('author', chats.main, { message: 'Від автора' })).id;
      expect(codeOf(await ctx.post(`/api/message/${id}/emoji`, { emoji: '👍' }, as('guest')))).toBe('access_denied');
      expect(dataOf(await ctx.get<ChatMessage>(`/api/message/${id}`, as('guest'))).can).toEqual({
        update: false,
        delete: false,
        recovery: false,
        react: false,
        reply: false,
      });
    });

    it('an archived task is read only for everyone, staff included', async () => {
      const archived = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'archived' });
      const archivedChats = await createChats(ctx.db, archived);
      for (const who of ['author', 'pm'] as const) {
        expect((await ctx.get(`/api/chat/${archivedChats.main}/messages`, as(who))).status).toBe(200);
        expect(codeOf(await send(who, archivedChats.main, { message: 'ще одне' }))).toBe('access_denied');
      }
    });
  });

  describe('a new message (spec 7, the codes of issue 13)', () => {
    it('refuses empty, too long text and quotes, replies to what is not in the chat, and unknown emoji', async () => {
      expect(codeOf(await send('author', chats.main, { message: '   ' }))).toBe('message_is_empty');
      expect(codeOf(await send('author', chats.main, {}))).toBe('message_is_empty');
      expect(codeOf(await send('author', chats.main, { message: 'x'.repeat(4001) }))).toBe('message_is_too_long');
      expect((await send('author', chats.main, { message: 'x'.repeat(4000) })).status).toBe(200);
      expect(codeOf(await send('author', chats.main, { message: 'q', quote: 'y'.repeat(1001) }))).toBe('quote_is_too_long');
      const inWork = dataOf(await send('pm', chats.work, { message: 'технічне' })).id;
      const wrongParent = await send('author', chats.main, { message: 'r', parentMessageId: String(inWork) });
      expect([wrongParent.status, codeOf(wrongParent)]).toEqual([404, 'parentMessageId_not_found']);
      expect(codeOf(await send('author', chats.main, { message: 'r', parentMessageId: 'abc' }))).toBe('parentMessageId_not_found');
      expect(codeOf(await send('author', chats.main, { message: 'r', parentMessageId: '12345678901' }))).toBe('parentMessageId_is_too_long');
      const target = dataOf(await send('author', chats.main, { message: 'ціль' })).id;
      expect(codeOf(await ctx.post(`/api/message/${target}/emoji`, { emoji: '🙂' }, as('pm')))).toBe('emoji_not_found');
      expect(codeOf(await ctx.post(`/api/message/${target}/emoji`, { emoji: '' }, as('pm')))).toBe('emoji_is_empty');
      expect(codeOf(await ctx.post(`/api/message/${target}/emoji`, { emoji: '👍'.repeat(20) }, as('pm')))).toBe('emoji_is_too_long');
    });

    it('keeps HTML as the text it is, with a reply and a quote', async () => {
      const parent = dataOf(await send('pm', chats.main, { message: 'Питання від менеджера' }));
      const reply = dataOf(
        await send('author', chats.main, { message: '<img src=x onerror=alert(1)> відповідь', parentMessageId: String(parent.id), quote: 'Питання' }),
      );
      expect(reply.message).toBe('<img src=x onerror=alert(1)> відповідь');
      expect(reply.parentMessage).toMatchObject({ id: parent.id, message: 'Питання від менеджера', author: { id: cast.people.pm.id, role: 'pm' } });
      expect(reply.quote).toBe('Питання');
      expect(reply.author).toMatchObject({ id: cast.people.author.id, role: 'user' });
    });

    it('takes one file checked by its content, served only to the chat readers; a bad one is details.file.code', async () => {
      const sent = dataOf(await send('author', chats.main, { message: 'Договір' }, { name: 'contract.pdf', content: PDF }));
      expect(sent.file).toMatchObject({ name: 'contract.pdf', extension: 'pdf', kind: 'documents', size: PDF.length });
      const served = await ctx.get(sent.file!.url, as('pm'));
      expect([served.status, served.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect((await ctx.get(sent.file!.url, { cookie: outsider })).status).toBe(404);

      const bad = await send('author', chats.main, { message: 'fake' }, { name: 'photo.png', content: Buffer.from('not a png at all') });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'file_is_invalid', details: { file: { code: 'file_is_invalid' } } });
      const onlyFile = dataOf(await send('pm', chats.work, {}, { name: 'spec.pdf', content: PDF }));
      expect(onlyFile.message).toBe('');
      expect((await ctx.get(onlyFile.file!.url, as('author'))).status).toBe(404);
      expect((await ctx.get(onlyFile.file!.url, as('performer'))).status).toBe(200);
    });

    it('is made once per temporary id: a re-send answers the same message', async () => {
      const first = dataOf(await send('author', chats.main, { message: 'Один раз', tempId: 'tmp-abc-1' }));
      const again = dataOf(await send('author', chats.main, { message: 'Один раз', tempId: 'tmp-abc-1' }));
      const both = await Promise.all([1, 2, 3].map(() => send('author', chats.main, { message: 'Разом', tempId: 'tmp-abc-2' })));
      expect(again.id).toBe(first.id);
      expect(first.tempId).toBe('tmp-abc-1');
      expect(new Set(both.map((response) => dataOf(response).id)).size).toBe(1);
      const count = await ctx.db
        .selectFrom('messages')
        .select(ctx.db.fn.countAll<number>().as('n'))
        .where('temp_id', 'in', ['tmp-abc-1', 'tmp-abc-2'])
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
      // Another author may use the same temporary id: it is theirs.
      expect(dataOf(await send('admin', chats.main, { message: 'Моє', tempId: 'tmp-abc-1' })).id).not.toBe(first.id);
    });
  });

  describe('the windows of decisions 4', () => {
    it('edits and deletes own messages for 15 minutes, restores for 15 minutes after deleting; 409 past, 403 for another', async () => {
      const own = dataOf(await send('author', chats.main, { message: 'Перша версія' }));
      expect(own.can).toMatchObject({ update: true, delete: true, recovery: false });
      expect(own.dateUpdateExpires).toBe(own.dateCreate + 15 * 60);
      const edited = dataOf(await ctx.request<ChatMessage>('PUT', `/api/message/${own.id}/update`, { ...as('author'), payload: { message: 'Друга версія' } }));
      expect(edited.message).toBe('Друга версія');
      const foreign = await ctx.request('PUT', `/api/message/${own.id}/update`, { ...as('admin'), payload: { message: 'Чуже' } });
      expect([foreign.status, codeOf(foreign)]).toEqual([403, 'access_denied']);
      expect((await ctx.request('DELETE', `/api/message/${own.id}/delete`, as('pm'))).status).toBe(403);
      expect(codeOf(await ctx.request('PUT', `/api/message/${own.id}/update`, { ...as('author'), payload: { message: ' ' } }))).toBe('message_is_empty');

      const deleted = dataOf(await ctx.request<ChatMessage>('DELETE', `/api/message/${own.id}/delete`, as('author')));
      expect(deleted).toMatchObject({ message: '', can: { recovery: true, update: false, delete: false } });
      expect(deleted.dateRecoveryExpires).toBe(deleted.dateDelete! + 15 * 60);
      expect((await ctx.request('PUT', `/api/message/${own.id}/update`, { ...as('author'), payload: { message: 'x' } })).status).toBe(409);
      expect((await ctx.post(`/api/message/${own.id}/recovery`, undefined, as('admin'))).status).toBe(403);
      const restored = dataOf(await ctx.post<ChatMessage>(`/api/message/${own.id}/recovery`, undefined, as('author')));
      expect([restored.message, restored.dateDelete]).toEqual(['Друга версія', null]);
      expect((await ctx.post(`/api/message/${own.id}/recovery`, undefined, as('author'))).status).toBe(409);

      await ageMessage(own.id, 16);
      const late = await ctx.request('PUT', `/api/message/${own.id}/update`, { ...as('author'), payload: { message: 'Запізно' } });
      expect([late.status, codeOf(late)]).toEqual([409, 'method_not_allowed']);
      expect((await ctx.request('DELETE', `/api/message/${own.id}/delete`, as('author'))).status).toBe(409);
      expect(dataOf(await ctx.get<ChatMessage>(`/api/message/${own.id}`, as('author'))).can).toMatchObject({ update: false, delete: false });
    });

    it('a restore is refused 15 minutes after the delete', async () => {
      const own = dataOf(await send('pm', chats.main, { message: 'Видалю' }));
      await ctx.request('DELETE', `/api/message/${own.id}/delete`, as('pm'));
      await sql`update messages set deleted_at = now() - interval '16 minutes' where id = ${own.id}`.execute(ctx.db);
      expect((await ctx.post(`/api/message/${own.id}/recovery`, undefined, as('pm'))).status).toBe(409);
    });

    it('system messages have no menu: no reactions, no edits', async () => {
      const system = await postMessage(ctx.db, chats.main, null, '<b>Задачу взято в обговорення</b>');
      expect((await ctx.post(`/api/message/${system}/emoji`, { emoji: '👍' }, as('pm'))).status).toBe(409);
      expect((await ctx.request('PUT', `/api/message/${system}/update`, { ...as('pm'), payload: { message: 'x' } })).status).toBe(403);
    });
  });

  it('toggles a reaction of the spec set, listing who reacted in order', async () => {
    const id = dataOf(await send('author', chats.main, { message: 'Реакції' })).id;
    await ctx.post(`/api/message/${id}/emoji`, { emoji: '🔥' }, as('pm'));
    const both = dataOf(await ctx.post<ChatMessage>(`/api/message/${id}/emoji`, { emoji: '🔥' }, as('admin')));
    expect(both.emoji).toEqual([
      { emoji: '🔥', authors: [expect.objectContaining({ id: cast.people.pm.id }), expect.objectContaining({ id: cast.people.admin.id })] },
    ]);
    const off = dataOf(await ctx.post<ChatMessage>(`/api/message/${id}/emoji`, { emoji: '🔥' }, as('pm')));
    expect(off.emoji).toEqual([{ emoji: '🔥', authors: [expect.objectContaining({ id: cast.people.admin.id })] }]);
  });

  it('pages 50 by backFrom, oldest first, and refuses a backFrom of another chat', async () => {
    const own = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'discussion' });
    const ownChats = await createChats(ctx.db, own);
    const ids: number[] = [];
    for (let i = 0; i < 120; i += 1) ids.push(await postMessage(ctx.db, ownChats.main, cast.people.pm, `№${i}`));
    const first = dataOf(await ctx.get<MessagesPage>(`/api/chat/${ownChats.main}/messages`, as('author')));
    expect([first.list.length, first.hasMore, first.list[0]!.id, first.list.at(-1)!.id]).toEqual([50, true, ids[70], ids[119]]);
    const second = dataOf(await ctx.get<MessagesPage>(`/api/chat/${ownChats.main}/messages/${first.list[0]!.id}`, as('author')));
    expect([second.list.length, second.hasMore, second.list[0]!.id, second.list.at(-1)!.id]).toEqual([50, true, ids[20], ids[69]]);
    const last = dataOf(await ctx.get<MessagesPage>(`/api/chat/${ownChats.main}/messages/${second.list[0]!.id}`, as('author')));
    expect([last.list.length, last.hasMore, last.list[0]!.id]).toEqual([20, false, ids[0]]);
    const foreign = await ctx.get(`/api/chat/${ownChats.main}/messages/${ids[0]! - 1}`, as('author'));
    expect([foreign.status, codeOf(foreign)]).toEqual([404, 'backFrom_not_found']);
    expect(first.chat).toMatchObject({ key: 'main', taskId: own.id, unreadCount: 120, lastViewedMessageId: 0 });
  });

  it('counts unread per chat and task (on the card too), marks a message and every earlier one viewed, and answers who read each', async () => {
    const own = await createTask(ctx.db, {
      project: { id: cast.projectId },
      author: cast.people.author,
      status: 'discussion',
      performers: [cast.people.performer],
    });
    const ownChats = await createChats(ctx.db, own);
    const sent: ChatMessage[] = [];
    for (const text of ['Перше', 'Друге', 'Третє']) sent.push(dataOf(await send('pm', ownChats.main, { message: text })));
    await send('performer', ownChats.work, { message: 'Технічне' });

    const before = dataOf(await ctx.get<TaskChats>(`/api/task/${own.id}/chats`, as('author')));
    expect(before.chats.map((chat) => chat.key)).toEqual(['main']);
    expect(before.unreadMessageCounters).toEqual({ main: { count: 3 }, work: { count: 0 } });
    expect(dataOf(await ctx.get<TaskChats>(`/api/task/${own.id}/chats`, as('am'))).unreadMessageCounters).toEqual({ main: { count: 3 }, work: { count: 1 } });

    const viewed = dataOf(await ctx.post<ViewedAnswer>(`/api/message/${sent[1]!.id}/viewed`, undefined, as('author')));
    expect(viewed).toMatchObject({ lastViewedMessageId: sent[1]!.id, unreadCount: 1, unreadMessageCounters: { main: { count: 1 }, work: { count: 0 } } });
    // A mark never moves back.
    expect(dataOf(await ctx.post<ViewedAnswer>(`/api/message/${sent[0]!.id}/viewed`, undefined, as('author'))).lastViewedMessageId).toBe(sent[1]!.id);
    const card = dataOf(await ctx.get<TaskCard>(`/api/task/${own.id}/get-card`, as('author')));
    expect(card.unreadMessageCounters.main.count).toBe(1);

    const page = dataOf(await ctx.get<MessagesPage>(`/api/chat/${ownChats.main}/messages`, as('pm')));
    const readers = page.list.filter((m) => sent.some((s) => s.id === m.id)).map((m) => m.readers.map((reader) => reader.id));
    expect(readers).toEqual([[cast.people.author.id], [cast.people.author.id], []]);
    const forAuthor = dataOf(await ctx.get<MessagesPage>(`/api/chat/${ownChats.main}/messages`, as('author')));
    expect(forAuthor.list.map((m) => m.viewed)).toEqual([true, true, false]);
  });

  it("answers whose move it is from the status and the main chat, on the card too, and tells the pm once when a client's message waits", async () => {
    const own = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'discussion' });
    const ownChats = await createChats(ctx.db, own);
    const move = async () => dataOf(await ctx.get(`/api/task/${own.id}/whose-move`, as('author')));
    expect(await move()).toMatchObject({ who: 'manager' });
    const question = dataOf(await send('author', ownChats.main, { message: 'Коли почнете?' }));
    expect(await move()).toEqual({ who: 'manager', since: question.dateCreate });
    const answer = dataOf(await send('pm', ownChats.main, { message: 'Завтра' }));
    expect(await move()).toEqual({ who: 'client', since: answer.dateCreate });
    expect(dataOf(await ctx.get<TaskCard>(`/api/task/${own.id}/get-card`, as('am'))).whoseMove).toEqual({ who: 'client', since: answer.dateCreate });

    const waiting = dataOf(await send('author', ownChats.main, { message: 'А точно завтра?' }));
    const alerts = () =>
      ctx.db.selectFrom('notifications').select(['user_id', 'kind']).where('task_id', '=', own.id).where('kind', '=', 'chat_waiting').execute();
    expect(await ctx.services.chatJobs.alertWaiting()).toBe(0);
    await ageMessage(waiting.id, 31);
    expect(await ctx.services.chatJobs.alertWaiting()).toBe(1);
    expect(await ctx.services.chatJobs.alertWaiting()).toBe(0);
    expect(await alerts()).toEqual([{ user_id: cast.people.pm.id, kind: 'chat_waiting' }]);
  });

  it('notifies the readers who do not have the chat open, never a client of the work chat', async () => {
    const own = await createTask(ctx.db, {
      project: { id: cast.projectId },
      author: cast.people.author,
      status: 'discussion',
      performers: [cast.people.performer],
    });
    const ownChats = await createChats(ctx.db, own);
    const recipientsOf = async (messageId: number) =>
      (
        await ctx.db
          .selectFrom('notifications')
          .select('user_id')
          .where('kind', '=', 'chat_message')
          .where(sql<boolean>`(payload->>'messageId')::integer = ${messageId}`)
          .execute()
      )
        .map((row) => row.user_id)
        .sort((a, b) => a - b);
    const main = dataOf(await send('pm', ownChats.main, { message: 'Для клієнта' }));
    expect(await recipientsOf(main.id)).toEqual([cast.people.author.id, cast.people.am.id, cast.people.sm.id].sort((a, b) => a - b));
    const work = dataOf(await send('pm', ownChats.work, { message: 'Для виконавця' }));
    expect(await recipientsOf(work.id)).toEqual([cast.people.am.id, cast.people.sm.id, cast.people.performer.id].sort((a, b) => a - b));
  });
});
