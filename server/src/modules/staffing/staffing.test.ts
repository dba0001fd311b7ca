/**
 * Issue 31, decisions 2 "Staffing a project": a new project's team (STAFFING=auto and queue), the queue
 * and taking from it (two ams at once leave one), changing the team (each refusal's catalogue code, the
 * leaver's lost access and the newcomer's gained one), deactivating staff, and the notices that keep a
 * published task from being seen by nobody.
 */
import { io as connect, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type Project,
  type StaffCandidate,
  type Task,
  type TaskActions,
  type UnstaffedProject,
} from '@negayno/shared/contract';
import { notificationText } from '@negayno/shared/contract/notification-texts';
import type { BuiltApp } from '../../app.js';
import type { UserRow } from '../../db/schema.js';
import { attachStaff, createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, injectInto, type TestContext, type TestResponse } from '../../test/harness.js';
import { loadsOf } from './index.js';

const dataOf = <T>(response: TestResponse<unknown>): T => {
  const body = response.body as { status: string; data: T };
  if (body.status !== 'ok') throw new Error(`not ok: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
};
const codeOf = (response: TestResponse<unknown>) => ({ status: response.status, code: (response.body as { code?: string }).code });

describe('staffing a project', () => {
  let ctx: TestContext;
  /** The same database served with STAFFING=queue and SLA_STAFFING_HOURS=6. */
  let queueApp: BuiltApp;
  let client: UserRow;
  let clientCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    queueApp = await ctx.buildAnotherApp({ STAFFING: 'queue', SLA_STAFFING_HOURS: '6' });
    client = await createUser(ctx.db, { firstname: 'Олена', lastname: 'Клієнтка' });
    clientCookie = await ctx.login(client.email);
  });
  afterAll(async () => {
    await queueApp.close();
    await ctx.close();
  });

  /** Only these staff are active: every other am, pm and sm of earlier tests is deactivated (a clean field for the picks). */
  async function onlyStaff(...people: UserRow[]): Promise<void> {
    await ctx.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('role', 'in', ['am', 'pm', 'sm'])
      .where(
        'id',
        'not in',
        people.map((person) => person.id),
      )
      .execute();
    if (people.length > 0)
      await ctx.db
        .updateTable('users')
        .set({ deactivated_at: null })
        .where(
          'id',
          'in',
          people.map((person) => person.id),
        )
        .execute();
  }

  async function makeOperator(user: UserRow): Promise<void> {
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', user.id).execute();
  }

  async function notificationsOf(kind: string, projectId: number): Promise<number[]> {
    const rows = await ctx.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', kind)
      .where('project_id', '=', projectId)
      .orderBy('user_id')
      .execute();
    return rows.map((row) => row.user_id);
  }

  async function teamOf(projectId: number): Promise<Record<string, number>> {
    const rows = await ctx.db.selectFrom('project_staff').select(['role', 'user_id']).where('project_id', '=', projectId).execute();
    return Object.fromEntries(rows.map((row) => [row.role, row.user_id]));
  }

  const createVia = async (app: 'auto' | 'queue', name = 'Новий проєкт') =>
    dataOf<Project>(
      app === 'auto'
        ? await ctx.post('/api/project/new', { name }, { cookie: clientCookie })
        : await injectInto(queueApp, 'POST', '/api/project/new', { cookie: clientCookie, payload: { name } }),
    );

  it('names the team change in both languages', () => {
    expect(notificationText('team_assigned', { projectName: 'Магазин', role: 'pm' }, 'uk')).toBe(
      'Вас додано до команди проєкту «Магазин» (проєктний менеджер)',
    );
    expect(notificationText('team_assigned', { projectName: 'Shop', role: 'am' }, 'en')).toBe('You were added to the team of “Shop” (account manager)');
    expect(notificationText('staffing_overdue', { projectName: 'Shop' }, 'en')).toBe('The project “Shop” still has no team, yet its tasks are published');
  });

  describe('loadsOf', () => {
    it('counts live projects and their open tasks, zeros for who carries nothing', async () => {
      const pm = await createUser(ctx.db, { role: 'pm' });
      const idle = await createUser(ctx.db, { role: 'pm' });
      const one = await createProject(ctx.db, { owner: client });
      const two = await createProject(ctx.db, { owner: client });
      const archived = await createProject(ctx.db, { owner: client });
      await ctx.db.updateTable('projects').set({ archived_at: new Date() }).where('id', '=', archived.id).execute();
      for (const project of [one, two, archived]) await attachStaff(ctx.db, project, pm);
      await createTask(ctx.db, { project: one, author: client, status: 'published' });
      await createTask(ctx.db, { project: one, author: client, status: 'draft' });
      await createTask(ctx.db, { project: two, author: client, status: 'archived' });
      await createTask(ctx.db, { project: two, author: client, status: 'published' });
      await createTask(ctx.db, { project: archived, author: client, status: 'published' });

      const loads = await loadsOf(ctx.db, [pm.id, idle.id]);
      expect(loads.get(pm.id)).toEqual({ projects: 2, openTasks: 2 });
      expect(loads.get(idle.id)).toEqual({ projects: 0, openTasks: 0 });
      expect(await loadsOf(ctx.db, [])).toEqual(new Map());
    });
  });

  describe('STAFFING=auto', () => {
    it('gives a new project the least-loaded active am, pm and sm, notifies them, and the client sees the team', async () => {
      const am = await createUser(ctx.db, { role: 'am' });
      const busyPm = await createUser(ctx.db, { role: 'pm' });
      const freePm = await createUser(ctx.db, { role: 'pm' });
      const sm = await createUser(ctx.db, { role: 'sm' });
      const deactivatedSm = await createUser(ctx.db, { role: 'sm' });
      await onlyStaff(am, busyPm, freePm, sm);
      await ctx.db.updateTable('users').set({ deactivated_at: new Date() }).where('id', '=', deactivatedSm.id).execute();
      const loaded = await createProject(ctx.db, { owner: client });
      await attachStaff(ctx.db, loaded, busyPm);
      await createTask(ctx.db, { project: loaded, author: client, status: 'published' });
      // The busy pm was never seen (longest idle) and has the lower id: only the load can put them second.
      expect(busyPm.id).toBeLessThan(freePm.id);
      await ctx.db.updateTable('users').set({ last_seen_at: new Date() }).where('id', '=', freePm.id).execute();

      const project = await createVia('auto');
      expect(await teamOf(project.id)).toEqual({ am: am.id, pm: freePm.id, sm: sm.id });
      expect(project.staff.map((person) => [person.role, person.id]).sort()).toEqual([
        ['am', am.id],
        ['pm', freePm.id],
        ['sm', sm.id],
      ]);
      expect(project.staffing).toEqual({ missing: [], dueAt: null });
      for (const person of [am, freePm, sm]) expect(await notificationsOf('team_assigned', project.id)).toContain(person.id);
      expect(await notificationsOf('project_unstaffed', project.id)).toEqual([]);

      // The team sees it at once: the pm's list and the project itself.
      const pmCookie = await ctx.login(freePm.email);
      expect(dataOf<Array<{ id: number }>>(await ctx.get('/api/projects', { cookie: pmCookie })).map((item) => item.id)).toContain(project.id);
      expect(dataOf<Project>(await ctx.get(`/api/project/${project.id}`, { cookie: pmCookie })).role).toBe('pm');
      const seenByClient = dataOf<Project>(await ctx.get(`/api/project/${project.id}`, { cookie: clientCookie }));
      expect(seenByClient.staff.map((person) => person.id).sort((a, b) => a - b)).toEqual([am.id, freePm.id, sm.id].sort((a, b) => a - b));
    });

    it('breaks a tie of load by the longest idle: never seen first, then the oldest last visit', async () => {
      const am = await createUser(ctx.db, { role: 'am' });
      const recent = await createUser(ctx.db, { role: 'pm' });
      const old = await createUser(ctx.db, { role: 'pm' });
      const sm = await createUser(ctx.db, { role: 'sm' });
      await onlyStaff(am, recent, old, sm);
      await ctx.db.updateTable('users').set({ last_seen_at: new Date() }).where('id', '=', recent.id).execute();
      await ctx.db
        .updateTable('users')
        .set({ last_seen_at: new Date(Date.now() - 86_400_000) })
        .where('id', '=', old.id)
        .execute();
      expect((await teamOf((await createVia('auto')).id)).pm).toBe(old.id);
      const never = await createUser(ctx.db, { role: 'pm' });
      await onlyStaff(am, recent, old, sm, never);
      // `old` now carries a project; `never` and `recent` carry none, and `never` was never seen.
      expect((await teamOf((await createVia('auto')).id)).pm).toBe(never.id);
    });

    it('leaves a role without active staff empty: the project is queued, every active am and operator hears, the client sees the promise', async () => {
      const am = await createUser(ctx.db, { role: 'am' });
      const otherAm = await createUser(ctx.db, { role: 'am' });
      const pm = await createUser(ctx.db, { role: 'pm' });
      const operator = await createUser(ctx.db, { role: 'pm' });
      await makeOperator(operator);
      await onlyStaff(am, otherAm, pm, operator);

      const project = await createVia('auto');
      const team = await teamOf(project.id);
      expect(team.sm).toBeUndefined();
      expect(project.staffing.missing).toEqual(['sm']);
      expect(project.staffing.dueAt).toBe(project.dateCreate + 4 * 3600);
      expect(await notificationsOf('project_unstaffed', project.id)).toEqual([am.id, otherAm.id, operator.id].sort((a, b) => a - b));
    });
  });

  describe('STAFFING=queue, the queue and taking', () => {
    it('assigns nobody, shows the project in every am’s queue with the configured SLA, and refuses the queue to others', async () => {
      const am = await createUser(ctx.db, { role: 'am' });
      const pm = await createUser(ctx.db, { role: 'pm' });
      const sm = await createUser(ctx.db, { role: 'sm' });
      await onlyStaff(am, pm, sm);
      const project = await createVia('queue', 'Черга');
      expect(await teamOf(project.id)).toEqual({});
      expect(project.staffing).toEqual({ missing: ['am', 'pm', 'sm'], dueAt: project.dateCreate + 6 * 3600 });
      expect(await notificationsOf('project_unstaffed', project.id)).toEqual([am.id]);
      await createTask(ctx.db, { project, author: client, status: 'published' });
      await createTask(ctx.db, { project, author: client, status: 'draft' });

      const amCookie = await ctx.login(am.email);
      const queue = dataOf<UnstaffedProject[]>(await ctx.get('/api/staffing/queue', { cookie: amCookie }));
      expect(queue.find((entry) => entry.id === project.id)).toEqual({
        id: project.id,
        name: 'Черга',
        client: { id: client.id, firstname: 'Олена', lastname: 'Клієнтка', email: client.email },
        missing: ['am', 'pm', 'sm'],
        publishedTasks: 1,
        dateCreate: project.dateCreate,
        dueAt: project.dateCreate + 4 * 3600,
      });
      // Oldest first.
      const created = queue.map((entry) => entry.dateCreate);
      expect(created).toEqual([...created].sort((a, b) => a - b));
      for (const cookie of [await ctx.login(pm.email), clientCookie])
        expect(codeOf(await ctx.get('/api/staffing/queue', { cookie }))).toEqual({ status: 404, code: 'action_not_found' });
      const operator = await createUser(ctx.db, { role: 'sm' });
      await makeOperator(operator);
      expect(dataOf<UnstaffedProject[]>(await ctx.get('/api/staffing/queue', { cookie: await ctx.login(operator.email) })).map((entry) => entry.id)).toContain(
        project.id,
      );
    });

    it('lets exactly one of two ams taking the same project at once become its am; the other hears project_already_staffed', async () => {
      const first = await createUser(ctx.db, { role: 'am' });
      const second = await createUser(ctx.db, { role: 'am' });
      await onlyStaff(first, second);
      const project = await createVia('queue');
      const cookies = [await ctx.login(first.email), await ctx.login(second.email)];
      const answers = await Promise.all(cookies.map((cookie) => ctx.post(`/api/project/${project.id}/team/take`, undefined, { cookie })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(codeOf(answers.find((answer) => answer.status === 409)!)).toEqual({ status: 409, code: 'project_already_staffed' });
      const winner = answers[0]!.status === 200 ? first : second;
      expect(await teamOf(project.id)).toEqual({ am: winner.id });
      const taken = dataOf<Project>(answers.find((answer) => answer.status === 200)!);
      expect(taken).toMatchObject({ id: project.id, role: 'am', can: { changeTeam: true }, staffing: { missing: ['pm', 'sm'] } });
      // Gone from the queue's am part; a pm may not take; a missing project is not found.
      expect(codeOf(await ctx.post(`/api/project/${project.id}/team/take`, undefined, { cookie: cookies[0] }))).toEqual({
        status: 409,
        code: 'project_already_staffed',
      });
      const pm = await createUser(ctx.db, { role: 'pm' });
      expect(codeOf(await ctx.post(`/api/project/${project.id}/team/take`, undefined, { cookie: await ctx.login(pm.email) }))).toEqual({
        status: 404,
        code: 'action_not_found',
      });
      expect(codeOf(await ctx.post('/api/project/999999/team/take', undefined, { cookie: cookies[0] }))).toEqual({ status: 404, code: 'project_not_found' });
    });
  });

  describe('changing the team', () => {
    let am: UserRow;
    let amCookie: string;
    let oldPm: UserRow;
    let newPm: UserRow;
    let sm: UserRow;

    beforeAll(async () => {
      am = await createUser(ctx.db, { role: 'am' });
      oldPm = await createUser(ctx.db, { role: 'pm' });
      newPm = await createUser(ctx.db, { role: 'pm' });
      sm = await createUser(ctx.db, { role: 'sm' });
      amCookie = await ctx.login(am.email);
    });

    async function staffedProject(): Promise<{ id: number }> {
      const project = await createProject(ctx.db, { owner: client });
      for (const person of [am, oldPm, sm]) await attachStaff(ctx.db, project, person);
      return project;
    }

    it('refuses each wrong newcomer with its catalogue code, and a viewer who may not change the role', async () => {
      await onlyStaff(am, oldPm, newPm, sm);
      const project = await staffedProject();
      const performer = await createUser(ctx.db, { role: 'performer' });
      const deactivated = await createUser(ctx.db, { role: 'pm' });
      await ctx.db.updateTable('users').set({ deactivated_at: new Date() }).where('id', '=', deactivated.id).execute();
      const put = (body: Record<string, unknown>, cookie = amCookie) => ctx.request('PUT', `/api/project/${project.id}/team`, { payload: body, cookie });

      expect(codeOf(await put({ role: 'pm', userId: 999_999 }))).toEqual({ status: 404, code: 'user_not_found' });
      expect(codeOf(await put({ role: 'pm', userId: client.id }))).toEqual({ status: 400, code: 'staff_role_is_wrong' });
      expect(codeOf(await put({ role: 'pm', userId: performer.id }))).toEqual({ status: 400, code: 'staff_role_is_wrong' });
      expect(codeOf(await put({ role: 'pm', userId: sm.id }))).toEqual({ status: 400, code: 'staff_role_is_wrong' });
      expect(codeOf(await put({ role: 'pm', userId: deactivated.id }))).toEqual({ status: 409, code: 'staff_is_deactivated' });
      expect(codeOf(await put({ role: 'boss', userId: newPm.id }))).toEqual({ status: 404, code: 'role_not_found' });
      // The am role is the operators' to change; the pm and the client may change nothing; an outsider sees no project.
      const otherAm = await createUser(ctx.db, { role: 'am' });
      expect(codeOf(await put({ role: 'am', userId: otherAm.id }))).toEqual({ status: 403, code: 'access_denied' });
      expect(codeOf(await put({ role: 'pm', userId: newPm.id }, await ctx.login(oldPm.email)))).toEqual({ status: 403, code: 'access_denied' });
      expect(codeOf(await put({ role: 'pm', userId: newPm.id }, clientCookie))).toEqual({ status: 403, code: 'access_denied' });
      expect(codeOf(await put({ role: 'pm', userId: newPm.id }, await ctx.login(otherAm.email)))).toEqual({ status: 404, code: 'project_not_found' });
      expect(codeOf(await ctx.get(`/api/project/${project.id}/team/candidates`, { cookie: clientCookie }))).toEqual({ status: 403, code: 'access_denied' });
      expect(await teamOf(project.id)).toEqual({ am: am.id, pm: oldPm.id, sm: sm.id });
    });

    it('lists the active candidates with their load and whether they are on the team', async () => {
      await onlyStaff(am, oldPm, newPm, sm);
      const project = await staffedProject();
      const candidates = dataOf<StaffCandidate[]>(await ctx.get(`/api/project/${project.id}/team/candidates`, { cookie: amCookie }));
      expect(candidates.map((candidate) => [candidate.role, candidate.id, candidate.onTeam])).toEqual([
        ['am', am.id, true],
        ['pm', newPm.id, false],
        ['pm', oldPm.id, true],
        ['sm', sm.id, true],
      ]);
      expect(candidates.find((candidate) => candidate.id === oldPm.id)!.load).toEqual((await loadsOf(ctx.db, [oldPm.id])).get(oldPm.id));
    });

    it('moves the pm: the leaver loses the project and its tasks at once, the newcomer gains them, both are told and their rooms asked again', async () => {
      await onlyStaff(am, oldPm, newPm, sm);
      const project = await staffedProject();
      const task = await createTask(ctx.db, { project, author: client, status: 'published' });
      const oldCookie = await ctx.login(oldPm.email);
      const newCookie = await ctx.login(newPm.email);
      expect((await ctx.get(`/api/task/${task.id}`, { cookie: oldCookie })).status).toBe(200);
      expect(codeOf(await ctx.get(`/api/task/${task.id}`, { cookie: newCookie }))).toEqual({ status: 404, code: 'task_not_found' });
      const recheck = jest.spyOn(ctx.services.realtime, 'recheckRooms');

      const changed = dataOf<Project>(
        await ctx.request('PUT', `/api/project/${project.id}/team`, { payload: { role: 'pm', userId: newPm.id }, cookie: amCookie }),
      );
      expect(changed.staff.find((person) => person.role === 'pm')?.id).toBe(newPm.id);
      expect(recheck).toHaveBeenCalledWith(expect.arrayContaining([oldPm.id, newPm.id]));
      recheck.mockRestore();

      expect(codeOf(await ctx.get(`/api/project/${project.id}`, { cookie: oldCookie }))).toEqual({ status: 404, code: 'project_not_found' });
      expect(codeOf(await ctx.get(`/api/task/${task.id}`, { cookie: oldCookie }))).toEqual({ status: 404, code: 'task_not_found' });
      expect(dataOf<Task>(await ctx.get(`/api/task/${task.id}`, { cookie: newCookie })).id).toBe(task.id);
      expect(dataOf<Project>(await ctx.get(`/api/project/${project.id}`, { cookie: newCookie })).role).toBe('pm');
      expect(await notificationsOf('team_assigned', project.id)).toEqual([newPm.id]);
      expect(await notificationsOf('team_removed', project.id)).toEqual([oldPm.id]);
      // The am's change is not an operator's: nothing audited.
      expect(
        await ctx.db.selectFrom('operator_audit').select('id').where('target_kind', '=', 'project').where('target_id', '=', String(project.id)).execute(),
      ).toEqual([]);
    });

    it('is live: the leaver’s socket leaves the project room at once, the newcomer hears it in their own room and may join', async () => {
      await onlyStaff(am, oldPm, newPm, sm);
      const project = await staffedProject();
      const baseUrl = await ctx.listen();
      type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
      const opened: ClientSocket[] = [];
      const socketOf = async (cookie: string) => {
        const socket: ClientSocket = connect(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true });
        opened.push(socket);
        const heard: number[] = [];
        socket.on('project.update', ({ projectId }) => heard.push(projectId));
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        return { socket, heard };
      };
      const join = (socket: ClientSocket) => new Promise<boolean>((resolve) => socket.emit('join', `project:${project.id}`, (result) => resolve(result.ok)));
      const settle = async (heard: number[], count: number) => {
        const deadline = Date.now() + 2_000;
        while (heard.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, 100));
        return heard;
      };
      try {
        const leaver = await socketOf(await ctx.login(oldPm.email));
        const newcomer = await socketOf(await ctx.login(newPm.email));
        expect(await join(leaver.socket)).toBe(true);
        expect(await join(newcomer.socket)).toBe(false);

        dataOf(await ctx.request('PUT', `/api/project/${project.id}/team`, { payload: { role: 'pm', userId: newPm.id }, cookie: amCookie }));
        expect(await settle(newcomer.heard, 1)).toEqual([project.id]);
        expect(await settle(leaver.heard, 1)).toEqual([project.id]);
        expect(await join(newcomer.socket)).toBe(true);
        // A later event of the project's room reaches the newcomer, not the leaver, whose socket left it.
        dataOf(await ctx.request('PUT', `/api/project/${project.id}/update-name`, { payload: { name: 'Перейменовано' }, cookie: clientCookie }));
        expect(await settle(newcomer.heard, 2)).toEqual([project.id, project.id]);
        expect(leaver.heard).toEqual([project.id]);
        expect(await join(leaver.socket)).toBe(false);
      } finally {
        for (const socket of opened) socket.disconnect();
      }
    });

    it('lets an operator who is not on the project change its am, audited with who held the role before and after', async () => {
      await onlyStaff(am, oldPm, newPm, sm);
      const project = await staffedProject();
      const operator = await createUser(ctx.db, { role: 'sm' });
      await makeOperator(operator);
      const nextAm = await createUser(ctx.db, { role: 'am' });
      const operatorCookie = await ctx.login(operator.email);
      const candidates = dataOf<StaffCandidate[]>(await ctx.get(`/api/project/${project.id}/team/candidates`, { cookie: operatorCookie }));
      expect(candidates.map((candidate) => candidate.id)).toContain(nextAm.id);

      const changed = dataOf<Project>(
        await ctx.request('PUT', `/api/project/${project.id}/team`, { payload: { role: 'am', userId: nextAm.id }, cookie: operatorCookie }),
      );
      expect(changed.can.changeTeam).toBe(true);
      expect(await teamOf(project.id)).toEqual({ am: nextAm.id, pm: oldPm.id, sm: sm.id });
      const audit = await ctx.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('target_kind', '=', 'project')
        .where('target_id', '=', String(project.id))
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({
          operator_id: operator.id,
          action: 'team.assign',
          target_kind: 'project',
          before: { role: 'am', userId: am.id },
          after: { role: 'am', userId: nextAm.id },
        }),
      ]);
      expect(codeOf(await ctx.get(`/api/project/${project.id}`, { cookie: amCookie }))).toEqual({ status: 404, code: 'project_not_found' });
    });
  });

  describe('deactivating staff', () => {
    it('moves the person’s projects to the least-loaded other of the role, ends their sessions and keeps them from signing in until reactivated', async () => {
      const leaving = await createUser(ctx.db, { role: 'pm' });
      const busy = await createUser(ctx.db, { role: 'pm' });
      const free = await createUser(ctx.db, { role: 'pm' });
      await onlyStaff(leaving, busy, free);
      const project = await createProject(ctx.db, { owner: client });
      await attachStaff(ctx.db, project, leaving);
      const busyProject = await createProject(ctx.db, { owner: client });
      await attachStaff(ctx.db, busyProject, busy);
      await createTask(ctx.db, { project: busyProject, author: client, status: 'published' });
      const cookie = await ctx.login(leaving.email);
      expect((await ctx.get('/api/user/profile', { cookie })).status).toBe(200);
      const { code } = await ctx.services.loginCodes.issue(leaving.id, null);

      const result = await ctx.services.staffing.deactivate(null, leaving.id, null);
      expect(result).toEqual({ userId: leaving.id, moved: [{ projectId: project.id, role: 'pm', to: free.id }], sessions: 1 });
      expect(await teamOf(project.id)).toEqual({ pm: free.id });
      expect((await ctx.get('/api/user/profile', { cookie })).status).toBe(401);
      expect(codeOf(await ctx.post('/api/login', { email: leaving.email, password: 'correct-horse-battery' }))).toEqual({
        status: 400,
        code: 'authorization_failed',
      });
      expect(await notificationsOf('team_assigned', project.id)).toEqual([free.id]);
      // A login-as code issued before does not sign a deactivated account in either.
      expect(codeOf(await ctx.post('/api/login-as', { code }))).toMatchObject({ code: 'code_is_incorrect' });

      await ctx.services.staffing.reactivate(null, leaving.id);
      await ctx.login(leaving.email);
      const actions = (
        await ctx.db
          .selectFrom('operator_audit')
          .select(['action', 'target_id'])
          .where('target_kind', '=', 'user')
          .where('target_id', '=', String(leaving.id))
          .orderBy('id')
          .execute()
      ).map((row) => row.action);
      expect(actions).toEqual(['staff.deactivate', 'staff.reactivate']);
    });

    it('gives the projects to a named successor, checking them first', async () => {
      const leaving = await createUser(ctx.db, { role: 'am' });
      const successor = await createUser(ctx.db, { role: 'am' });
      const wrongRole = await createUser(ctx.db, { role: 'pm' });
      const inactive = await createUser(ctx.db, { role: 'am' });
      await onlyStaff(leaving, successor, wrongRole);
      const project = await createProject(ctx.db, { owner: client });
      await attachStaff(ctx.db, project, leaving);
      const staffing = ctx.services.staffing;
      await expect(staffing.deactivate(null, leaving.id, wrongRole.id)).rejects.toMatchObject({ code: 'staff_role_is_wrong' });
      await expect(staffing.deactivate(null, leaving.id, inactive.id)).rejects.toMatchObject({ code: 'staff_is_deactivated' });
      await expect(staffing.deactivate(null, leaving.id, 999_999)).rejects.toMatchObject({ code: 'user_not_found' });
      await expect(staffing.deactivate(null, client.id, null)).rejects.toMatchObject({ code: 'staff_role_is_wrong' });
      expect(await teamOf(project.id)).toEqual({ am: leaving.id });

      await staffing.deactivate(null, leaving.id, successor.id);
      expect(await teamOf(project.id)).toEqual({ am: successor.id });
    });

    it('refuses to deactivate the last active am while projects depend on them; a pm with nobody to follow leaves the role to the queue', async () => {
      const lastAm = await createUser(ctx.db, { role: 'am' });
      const lonePm = await createUser(ctx.db, { role: 'pm' });
      const operator = await createUser(ctx.db, { role: 'sm' });
      await makeOperator(operator);
      await onlyStaff(lastAm, lonePm, operator);
      const project = await createProject(ctx.db, { owner: client });
      await attachStaff(ctx.db, project, lastAm);
      await attachStaff(ctx.db, project, lonePm);
      await expect(ctx.services.staffing.deactivate(operator.id, lastAm.id, null)).rejects.toMatchObject({ code: 'staff_is_last' });
      expect((await ctx.db.selectFrom('users').select('deactivated_at').where('id', '=', lastAm.id).executeTakeFirstOrThrow()).deactivated_at).toBeNull();

      await ctx.services.staffing.deactivate(operator.id, lonePm.id, null);
      expect(await teamOf(project.id)).toEqual({ am: lastAm.id });
      // The operator who acted is not told of their own action.
      expect(await notificationsOf('project_unstaffed', project.id)).toEqual([lastAm.id]);
    });

    it('deactivates a performer too: no longer offered to a pm nor assignable to a task', async () => {
      const pm = await createUser(ctx.db, { role: 'pm' });
      const active = await createUser(ctx.db, { role: 'performer' });
      const leaving = await createUser(ctx.db, { role: 'performer' });
      const project = await createProject(ctx.db, { owner: client });
      await attachStaff(ctx.db, project, pm);
      const task = await createTask(ctx.db, { project, author: client, status: 'discussion' });
      const pmCookie = await ctx.login(pm.email);
      const offered = async () =>
        dataOf<TaskActions>(await ctx.get(`/api/task/${task.id}/actions`, { cookie: pmCookie })).performers.map((performer) => performer.id);
      expect(await offered()).toEqual(expect.arrayContaining([active.id, leaving.id]));

      expect(await ctx.services.staffing.deactivate(null, leaving.id, null)).toMatchObject({ moved: [] });
      expect(await offered()).toContain(active.id);
      expect(await offered()).not.toContain(leaving.id);
      expect(codeOf(await ctx.post(`/api/task/${task.id}/action/to-estimation`, { performerIds: [leaving.id] }, { cookie: pmCookie }))).toEqual({
        status: 404,
        code: 'user_not_found',
      });
      dataOf(await ctx.post(`/api/task/${task.id}/action/to-estimation`, { performerIds: [active.id] }, { cookie: pmCookie }));
    });

    it('never offers an operator with a performer account to a pm, nor lets one be assigned to a task', async () => {
      const pm = await createUser(ctx.db, { role: 'pm' });
      const worker = await createUser(ctx.db, { role: 'performer' });
      const operator = await createUser(ctx.db, { role: 'performer' });
      await makeOperator(operator);
      const project = await createProject(ctx.db, { owner: client });
      await attachStaff(ctx.db, project, pm);
      const task = await createTask(ctx.db, { project, author: client, status: 'discussion' });
      const pmCookie = await ctx.login(pm.email);
      const offered = dataOf<TaskActions>(await ctx.get(`/api/task/${task.id}/actions`, { cookie: pmCookie })).performers.map((performer) => performer.id);
      expect(offered).toContain(worker.id);
      expect(offered).not.toContain(operator.id);
      expect(codeOf(await ctx.post(`/api/task/${task.id}/action/to-estimation`, { performerIds: [operator.id] }, { cookie: pmCookie }))).toEqual({
        status: 404,
        code: 'user_not_found',
      });
      // The later tests count who among the active operators is told: this one leaves the stage.
      await ctx.db.updateTable('users').set({ is_operator: false }).where('id', '=', operator.id).execute();
    });
  });

  describe('a published task nobody manages', () => {
    it('tells every active am and operator when a task is published in a project without an am, and reports it to operators once past the SLA', async () => {
      const am = await createUser(ctx.db, { role: 'am' });
      const operator = await createUser(ctx.db, { role: 'pm' });
      await makeOperator(operator);
      await onlyStaff(am, operator);
      const project = await createVia('queue');
      await ctx.db.deleteFrom('notifications').where('project_id', '=', project.id).execute();
      const task = await createTask(ctx.db, { project, author: client, status: 'draft' });
      dataOf(await ctx.post(`/api/task/${task.id}/action/publish`, { negayno: false }, { cookie: clientCookie }));
      expect(await notificationsOf('project_unstaffed', project.id)).toEqual([am.id, operator.id].sort((a, b) => a - b));

      // With an am, publishing tells only the task's audience.
      const staffed = await createProject(ctx.db, { owner: client });
      await attachStaff(ctx.db, staffed, am);
      await attachStaff(ctx.db, staffed, await createUser(ctx.db, { role: 'pm' }));
      const other = await createTask(ctx.db, { project: staffed, author: client, status: 'draft' });
      dataOf(await ctx.post(`/api/task/${other.id}/action/publish`, { negayno: false }, { cookie: clientCookie }));
      expect(await notificationsOf('project_unstaffed', staffed.id)).toEqual([]);

      const later = new Date(Date.now() + 5 * 3600_000);
      expect(await ctx.services.staffing.reportOverdue(new Date(Date.now() + 60_000))).toBe(0);
      expect(await ctx.services.staffing.reportOverdue(later)).toBeGreaterThanOrEqual(1);
      expect(await notificationsOf('staffing_overdue', project.id)).toEqual([operator.id]);
      await ctx.services.staffing.reportOverdue(later);
      expect(await notificationsOf('staffing_overdue', project.id)).toEqual([operator.id]);
      // A project with its am and pm is never reported.
      expect(await notificationsOf('staffing_overdue', staffed.id)).toEqual([]);
    });
  });
});
