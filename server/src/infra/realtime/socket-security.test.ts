/**
 * What a socket may keep hearing (issue: an attack on the running app): a removed member, a deleted
 * project and an ended session take the sockets out of the rooms at once; a flood of events closes the
 * socket; a refused handshake is closed at once. Over real socket.io connections.
 */
import { SESSION_COOKIE, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@negayno/shared/contract';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import type { UserRow } from '../../db/schema.js';
import { addMember, createChats, createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { castOf } from '../../test/workflow-kit.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const EVENT_LIMIT = 20;

describe('socket rooms and sessions under attack', () => {
  let ctx: TestContext;
  let baseUrl: string;
  const sockets: ClientSocket[] = [];
  let admin: UserRow;
  let adminCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { SOCKET_EVENTS_PER_10_SECONDS: String(EVENT_LIMIT) } });
    baseUrl = await ctx.listen();
    admin = await createUser(ctx.db);
    adminCookie = await ctx.login(admin.email);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await ctx.close();
  });

  function open(cookie: string | undefined): ClientSocket {
    const socket: ClientSocket = connect(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : {},
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  async function connected(cookie: string): Promise<ClientSocket> {
    const socket = open(cookie);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const join = (socket: ClientSocket, room: `project:${number}` | `task:${number}` | `chat:${number}`) =>
    new Promise<boolean>((resolve) => socket.emit('join', room, (result) => resolve(result.ok)));

  /** The ids of the sockets the server has in a room. */
  const inRoom = async (room: string) => (await ctx.io.in(room).fetchSockets()).map((socket) => socket.id);

  async function memberSocket(role: 'user' | 'guest' = 'user') {
    const project = await createProject(ctx.db, { owner: admin });
    const member = await createUser(ctx.db);
    await addMember(ctx.db, project, member, role);
    const task = await createTask(ctx.db, { project, author: admin, status: 'published' });
    const socket = await connected(await ctx.login(member.email));
    expect(await join(socket, `project:${project.id}`)).toBe(true);
    expect(await join(socket, `task:${task.id}`)).toBe(true);
    return { project, member, task, socket };
  }

  it('takes a removed member’s socket out of the project and task rooms at once: later events do not reach it', async () => {
    const { project, member, task, socket } = await memberSocket();
    const heard: unknown[] = [];
    socket.on('project.update', ({ seq: _seq, ...payload }) => heard.push(payload));
    const response = await ctx.request('DELETE', `/api/project/${project.id}/user/${member.id}/delete`, { cookie: adminCookie });
    expect(response.status).toBe(200);
    expect(await inRoom(`project:${project.id}`)).not.toContain(socket.id);
    expect(await inRoom(`task:${task.id}`)).not.toContain(socket.id);

    // The removal itself is told in the member's own room; nothing of the project after it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([{ projectId: project.id }]);
    await ctx.request('PUT', `/api/project/${project.id}/update-name`, { cookie: adminCookie, payload: { name: 'After the removal' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([{ projectId: project.id }]);
  });

  it('re-asks the room policy on a role change: a role that still sees the project keeps its rooms', async () => {
    const { project, member, task, socket } = await memberSocket('user');
    const response = await ctx.request('PUT', `/api/project/${project.id}/user/${member.id}/update-role`, { cookie: adminCookie, payload: { role: 'guest' } });
    expect(response.status).toBe(200);
    expect(await inRoom(`project:${project.id}`)).toContain(socket.id);
    expect(await inRoom(`task:${task.id}`)).toContain(socket.id);
  });

  it('takes a performer taken off a task out of its task and work-chat rooms: the work chat no longer reaches them (issue 35 H5b)', async () => {
    const cast = await castOf(ctx);
    const removed = await createUser(ctx.db, { role: 'performer' });
    const task = await createTask(ctx.db, {
      project: { id: cast.projectId },
      author: cast.people.author,
      status: 'discussion',
      performers: [cast.people.performer, removed],
    });
    const { work } = await createChats(ctx.db, task);
    const socket = await connected(await ctx.login(removed.email));
    expect(await join(socket, `task:${task.id}`)).toBe(true);
    expect(await join(socket, `chat:${work}`)).toBe(true);
    const heard: unknown[] = [];
    socket.on('message.update', (payload) => heard.push(payload));

    const response = await ctx.post(`/api/task/${task.id}/action/to-estimation`, { performerIds: [cast.people.performer.id] }, { cookie: cast.cookies.pm });
    expect(response.status).toBe(200);
    expect(await inRoom(`chat:${work}`)).not.toContain(socket.id);
    expect(await inRoom(`task:${task.id}`)).not.toContain(socket.id);
    ctx.services.realtime.emitToRooms([`chat:${work}`], 'message.update', { messageId: 1, chatId: work });
    await ctx.services.realtime.settled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
    // And it is not let back in.
    expect(await join(socket, `chat:${work}`)).toBe(false);
  });

  it('empties the rooms of a deleted project', async () => {
    const { project, task, socket } = await memberSocket();
    const adminSocket = await connected(adminCookie);
    expect(await join(adminSocket, `project:${project.id}`)).toBe(true);
    const response = await ctx.request('DELETE', `/api/project/${project.id}/delete`, { cookie: adminCookie });
    expect(response.status).toBe(200);
    expect(await inRoom(`project:${project.id}`)).toEqual([]);
    expect(await inRoom(`task:${task.id}`)).not.toContain(socket.id);
  });

  it('closes the sockets of a session that ended without a logout (expired) with session.end', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.login(user.email);
    const socket = await connected(cookie);
    const ended = new Promise<void>((resolve) => socket.once('session.end', () => resolve()));
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    await ctx.services.realtime.endLapsedSessions();
    await Promise.all([ended, closed]);
    expect(socket.connected).toBe(false);
  });

  it('disconnects a socket that floods events', async () => {
    const { project, socket } = await memberSocket();
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    for (let i = 0; i < EVENT_LIMIT * 3; i += 1) socket.emit('join', `project:${project.id}`, () => undefined);
    expect(await closed).toBe('io server disconnect');
  });

  it('refuses the transport handshake itself without a session: nothing stays open (issue 35 H9)', async () => {
    const handshake = (cookie?: string) => fetch(`${baseUrl}${SOCKET_PATH}/?EIO=4&transport=polling`, { headers: cookie ? { cookie } : {} });
    const refused = await handshake();
    expect(refused.status).toBe(403);
    await refused.text();
    const forged = await handshake(`${SESSION_COOKIE}=not-a-session`);
    expect(forged.status).toBe(403);
    await forged.text();
    const admitted = await handshake(adminCookie);
    expect(admitted.status).toBe(200);
    expect(await admitted.text()).toMatch(/"sid"/);
  });

  it('closes a refused handshake at once instead of leaving the connection open', async () => {
    const socket = open(undefined);
    const refusedAt = new Promise<number>((resolve) => socket.once('connect_error', () => resolve(Date.now())));
    const engineClosedAt = new Promise<number>((resolve) => socket.io.engine.once('close', () => resolve(Date.now())));
    const [refused, closed] = await Promise.all([refusedAt, engineClosedAt]);
    expect(closed - refused).toBeLessThan(1000);
  }, 10_000);
});
