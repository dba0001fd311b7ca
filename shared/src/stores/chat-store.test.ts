/**
 * @jest-environment node
 *
 * The chat store over real HTTP (a loopback server answering the API's envelopes) and IndexedDB
 * (fake-indexeddb implements the API in Node; nothing of the store is replaced). Node's own fetch,
 * FormData and File, so the multipart body goes out as a browser would send it.
 */
import 'fake-indexeddb/auto';
import { setApiOrigin } from '@negayno/shared/api';
import type { ChatMessage, ChatState, MessagesPage, ViewedAnswer } from '@negayno/shared/contract';
import { apiServerForFile, chatMessage, type StubRequest } from '@negayno/shared/testing';
import { ChatStore, ChatsStore, VIEW_DEBOUNCE_MS } from './chat-store';
import { TEMP_MESSAGE_TTL_MS, tempMessages, type TempMessage } from './chat-temp-messages';

const ME = 7;
/** Nothing listens there: a fetch fails as on a cut network. */
const CUT = 'http://127.0.0.1:9';
const server = apiServerForFile();
let nextChatId = 100;

function state(chatId: number, overrides: Partial<ChatState> = {}): ChatState {
  return { id: chatId, key: 'main', taskId: 1, projectId: 1, unreadCount: 0, lastViewedMessageId: 0, can: { write: true }, ...overrides };
}

function message(chatId: number, id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return chatMessage({ id, chatId, message: `message ${id}`, dateCreate: 1_700_000_000 + id, dateUpdate: 1_700_000_000 + id, ...overrides });
}

/** The multipart fields of a request, read from its raw body. */
function fields(request: StubRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of String(request.body).matchAll(/name="([^"]+)"(?:; filename="([^"]+)")?\r\n(?:Content-Type: [^\r]+\r\n)?\r\n([\s\S]*?)\r\n--/g)) {
    out[match[1]!] = match[2] ? `file:${match[2]}` : match[3]!;
  }
  return out;
}

function posts(chatId: number): StubRequest[] {
  return server.requests.filter((request) => request.method === 'POST' && request.path === `/chat/${chatId}/new-message`);
}

/** A chat whose server answers a first page and makes a message of each send (the same one again for a temp id it knows). */
function serveChat(chatId: number, page: ChatMessage[] = [], chat: Partial<ChatState> = {}): { made: Map<string, ChatMessage> } {
  const made = new Map<string, ChatMessage>();
  let id = 1000;
  server.routes[`GET /chat/${chatId}/messages`] = { data: { list: page, hasMore: false, chat: state(chatId, chat) } satisfies MessagesPage };
  server.routes[`POST /chat/${chatId}/new-message`] = (request) => {
    const sent = fields(request);
    if (sent.file === 'file:bad.exe') return { status: 422, code: 'file_is_invalid' };
    const tempId = sent.tempId!;
    const known = made.get(tempId);
    if (known) return { data: known };
    const answer = message(chatId, (id += 1), {
      message: sent.message ?? '',
      author: { id: ME, firstname: 'Me', lastname: 'Myself', role: 'user', avatarUrl: null, color: '#000' },
      tempId,
      viewed: true,
    });
    made.set(tempId, answer);
    return { data: answer };
  };
  return { made };
}

function newChat(): { chatId: number; store: ChatStore; counters: ViewedAnswer[] } {
  const chatId = (nextChatId += 1);
  const counters: ViewedAnswer[] = [];
  return {
    chatId,
    store: new ChatStore(
      chatId,
      () => ME,
      (answer) => counters.push(answer),
    ),
    counters,
  };
}

