/**
 * Live board events over a real socket.io connection: `task.update` and `project.update` reach the
 * sockets in the project room (joined after the projects policy said yes) and the own rooms of the
 * users whose relation changed, never an outsider, whose join is refused.
 */
import { SOCKET_PATH, type ClientToServerEvents, type Project, type ServerToClientEvents, type TaskCard } from '@negayno/shared/contract';
import { io as connect, type Socket } from 'socket.io-client';
import type { UserRow } from '../../db/schema.js';
import { addMember, attachStaff, createProject, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Received = Array<[string, unknown]>;

describe('live board events', () => {
  let ctx: TestContext;
  let baseUrl: string;
  const sockets: ClientSocket[] = [];
  let admin: UserRow;
  let adminCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    baseUrl = await ctx.listen();
    admin = await createUser(ctx.db);
    adminCookie = await ctx.login(admin.email);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await ctx.close();
  });

  /** A signed-in socket recording every board event it receives. */
  async function socketOf(cookie: string): Promise<{ socket: ClientSocket; received: Received }> {
    const socket: ClientSocket = connect(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true });
    sockets.push(socket);
    const received: Received = [];
    // The event log's numbers (`seq`) are the events test's business; here only what the board hears.
    socket.on('task.update', ({ seq: _seq, ...payload }) => received.push(['task.update', payload]));
    socket.on('project.update', ({ seq: _seq, ...payload }) => received.push(['project.update', payload]));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, received };
  }

  const join = (socket: ClientSocket, room: `project:${number}`) =>
    new Promise<boolean>((resolve) => socket.emit('join', room, (result) => resolve(result.ok)));

  /** Events travel after the answer: wait until the expected count arrived (or a short while passed). */
  async function settle(received: Received, count: number): Promise<Received> {
    const deadline = Date.now() + 2_000;
    while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    return received;
  }

  it('tells the project room of a new task, with a date not older than the card, and not an outsider whose join is refused', async () => {
    const project = await createProject(ctx.db, { owner: admin });
    const pm = await createUser(ctx.db, { role: 'pm' });
    await attachStaff(ctx.db, project, pm);
    const outsider = await createUser(ctx.db);
    const watcher = await socketOf(await ctx.login(pm.email));
    const stranger = await socketOf(await ctx.login(outsider.email));

    expect(await join(watcher.socket, `project:${project.id}`)).toBe(true);
    expect(await join(stranger.socket, `project:${project.id}`)).toBe(false);

    const card = (await ctx.post<TaskCard>(`/api/project/${project.id}/new-task`, { name: 'Жива задача' }, { cookie: adminCookie })).body;
    if (card.status !== 'ok') throw new Error(JSON.stringify(card));
    expect(await settle(watcher.received, 1)).toEqual([['task.update', { taskId: card.data.id, projectId: project.id, dateUpdate: expect.any(Number) }]]);
    // Told after the commit, so never older than the card it announces (a board holding that card reads it again).
    expect((watcher.received[0]![1] as { dateUpdate: number }).dateUpdate).toBeGreaterThanOrEqual(card.data.dateUpdate);
    expect(stranger.received).toEqual([]);
  });

  it('tells an invited user in their own room, the project room on rename, and everyone on deletion', async () => {
    const project = await createProject(ctx.db, { owner: admin });
    const invitee = await createUser(ctx.db);
    const member = await createUser(ctx.db);
    await addMember(ctx.db, project, member, 'user');
    const inviteeSocket = await socketOf(await ctx.login(invitee.email));
    const memberSocket = await socketOf(await ctx.login(member.email));

    await ctx.post<Project>(`/api/project/${project.id}/invite-user`, { email: invitee.email }, { cookie: adminCookie });
    expect(await settle(inviteeSocket.received, 1)).toEqual([['project.update', { projectId: project.id }]]);
    // The invitee may not listen to a project they have not accepted yet.
    expect(await join(inviteeSocket.socket, `project:${project.id}`)).toBe(false);

    expect(await join(memberSocket.socket, `project:${project.id}`)).toBe(true);
    await ctx.request('PUT', `/api/project/${project.id}/update-name`, { payload: { name: 'Перейменовано' }, cookie: adminCookie });
    expect(await settle(memberSocket.received, 1)).toEqual([['project.update', { projectId: project.id }]]);

    await ctx.request('DELETE', `/api/project/${project.id}/delete`, { cookie: adminCookie });
    // In the project room and in their own room at once, the member still hears it once.
    expect(await settle(memberSocket.received, 2)).toEqual([
      ['project.update', { projectId: project.id }],
      ['project.update', { projectId: project.id, deleted: true }],
    ]);
    expect(await settle(inviteeSocket.received, 2)).toEqual([
      ['project.update', { projectId: project.id }],
      ['project.update', { projectId: project.id, deleted: true }],
    ]);
  });

  it('tells a member whose role changed, or who was removed, in their own room', async () => {
    const project = await createProject(ctx.db, { owner: admin });
    const member = await createUser(ctx.db);
    await addMember(ctx.db, project, member, 'guest');
    const { received } = await socketOf(await ctx.login(member.email));

    await ctx.request('PUT', `/api/project/${project.id}/user/${member.id}/update-role`, { payload: { role: 'user' }, cookie: adminCookie });
    await ctx.request('DELETE', `/api/project/${project.id}/user/${member.id}/delete`, { cookie: adminCookie });
    expect(await settle(received, 2)).toEqual([
      ['project.update', { projectId: project.id }],
      ['project.update', { projectId: project.id }],
    ]);
  });
});
