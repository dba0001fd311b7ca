import { EVENTS_PAGE_MAX, rooms, type ChatMessage, type EventsPage, type JoinResult, type LiveEventPayloads, type RoomName } from '@negayno/shared/contract';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import type { TaskRow } from '../../db/schema.js';
import { createChats, createTask } from '../../seed/builders.js';
import { createTestContext, type TestContext, type TestResponse } from '../../test/harness.js';
import { castOf, type Cast, type Role } from '../../test/workflow-kit.js';

function dataOf<T>(response: TestResponse<T>): T {
  if (response.body.status !== 'ok') throw new Error(`not ok (${response.status}): ${response.text}`);
  return response.body.data;
}

type Heard = LiveEventPayloads['message.update'] & { seq: Partial<Record<RoomName, number>> };

describe('the live events log: numbered per room, caught up with GET /api/events (issue 13)', () => {
  let ctx: TestContext;
  let cast: Cast;
  let base: string;
  let task: TaskRow;
  let chats: { main: number; work: number };
  const sockets: Socket[] = [];

  const open = async (who: Role) => {
    const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: cast.cookies[who], origin: base } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const join = (socket: Socket, room: string) => new Promise<JoinResult>((resolve) => socket.emit('join', room, resolve));
  const say = (who: Role, chatId: number, message: string) =>
    ctx
      .post(`/api/chat/${chatId}/new-message`, { message }, { cookie: cast.cookies[who] })
      .then((response) => dataOf(response as TestResponse<{ id: number }>));
  const eventsOf = (who: Role, room: string, after: number) =>
    ctx.get<EventsPage>(`/api/events?room=${encodeURIComponent(room)}&after=${after}`, { cookie: cast.cookies[who] });

  beforeAll(async () => {
    ctx = await createTestContext();
    base = await ctx.listen();
    cast = await castOf(ctx);
    task = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'discussion', performers: [cast.people.performer] });
    chats = await createChats(ctx.db, task);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await ctx.close();
  });

  it('joins a chat room only where the chat may be read, answering the room number to start from', async () => {
    const client = await open('author');
    expect(await join(client, rooms.chat(chats.main))).toEqual({ ok: true, seq: 0 });
    expect(await join(client, rooms.chat(chats.work))).toEqual({ ok: false });
    const performer = await open('performer');
    expect(await join(performer, rooms.chat(chats.main))).toEqual({ ok: false });
    expect((await join(performer, rooms.chat(chats.work))).ok).toBe(true);
  });

  it('numbers each event per room, sends it with its numbers, and answers exactly the events after N', async () => {
    const socket = await open('pm');
    const start = (await join(socket, rooms.chat(chats.main))).seq!;
    const heard: Heard[] = [];
    socket.on('message.update', (event: Heard) => heard.push(event));
    const sent: number[] = [];
    for (let i = 0; i < 6; i += 1) sent.push((await say('author', chats.main, `Повідомлення ${i}`)).id);
    await ctx.services.realtime.settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const room = rooms.chat(chats.main);
    expect(heard.map((event) => [event.messageId, event.seq[room]])).toEqual(sent.map((id, i) => [id, start + i + 1]));

    const missed = dataOf(await eventsOf('pm', room, start + 2));
    expect(missed).toMatchObject({ room, last: start + 6, resync: false });
    // Each carries its message exactly as another reader who writes reads it (the pm): nothing of the author's own.
    const asThePmReadsIt = (id: number) => ctx.get<ChatMessage>(`/api/message/${id}`, { cookie: cast.cookies.pm }).then(dataOf);
    expect(missed.events.map((event) => [event.seq, event.name, event.payload])).toEqual(
      await Promise.all(
        sent
          .slice(2)
          .map(async (id, i) => [
            start + 3 + i,
            'message.update',
            { messageId: id, chatId: chats.main, madeBy: cast.people.author.id, message: await asThePmReadsIt(id) },
          ]),
      ),
    );
    expect(missed.events[0]!.payload).toMatchObject({ message: { tempId: null, dateDeleteExpires: null, can: { delete: false, reply: true } } });
    expect(dataOf(await eventsOf('pm', room, start + 6))).toEqual({ room, events: [], last: start + 6, resync: false });
    // A browser ahead of the room remembers another database: it reloads.
    expect(dataOf(await eventsOf('pm', room, start + 60)).resync).toBe(true);
  });

  it('tells the chat room who read up to which message, with the reader as the receipts show them', async () => {
    const watcher = await open('author');
    await join(watcher, rooms.chat(chats.main));
    const { id } = await say('author', chats.main, 'Прочитайте, будь ласка');
    const heard = new Promise<LiveEventPayloads['chat.read']>((resolve) => watcher.once('chat.read', resolve));
    expect((await ctx.post(`/api/message/${id}/viewed`, {}, { cookie: cast.cookies.pm })).status).toBe(200);
    const event = await heard;
    expect(event).toMatchObject({ chatId: chats.main, taskId: task.id, userId: cast.people.pm.id, messageId: id });
    expect(event.reader).toMatchObject({ id: cast.people.pm.id, firstname: cast.people.pm.firstname, lastname: cast.people.pm.lastname });
  });

  it('numbers one event in each of its rooms: a new message reaches the project and the task room with both numbers', async () => {
    const board = await open('am');
    await join(board, rooms.project(cast.projectId));
    await join(board, rooms.task(task.id));
    const heard = new Promise<{ seq: Record<string, number> }>((resolve) => board.once('task.chats.update', resolve));
    await say('author', chats.main, 'Для дошки');
    const event = await heard;
    expect(Object.keys(event.seq).sort()).toEqual([rooms.project(cast.projectId), rooms.task(task.id)].sort());
    const projectLog = dataOf(await eventsOf('am', rooms.project(cast.projectId), event.seq[rooms.project(cast.projectId)]! - 1));
    // It says who wrote in which chat and whose move it is now, as the task's whose-move call answers it.
    const whoseMove = dataOf(await ctx.get(`/api/task/${task.id}/whose-move`, { cookie: cast.cookies.am }));
    expect(projectLog.events).toEqual([
      expect.objectContaining({
        name: 'task.chats.update',
        payload: { taskId: task.id, chatId: chats.main, madeBy: cast.people.author.id, key: 'main', whoseMove },
      }),
    ]);
    expect(whoseMove).toMatchObject({ who: 'manager' });
  });

  it('asks the room policy before reading a log: no work chat for a client, no one else’s user room, no nonsense', async () => {
    expect((await eventsOf('author', rooms.chat(chats.work), 0)).status).toBe(403);
    expect((await eventsOf('author', rooms.user(cast.people.pm.id), 0)).status).toBe(403);
    expect((await eventsOf('author', rooms.user(cast.people.author.id), 0)).status).toBe(200);
    expect((await eventsOf('performer', rooms.chat(chats.main), 0)).status).toBe(403);
    const bad = await ctx.get(`/api/events?room=chat:abc&after=0`, { cookie: cast.cookies.author });
    expect([bad.status, bad.body.status === 'error' && bad.body.code]).toEqual([400, 'invalid_value']);
    expect((await ctx.get(`/api/events?room=chat:${chats.main}&after=-1`, { cookie: cast.cookies.author })).status).toBe(400);
    expect((await ctx.get(`/api/events?room=chat:${chats.main}&after=0`)).status).toBe(401);
  });

  it('answers resync once the events asked for are past the keeping time, or more than a page', async () => {
    const room = rooms.chat(chats.work);
    for (let i = 0; i < 3; i += 1) await say('pm', chats.work, `Технічне ${i}`);
    await ctx.services.realtime.settled();
    const last = dataOf(await eventsOf('pm', room, 0)).last;
    expect(dataOf(await eventsOf('pm', room, 0)).events.length).toBe(last);
    await sql`update live_events set created_at = now() - interval '2 days' where room = ${room} and seq <= 2`.execute(ctx.db);
    await ctx.services.chatJobs.tick();
    expect(dataOf(await eventsOf('pm', room, 0))).toMatchObject({ events: [], resync: true, last });
    expect(dataOf(await eventsOf('pm', room, 2)).events.map((event) => event.seq)).toEqual([3]);

    const busy: RoomName = rooms.task(task.id);
    const from = await ctx.services.realtime.log.current(busy);
    for (let i = 0; i <= EVENTS_PAGE_MAX; i += 1) await ctx.services.realtime.log.append([busy], 'task.files.update', { taskId: task.id });
    expect(dataOf(await eventsOf('pm', busy, from))).toMatchObject({ events: [], resync: true });
    expect(dataOf(await eventsOf('pm', busy, from + 1)).events).toHaveLength(EVENTS_PAGE_MAX);
  });

  it('greets a socket with its user room number, so user events missed while away can be asked for', async () => {
    const socket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: cast.cookies.sm, origin: base },
      autoConnect: false,
    });
    sockets.push(socket);
    const hello = new Promise<{ room: string; seq: number }>((resolve) => socket.once('live.hello', resolve));
    socket.connect();
    expect(await hello).toEqual({ room: rooms.user(cast.people.sm.id), seq: await ctx.services.realtime.log.current(rooms.user(cast.people.sm.id)) });
  });
});
