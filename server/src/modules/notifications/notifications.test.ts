/**
 * Notifications through real HTTP, the real database and a real socket: who is notified of each event
 * wired today (invitations sent and accepted, new tasks, a task's audience), the paged list with
 * dateViewed, marking read, the profile's count, and the live `notification.new` after the commit.
 */
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type Notification,
  type NotificationPage,
  type ServerToClientEvents,
  type UserProfile,
} from '@negayno/shared/contract';
import { io as connect, type Socket } from 'socket.io-client';
import type { UserRow } from '../../db/schema.js';
import { addMember, assignPerformer, attachStaff, createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('notifications', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let adminCookie: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ env: { NOTIFICATION_POLL_MS: '200' } });
    admin = await createUser(ctx.db, { firstname: 'Олена', lastname: 'Коваленко' });
    adminCookie = await ctx.login(admin.email);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await ctx.close();
  });

  const dataOf = <T>(response: { body: unknown }): T => {
    const body = response.body as { status: string; data: T };
    if (body.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(body)}`);
    return body.data;
  };
  const listOf = async (cookie: string, backFrom?: number) =>
    dataOf<NotificationPage>(await ctx.get(backFrom ? `/api/notifications/${backFrom}` : '/api/notifications', { cookie }));
  const kindsOf = async (user: UserRow) =>
    (await ctx.db.selectFrom('notifications').select('kind').where('user_id', '=', user.id).orderBy('id').execute()).map((row) => row.kind);

  it('tells an existing client of an invitation and the administrators of its acceptance, never the actor', async () => {
    const project = await createProject(ctx.db, { owner: admin, name: 'Магазин' });
    const invitee = await createUser(ctx.db, { firstname: 'Іван', lastname: 'Петренко' });
    const inviteeCookie = await ctx.login(invitee.email);

    dataOf(await ctx.post(`/api/project/${project.id}/invite-user`, { email: invitee.email }, { cookie: adminCookie }));
    const [invitation] = (await listOf(inviteeCookie)).list;
    expect(invitation).toMatchObject({
      kind: 'invitation_sent',
      projectId: project.id,
      taskId: null,
      dateViewed: null,
      payload: { actorName: 'Олена Коваленко', projectName: 'Магазин' },
    });
    expect(await kindsOf(admin)).toEqual([]);

    // An email with no account gets a mail, and no notification exists for anyone.
    const before = await ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    dataOf(await ctx.post(`/api/project/${project.id}/invite-user`, { email: 'stranger@test.test' }, { cookie: adminCookie }));
    const after = await ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));

    dataOf(await ctx.post(`/api/project/${project.id}/accept-invitation`, undefined, { cookie: inviteeCookie }));
    expect((await listOf(adminCookie)).list[0]).toMatchObject({
      kind: 'invitation_accepted',
      projectId: project.id,
      payload: { actorName: 'Іван Петренко', projectName: 'Магазин' },
    });
    expect(await kindsOf(invitee)).toEqual(['invitation_sent']);
  });

  it('tells of a new draft those who watch all tasks and may see drafts: the am, not the pm, nor a member who does not watch', async () => {
    const project = await createProject(ctx.db, { owner: admin, name: 'Сайт' });
    const watcher = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ notify_all_tasks: true }).where('id', '=', watcher.id).execute();
    const quiet = await createUser(ctx.db);
    const am = await createUser(ctx.db, { role: 'am' });
    const pm = await createUser(ctx.db, { role: 'pm' });
    await addMember(ctx.db, project, watcher, 'user');
    await addMember(ctx.db, project, quiet, 'user');
    await attachStaff(ctx.db, project, { ...am, role: 'am' });
    await attachStaff(ctx.db, project, { ...pm, role: 'pm' });

    const card = dataOf<{ id: number; number: number }>(await ctx.post(`/api/project/${project.id}/new-task`, { name: 'Кошик' }, { cookie: adminCookie }));
    const expected = {
      kind: 'task_created',
      taskId: card.id,
      projectId: project.id,
      payload: { actorName: 'Олена Коваленко', projectName: 'Сайт', taskName: 'Кошик', taskNumber: card.number },
    };
    expect((await listOf(await ctx.login(watcher.email))).list[0]).toMatchObject(expected);
    expect((await listOf(await ctx.login(am.email))).list[0]).toMatchObject(expected);
    expect(await kindsOf(pm)).toEqual([]);
    expect(await kindsOf(quiet)).toEqual([]);
    expect(await kindsOf(admin)).not.toContain('task_created');
  });

  it("reaches a published task's participants: its performer and the pm, not another task's performer", async () => {
    const project = await createProject(ctx.db, { owner: admin });
    const pm = await createUser(ctx.db, { role: 'pm' });
    const performer = await createUser(ctx.db, { role: 'performer' });
    const otherPerformer = await createUser(ctx.db, { role: 'performer' });
    await attachStaff(ctx.db, project, { ...pm, role: 'pm' });
    const task = await createTask(ctx.db, { project, author: admin, status: 'estimation' });
    const other = await createTask(ctx.db, { project, author: admin, status: 'estimation' });
    await assignPerformer(ctx.db, task, performer);
    await assignPerformer(ctx.db, other, otherPerformer);

    const recipients = await ctx.db
      .transaction()
      .execute((trx) => ctx.services.notifications.notify(trx, { kind: 'task_created', actorId: pm.id, taskId: task.id }));
    expect(recipients.sort()).toEqual([admin.id, performer.id].sort());
    expect(await kindsOf(otherPerformer)).toEqual([]);
  });

  it('writes nothing when the calling transaction rolls back', async () => {
    const someone = await createUser(ctx.db);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await ctx.services.notifications.notify(trx, { kind: 'invitation_sent', actorId: admin.id, userIds: [someone.id] });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await kindsOf(someone)).toEqual([]);
  });

  it('pages by 30 with backFrom, marks one and all read, and counts the unread on the profile', async () => {
    const reader = await createUser(ctx.db);
    const cookie = await ctx.login(reader.email);
    for (let i = 0; i < 35; i += 1) await ctx.services.notifications.notify(ctx.db, { kind: 'invitation_sent', actorId: admin.id, userIds: [reader.id] });

    const first = await listOf(cookie);
    expect(first.list).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    const ids = first.list.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await listOf(cookie, ids[29]);
    expect(second.list).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect(dataOf<UserProfile>(await ctx.get('/api/user/profile', { cookie })).notificationCount).toBe(35);

    const viewed = dataOf<Notification>(await ctx.post(`/api/notification/${ids[0]}/viewed`, undefined, { cookie }));
    expect(viewed.dateViewed).toEqual(expect.any(Number));
    expect(dataOf<UserProfile>(await ctx.get('/api/user/profile', { cookie })).notificationCount).toBe(34);

    // Someone else's notification is answered as missing, for marking and for paging alike.
    const otherCookie = await ctx.login(admin.email);
    expect((await ctx.post(`/api/notification/${ids[1]}/viewed`, undefined, { cookie: otherCookie })).body).toMatchObject({ code: 'notification_not_found' });
    expect((await ctx.get(`/api/notifications/${ids[1]}`, { cookie: otherCookie })).body).toMatchObject({ code: 'backFrom_not_found' });
    expect((await ctx.post('/api/notification/abc/viewed', undefined, { cookie })).body).toMatchObject({ code: 'notification_not_found' });

    expect(dataOf(await ctx.post('/api/notifications/viewed', undefined, { cookie }))).toEqual({ notificationCount: 0 });
    expect((await listOf(cookie)).list.every((item) => item.dateViewed !== null)).toBe(true);
    expect((await ctx.get('/api/notifications')).status).toBe(401);
  });

  it('emits notification.new to the recipient once the change has committed', async () => {
    const baseUrl = await ctx.listen();
    const project = await createProject(ctx.db, { owner: admin, name: 'Живий' });
    const invitee = await createUser(ctx.db);
    const socket: ClientSocket = connect(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: await ctx.login(invitee.email) },
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const arrived = new Promise<{ id: number }>((resolve) => socket.once('notification.new', resolve));

    dataOf(await ctx.post(`/api/project/${project.id}/invite-user`, { email: invitee.email }, { cookie: adminCookie }));
    const event = await arrived;
    const [latest] = (await listOf(await ctx.login(invitee.email))).list;
    expect(event).toMatchObject({ id: latest!.id });
    const delivery = await ctx.db
      .selectFrom('notification_deliveries')
      .select(['status', 'attempts'])
      .where('notification_id', '=', latest!.id)
      .where('channel', '=', 'app')
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ status: 'sent', attempts: 1 });
  });
});