describe('ChatStore', () => {
  it('shows a message at once, keeps it in IndexedDB, and replaces it by the server message', async () => {
    const { chatId, store } = newChat();
    serveChat(chatId, [message(chatId, 1)]);
    await store.open();
    expect(store.messages.map((held) => held.id)).toEqual([1]);

    store.setText('  hello  ');
    const sending = store.submit();
    // Before the server answers: the temp message is on screen and stored.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.items.at(-1)).toMatchObject({ kind: 'temp', temp: { message: 'hello' } });
    expect(store.form.message).toBe('');
    await sending;

    expect(store.temps).toEqual([]);
    expect(store.items.map((item) => item.kind)).toEqual(['message', 'message']);
    expect(store.messages.at(-1)?.message).toBe('hello');
    expect(await tempMessages.ofChat(chatId)).toEqual([]);
    const sent = fields(posts(chatId)[0]!);
    expect(sent.message).toBe('hello');
    expect(sent.tempId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('reads the newest page again once its room is joined, apart from a first read still on its way', async () => {
    const { chatId, store } = newChat();
    // The first read started before the join and is slow; a message is made meanwhile.
    server.routes[`GET /chat/${chatId}/messages`] = {
      data: { list: [message(chatId, 1)], hasMore: false, chat: state(chatId) } satisfies MessagesPage,
      delayMs: 100,
    };
    const opening = store.open();
    serveChat(chatId, [message(chatId, 1), message(chatId, 2)]);
    await store.readAfterJoin();
    await opening;
    expect(store.messages.map((held) => held.id)).toEqual([1, 2]);
    expect(server.requests.filter((request) => request.path === `/chat/${chatId}/messages`)).toHaveLength(2);
  });

  it('sends nothing for an empty message, and nothing in a read-only chat', async () => {
    const { chatId, store } = newChat();
    serveChat(chatId, [], { can: { write: false } });
    await store.open();
    store.setText('   ');
    await store.submit();
    store.setText('hi');
    await store.submit();
    expect(posts(chatId)).toHaveLength(0);
    expect(store.temps).toHaveLength(0);
  });

  it('keeps a message written on a cut network waiting, and sends it by itself when the connection returns, once', async () => {
    const { chatId, store } = newChat();
    const { made } = serveChat(chatId);
    await store.open();
    setApiOrigin(CUT); // nothing listens: the fetch fails as on a cut network
    store.setText('on a train');
    await store.submit();
    expect(store.temps).toHaveLength(1);
    expect(store.temps[0]!.status).toBe('sending');
    expect(store.isWaiting(store.temps[0]!.id)).toBe(true);
    expect(store.items.at(-1)).toMatchObject({ kind: 'temp', errorCode: 'offline' });
    // Kept as sending: a reload sends it too.
    expect((await tempMessages.ofChat(chatId))[0]?.status).toBe('sending');

    setApiOrigin(server.origin!);
    const tempId = store.temps[0]!.id;
    store.resendWaiting();
    store.resendWaiting(); // the socket's connect and the browser's online event, both
    await store.settled();
    expect(store.temps).toHaveLength(0);
    expect(store.messages.map((held) => held.tempId)).toEqual([tempId]);
    expect(posts(chatId).map((request) => fields(request).tempId)).toEqual([tempId]);
    expect(made.size).toBe(1);
    expect(await tempMessages.ofChat(chatId)).toEqual([]);
  });

  /** 'first' written without a connection, 'second' once it is back but before the browser heard of it. */
  async function firstCutThenSecond(): Promise<{ chatId: number; store: ChatStore }> {
    const { chatId, store } = newChat();
    serveChat(chatId);
    await store.open();
    setApiOrigin(CUT);
    store.setText('first');
    await store.submit();
    setApiOrigin(server.origin!);
    store.setText('second');
    await store.submit();
    return { chatId, store };
  }

  it('sends the waiting messages in the order they were written, a later one never before an earlier', async () => {
    const { chatId, store } = await firstCutThenSecond();
    // The second waits behind the first.
    expect(posts(chatId)).toHaveLength(0);
    expect(store.temps.map((temp) => store.isWaiting(temp.id))).toEqual([true, true]);
    store.resendWaiting();
    await store.settled();
    expect(posts(chatId).map((request) => fields(request).message)).toEqual(['first', 'second']);
    expect(store.messages.map((held) => held.message)).toEqual(['first', 'second']);
  });

  it('keeps that order for two messages written within one millisecond', async () => {
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      const { chatId, store } = await firstCutThenSecond();
      expect(posts(chatId)).toHaveLength(0);
      store.resendWaiting();
      await store.settled();
      expect(posts(chatId).map((request) => fields(request).message)).toEqual(['first', 'second']);
    } finally {
      clock.mockRestore();
    }
  });

  it('marks a refused message error, never sends it by itself, and a retry sends it with the same temp id', async () => {
    const { chatId, store } = newChat();
    const { made } = serveChat(chatId);
    await store.open();
    const accept = server.routes[`POST /chat/${chatId}/new-message`]!;
    server.routes[`POST /chat/${chatId}/new-message`] = { status: 403, code: 'access_denied' };
    store.setText('refused');
    await store.submit();
    expect(store.temps[0]!.status).toBe('error');
    expect(store.items.at(-1)).toMatchObject({ kind: 'temp', errorCode: 'access_denied' });
    expect((await tempMessages.ofChat(chatId))[0]?.status).toBe('error');
    server.routes[`POST /chat/${chatId}/new-message`] = accept;
    store.resendWaiting();
    await store.settled();
    expect(posts(chatId)).toHaveLength(1);
    expect(store.temps).toHaveLength(1);

    const tempId = store.temps[0]!.id;
    await store.retry(tempId);
    expect(store.temps).toHaveLength(0);
    expect(store.messages.map((held) => held.tempId)).toEqual([tempId]);
    expect(made.size).toBe(1);
    expect(await tempMessages.ofChat(chatId)).toEqual([]);
  });

  it('cancels a failed message: it leaves the list and the storage', async () => {
    const { chatId, store } = newChat();
    serveChat(chatId);
    await store.open();
    setApiOrigin(CUT);
    store.setText('never mind');
    await store.submit();
    setApiOrigin(server.origin!);
    await store.cancel(store.temps[0]!.id);
    expect(store.items).toEqual([]);
    expect(await tempMessages.ofChat(chatId)).toEqual([]);
    expect(posts(chatId)).toHaveLength(0);
  });

  it('re-sends, when the chat opens, a message left as sending (a reload), once; the server answers the same message', async () => {
    const { chatId, store } = newChat();
    const { made } = serveChat(chatId);
    const now = Date.now();
    const left: TempMessage = {
      id: 'reload-1',
      hasTemp: true,
      status: 'sending',
      chatId,
      message: 'sent before the reload',
      parentMessageId: null,
      quote: null,
      tempFileId: null,
      file: null,
      createdAt: now,
      expiresAt: now + TEMP_MESSAGE_TTL_MS,
    };
    await tempMessages.put(left);
    await store.open();
    await store.settled();
    await store.open(); // opening again (a tab switch) sends nothing more
    await store.settled();
    expect(posts(chatId).map((request) => fields(request).tempId)).toEqual(['reload-1']);
    expect(store.messages.map((held) => held.tempId)).toEqual(['reload-1']);
    expect(made.size).toBe(1);
    expect(await tempMessages.ofChat(chatId)).toEqual([]);
  });

  it('keeps a failed message over a reload as failed (shown with retry), and purges those older than 30 days', async () => {
    const { chatId, store } = newChat();
    serveChat(chatId);
    const now = Date.now();
    const base = { hasTemp: true as const, chatId, parentMessageId: null, quote: null, tempFileId: null, file: null };
    await tempMessages.put({ ...base, id: 'old', status: 'sending', message: 'old', createdAt: now - TEMP_MESSAGE_TTL_MS - 1, expiresAt: now - 1 });
    await tempMessages.put({ ...base, id: 'failed', status: 'error', message: 'failed', createdAt: now, expiresAt: now + TEMP_MESSAGE_TTL_MS });
    await store.open();
    await store.settled();
    expect(store.temps.map((temp) => [temp.id, temp.status])).toEqual([['failed', 'error']]);
    expect(posts(chatId)).toHaveLength(0);
    expect((await tempMessages.ofChat(chatId)).map((temp) => temp.id)).toEqual(['failed']);
  });

  it('sends, when a page opens signed in, the messages kept in this browser for chats not yet opened, once', async () => {
    const { chatId } = newChat();
    const { made } = serveChat(chatId);
    const now = Date.now();
    const base = { hasTemp: true as const, chatId, parentMessageId: null, quote: null, tempFileId: null, file: null, expiresAt: now + TEMP_MESSAGE_TTL_MS };
    await tempMessages.put({ ...base, id: 'kept-2', status: 'sending', message: 'two', createdAt: now + 1 });
    await tempMessages.put({ ...base, id: 'kept-1', status: 'sending', message: 'one', createdAt: now });
    await tempMessages.put({ ...base, id: 'refused', status: 'error', message: 'no', createdAt: now - 1 });
    const chats = new ChatsStore(() => ME);
    await chats.resumeStored();
    await chats.chat(chatId).settled();
    expect(posts(chatId).map((request) => fields(request).tempId)).toEqual(['kept-1', 'kept-2']);
    // The chat opening afterwards sends nothing again.
    await chats.chat(chatId).open();
    await chats.chat(chatId).settled();
    expect(made.size).toBe(2);
    expect(posts(chatId)).toHaveLength(2);
    expect(chats.chat(chatId).temps.map((temp) => temp.id)).toEqual(['refused']);
    await tempMessages.remove(chatId, 'refused');
  });

  it('sends several files one message each, the text first as its own message; the reply goes with the first', async () => {
    const { chatId, store } = newChat();
    serveChat(chatId, [message(chatId, 5)]);
    await store.open();
    store.replyTo(store.messages[0]!);
    store.addFiles([new File(['a'], 'a.png', { type: 'image/png' }), new File(['bb'], 'b.pdf', { type: 'application/pdf' })]);
    store.setText('two files');
    await store.submit();
    const sent = posts(chatId).map(fields);
    expect(sent.map((form) => [form.message ?? '', form.file ?? null, form.parentMessageId ?? null])).toEqual([
      ['two files', null, '5'],
      ['', 'file:a.png', null],
      ['', 'file:b.pdf', null],
    ]);
    expect(store.form).toEqual({ message: '', files: [], parentMessageId: null, editMessageId: null, quote: null });
  });

  it('one file carries the text', async () => {
    const { chatId, store } = newChat();
    serveChat(chatId);
    await store.open();
    store.addFiles([new File(['a'], 'a.png', { type: 'image/png' })]);
    store.setText('look');
    await store.submit();
    expect(posts(chatId).map(fields)).toEqual([expect.objectContaining({ message: 'look', file: 'file:a.png' })]);
  });

  it('shows a refused file as a local error_file message and forgets its temp', async () => {
    const { chatId, store } = newChat();
    serveChat(chatId);
    await store.open();
    store.addFiles([new File(['x'], 'bad.exe')]);
    await store.submit();
    expect(store.temps).toEqual([]);
    expect(store.items).toEqual([expect.objectContaining({ kind: 'file-error', item: expect.objectContaining({ name: 'bad.exe' }) })]);
    expect(await tempMessages.ofChat(chatId)).toEqual([]);
  });

  it('reply and edit exclude each other; closing the edit banner clears its text; an unchanged edit is not sent', async () => {
    const { chatId, store } = newChat();
    const own = message(chatId, 9, { author: { id: ME, firstname: 'Me', lastname: 'M', role: 'user', avatarUrl: null, color: '#000' }, message: 'mine' });
    serveChat(chatId, [message(chatId, 8), own]);
    await store.open();
    store.setText('draft');
    store.replyTo(store.messages[0]!);
    expect(store.form).toMatchObject({ parentMessageId: 8, editMessageId: null, message: 'draft' });
    store.startEdit(store.messages[1]!);
    expect(store.form).toMatchObject({ parentMessageId: null, editMessageId: 9, message: 'mine' });
    store.addFiles([new File(['a'], 'a.png')]);
    expect(store.form.files).toEqual([]);
    store.closeBanner();
    expect(store.form).toMatchObject({ editMessageId: null, message: '' });

    store.startEdit(store.messages[1]!);
    store.setText(' mine ');
    await store.submit();
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);

    server.routes[`PUT /message/9/update`] = (request) => ({
      data: { ...own, message: (request.body as { message: string }).message, dateUpdate: own.dateUpdate + 60 },
    });
    store.startEdit(store.messages[1]!);
    store.setText('mine, edited');
    await store.submit();
    expect(store.messages[1]).toMatchObject({ message: 'mine, edited', dateUpdate: own.dateUpdate + 60 });
  });

  it('reports viewed marks once per 180 ms with the latest message, and takes the counters it answers', async () => {
    const { chatId, store, counters } = newChat();
    serveChat(chatId, [message(chatId, 1), message(chatId, 2), message(chatId, 3)], { unreadCount: 3 });
    const answer: ViewedAnswer = {
      chatId,
      taskId: 1,
      lastViewedMessageId: 3,
      unreadCount: 0,
      unreadMessageCounters: { main: { count: 0 }, work: { count: 2 } },
    };
    server.routes[`POST /message/3/viewed`] = { data: answer };
    await store.open();
    expect(store.firstUnreadId).toBe(1);
    store.viewed(1);
    store.viewed(3);
    store.viewed(2); // earlier than a mark made: nothing
    expect(store.unreadCount).toBe(0);
    expect(store.messages.every((held) => held.viewed)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, VIEW_DEBOUNCE_MS + 20));
    await until(() => counters.length > 0);
    expect(server.requests.filter((request) => request.path.endsWith('/viewed')).map((request) => request.path)).toEqual(['/message/3/viewed']);
    expect(counters).toEqual([answer]);
  });

  it('shares one read of the newest page between opens asked at once (the drawer’s prefetch and the chat view)', async () => {
    const { chatId, store } = newChat();
    serveChat(chatId, [message(chatId, 1)]);
    const before = server.requests.filter((request) => request.path === `/chat/${chatId}/messages`).length;
    await Promise.all([store.open(), store.open()]);
    expect(server.requests.filter((request) => request.path === `/chat/${chatId}/messages`).length - before).toBe(1);
    await store.open();
    expect(server.requests.filter((request) => request.path === `/chat/${chatId}/messages`).length - before).toBe(2);
  });

  it('prefetches, from a card, the task’s tabs and its first readable chat once, for the pane to find read', async () => {
    const chats = new ChatsStore(() => ME);
    const { chatId: workId } = newChat();
    const taskId = 4242;
    serveChat(workId, [message(workId, 3)], { key: 'work', taskId });
    server.routes[`GET /task/${taskId}/chats`] = {
      data: { taskId, chats: [state(workId, { key: 'work', taskId })], unreadMessageCounters: { main: { count: 0 }, work: { count: 0 } }, whoseMove: null },
    };
    // A performer's card: no main chat, so the work chat is the one the pane shows first.
    chats.prefetch({ id: taskId, chats: { work: workId } });
    await chats.loadTask(taskId);
    await chats.chat(workId).open();
    expect(chats.tasks.get(taskId)?.chats.map((chat) => chat.id)).toEqual([workId]);
    expect(chats.chat(workId).messages.map((held) => held.id)).toEqual([3]);
    expect(server.requests.filter((request) => request.path === `/task/${taskId}/chats`)).toHaveLength(1);
    expect(server.requests.filter((request) => request.path === `/chat/${workId}/messages`)).toHaveLength(1);
    // Asked again (the card was pressed, then the drawer opened): nothing is read twice.
    chats.prefetch({ id: taskId, chats: { work: workId } });
    await chats.loadTask(taskId, { reuseWithinMs: 3000 });
    expect(server.requests.filter((request) => request.path === `/task/${taskId}/chats`)).toHaveLength(1);
    expect(server.requests.filter((request) => request.path === `/chat/${workId}/messages`)).toHaveLength(1);
    // The pane opening just after takes that read; a live change reads again.
    expect(await chats.loadTask(taskId, { reuseWithinMs: 3000 })).toBe('ready');
    expect(server.requests.filter((request) => request.path === `/task/${taskId}/chats`)).toHaveLength(1);
    await chats.loadTask(taskId);
    expect(server.requests.filter((request) => request.path === `/task/${taskId}/chats`)).toHaveLength(2);
  });

  it("reads a task's tabs again for someone else's new message, and takes its own message's move without a read", async () => {
    const chats = new ChatsStore(() => ME);
    const taskId = 5151;
    const main = state(515, { taskId, unreadCount: 4 });
    const work = state(516, { key: 'work', taskId, unreadCount: 1 });
    const tabs = (mainUnread: number) => ({
      taskId,
      chats: [{ ...main, unreadCount: mainUnread }, work],
      unreadMessageCounters: { main: { count: mainUnread }, work: { count: 1 } },
      whoseMove: null,
    });
    server.routes[`GET /task/${taskId}/chats`] = { data: tabs(4) };
    await chats.loadTask(taskId);
    const reads = () => server.requests.filter((request) => request.path === `/task/${taskId}/chats`).length;

    server.routes[`GET /task/${taskId}/chats`] = { data: tabs(5) };
    await chats.onTaskChats({ taskId, chatId: main.id, madeBy: 2, key: 'main', whoseMove: null });
    expect(reads()).toBe(2);
    expect(chats.tasks.get(taskId)?.unreadMessageCounters.main.count).toBe(5);

    const move = { who: 'client' as const, since: 1_700_000_300 };
    await chats.onTaskChats({ taskId, chatId: main.id, madeBy: ME, key: 'main', whoseMove: move });
    expect(reads()).toBe(2);
    expect(chats.tasks.get(taskId)).toMatchObject({ whoseMove: move, unreadMessageCounters: { main: { count: 0 }, work: { count: 1 } } });
    expect(chats.tasks.get(taskId)?.chats.map((chat) => chat.unreadCount)).toEqual([0, 1]);
  });

  it("reads a task's tabs once more for a message that came while a read of them was under way", async () => {
    const chats = new ChatsStore(() => ME);
    const taskId = 5252;
    const main = state(525, { taskId });
    // The server answers the first read as it was before the message, every later read after it.
    let served = 0;
    server.routes[`GET /task/${taskId}/chats`] = () => {
      served += 1;
      const unread = served === 1 ? 2 : 3;
      return {
        data: { taskId, chats: [{ ...main, unreadCount: unread }], unreadMessageCounters: { main: { count: unread }, work: { count: 0 } }, whoseMove: null },
      };
    };
    const first = chats.loadTask(taskId);
    const event = chats.onTaskChats({ taskId, chatId: main.id, madeBy: 2, key: 'main', whoseMove: null });
    const again = chats.onTaskChats({ taskId, chatId: main.id, madeBy: 2, key: 'main', whoseMove: null });
    await Promise.all([first, event, again]);
    expect(chats.tasks.get(taskId)?.unreadMessageCounters.main.count).toBe(3);
    // Two events during one read ask for one more read, not two.
    expect(served).toBe(2);
  });

  it('pages back from the oldest message held', async () => {
    const { chatId, store } = newChat();
    server.routes[`GET /chat/${chatId}/messages`] = { data: { list: [message(chatId, 51), message(chatId, 52)], hasMore: true, chat: state(chatId) } };
    server.routes[`GET /chat/${chatId}/messages/51`] = { data: { list: [message(chatId, 49), message(chatId, 50)], hasMore: false, chat: state(chatId) } };
    await store.open();
    expect(store.hasMore).toBe(true);
    await store.loadOlder();
    expect(store.messages.map((held) => held.id)).toEqual([49, 50, 51, 52]);
    expect(store.hasMore).toBe(false);
  });

  it("a live message with the temp id of one's own message replaces the temp instead of doubling it", async () => {
    const { chatId, store } = newChat();
    serveChat(chatId);
    await store.open();
    setApiOrigin(CUT);
    store.setText('racing');
    await store.submit();
    setApiOrigin(server.origin!);
    const tempId = store.temps[0]!.id;
    server.routes[`GET /message/77`] = { data: message(chatId, 77, { tempId, message: 'racing' }) };
    await store.refreshMessage(77);
    expect(store.items.map((item) => item.key)).toEqual(['m77']);
  });

  it("reads nothing for the event of one's own new message it holds, and reads anyone else's", async () => {
    const { chatId, store } = newChat();
    serveChat(chatId, [message(chatId, 5, { author: { id: ME, firstname: 'Me', lastname: 'Myself', role: 'user', avatarUrl: null, color: '#000' } })]);
    await store.open();
    const asked = () => server.requests.filter((request) => request.path.startsWith('/message/')).length;
    const before = asked();
    await store.refreshMessage(5, ME);
    expect(asked()).toBe(before);
    server.routes['GET /message/6'] = { data: message(chatId, 6) };
    await store.refreshMessage(6, 2);
    expect(asked()).toBe(before + 1);
    expect(store.messages.map((held) => held.id)).toEqual([5, 6]);
    // An edit or a reaction (no madeBy) is read even for one's own message.
    server.routes['GET /message/5'] = { data: message(chatId, 5, { message: 'edited' }) };
    await store.refreshMessage(5);
    expect(store.messages[0]!.message).toBe('edited');
  });

  it("puts someone else's new message its event carries in place without reading it, answerable only where it writes", async () => {
    const asked = () => server.requests.filter((request) => request.path.startsWith('/message/')).length;
    const answerable = { update: false, delete: false, recovery: false, react: true, reply: true };

    const writable = newChat();
    serveChat(writable.chatId, [message(writable.chatId, 5)], { unreadCount: 0, lastViewedMessageId: 5 });
    await writable.store.open();
    const before = asked();
    await writable.store.onMessageEvent({ messageId: 6, madeBy: 2, message: message(writable.chatId, 6, { message: 'hello', can: answerable }) });
    expect(asked()).toBe(before);
    expect(writable.store.messages.map((held) => [held.id, held.message, held.can.reply])).toEqual([
      [5, expect.any(String), expect.any(Boolean)],
      [6, 'hello', true],
    ]);
    expect(writable.store.unreadCount).toBe(1);
    // The same event again (a replay after a reconnect) changes nothing.
    await writable.store.onMessageEvent({ messageId: 6, madeBy: 2, message: message(writable.chatId, 6, { message: 'stale copy', can: answerable }) });
    expect(writable.store.messages.map((held) => held.message)).toContain('hello');
    expect(writable.store.unreadCount).toBe(1);

    const readOnly = newChat();
    serveChat(readOnly.chatId, [], { can: { write: false } });
    await readOnly.store.open();
    await readOnly.store.onMessageEvent({ messageId: 9, madeBy: 2, message: message(readOnly.chatId, 9, { can: answerable }) });
    expect(readOnly.store.messages[0]!.can).toEqual({ update: false, delete: false, recovery: false, react: false, reply: false });
    expect(asked()).toBe(before);
  });

  it('adds a reader to the receipts of every message up to the one read, but their own, as the latest reader', async () => {
    const { chatId, store } = newChat();
    const olena = { id: 2, firstname: 'Olena', lastname: 'Koval', avatarUrl: null, color: '#123456' };
    const taras = { id: 9, firstname: 'Taras', lastname: 'Bondar', avatarUrl: null, color: '#654321' };
    serveChat(chatId, [
      message(chatId, 1, { author: { ...taras, role: 'performer' }, readers: [olena] }),
      message(chatId, 2, { readers: [] }),
      message(chatId, 3, { author: { id: ME, firstname: 'Me', lastname: 'Myself', role: 'user', avatarUrl: null, color: '#000' }, readers: [] }),
    ]);
    await store.open();
    store.applyRead(2, taras);
    store.applyRead(1, olena);
    expect(store.messages.map((held) => held.readers.map((reader) => reader.id))).toEqual([[2], [9], []]);
    store.applyRead(3, olena);
    expect(store.messages.map((held) => held.readers.map((reader) => reader.id))).toEqual([[2], [9], [2]]);
    store.applyRead(3, taras);
    expect(store.messages.map((held) => held.readers.map((reader) => reader.id))).toEqual([[2], [9], [2, 9]]);
  });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
