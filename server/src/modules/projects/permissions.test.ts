/**
 * The role × action table of issue 4: every projects and board call, for every kind of viewer, with
 * the answer each one gets (the forbidden ones with their exact codes). Each mutating call runs on a
 * fresh project so the rows cannot influence each other. Issue 8: the `can` flag the viewer was given
 * for a call (on the project, or on their profile) is true exactly when that call then succeeds.
 */
import {
  TASK_COLUMNS,
  type AccountPermissions,
  type Project,
  type ProjectPermissions,
  type Task,
  type TaskCard,
  type UserProfile,
} from '@negayno/shared/contract';
import type { InjectOptions } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import { addMember, attachStaff, createProject, createTask, createUser, inviteEmail } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

const VIEWERS = ['administrator', 'user', 'guest', 'invite', 'am', 'pm', 'sm', 'performer', 'outsider'] as const;
type Viewer = (typeof VIEWERS)[number];

/** 200, or the error code expected (its HTTP status comes from the catalogue). */
type Expected = 200 | 'access_denied' | 'project_not_found' | 'task_not_found';

interface World {
  projectId: number;
  taskId: number;
  targetId: number;
  pendingEmail: string;
  /** A pm on no project: whom the team call puts in the pm's place. */
  sparePmId: number;
}

interface Action {
  name: string;
  method: InjectOptions['method'];
  path: (world: World) => string;
  payload?: (world: World) => Record<string, unknown>;
  /** A multipart upload instead of a JSON payload. */
  upload?: () => { payload: Buffer; headers: Record<string, string> };
  expected: Record<Viewer, Expected>;
  /** The flags of the project's `can` that offer this call. */
  projectCan?: Array<keyof ProjectPermissions>;
  /** The flag of the profile's `can` that offers this call. */
  accountCan?: keyof AccountPermissions;
}

const CLIENTS_READ = {
  administrator: 200,
  user: 200,
  guest: 200,
  invite: 'project_not_found',
  am: 200,
  pm: 200,
  sm: 200,
  performer: 200,
  outsider: 'project_not_found',
} as const;
const ADMIN_ONLY = {
  administrator: 200,
  user: 'access_denied',
  guest: 'access_denied',
  invite: 'project_not_found',
  am: 'access_denied',
  pm: 'access_denied',
  sm: 'access_denied',
  performer: 'access_denied',
  outsider: 'project_not_found',
} as const;
const ADMINS_AND_USERS = { ...ADMIN_ONLY, user: 200 } as const;
const INVITEE_ONLY = {
  administrator: 'project_not_found',
  user: 'project_not_found',
  guest: 'project_not_found',
  invite: 200,
  am: 'project_not_found',
  pm: 'project_not_found',
  sm: 'project_not_found',
  performer: 'project_not_found',
  outsider: 'project_not_found',
} as const;

let counter = 0;
const ACTIONS: Action[] = [
  { name: 'GET /project/{id}', method: 'GET', path: (w) => `/api/project/${w.projectId}`, expected: CLIENTS_READ },
  { name: 'GET /project/{id}/tasks', method: 'GET', path: (w) => `/api/project/${w.projectId}/tasks`, expected: CLIENTS_READ },
  { name: 'GET /project/{id}/archive', method: 'GET', path: (w) => `/api/project/${w.projectId}/archive`, expected: CLIENTS_READ },
  {
    name: 'GET /task/{id}/get-card',
    method: 'GET',
    path: (w) => `/api/task/${w.taskId}/get-card`,
    expected: { ...CLIENTS_READ, invite: 'task_not_found', outsider: 'task_not_found' },
  },
  {
    name: 'PUT /project/{id}/update-name',
    method: 'PUT',
    path: (w) => `/api/project/${w.projectId}/update-name`,
    payload: () => ({ name: 'Нова назва' }),
    expected: ADMIN_ONLY,
    projectCan: ['rename'],
  },
  {
    name: 'PUT /project/{id}/update-sort',
    method: 'PUT',
    path: (w) => `/api/project/${w.projectId}/update-sort`,
    payload: () => ({ sortorder: 0 }),
    expected: { ...ADMINS_AND_USERS, guest: 200 },
    projectCan: ['sort'],
  },
  {
    name: 'POST /project/{id}/invite-user',
    method: 'POST',
    path: (w) => `/api/project/${w.projectId}/invite-user`,
    payload: () => ({ email: `new-${++counter}@test.test` }),
    expected: ADMINS_AND_USERS,
    projectCan: ['invite'],
  },
  {
    name: 'PUT /project/{id}/user/{userId}/update-role',
    method: 'PUT',
    path: (w) => `/api/project/${w.projectId}/user/${w.targetId}/update-role`,
    payload: () => ({ role: 'user' }),
    expected: ADMIN_ONLY,
    projectCan: ['changeRoles'],
  },
  {
    name: 'PUT /project/{id}/user/{userId}/update-settings',
    method: 'PUT',
    path: (w) => `/api/project/${w.projectId}/user/${w.targetId}/update-settings`,
    payload: () => ({ canNegayno: true }),
    expected: ADMIN_ONLY,
    projectCan: ['changeMemberSettings', 'openSettings'],
  },
  {
    name: 'DELETE /project/{id}/user/{userId}/delete',
    method: 'DELETE',
    path: (w) => `/api/project/${w.projectId}/user/${w.targetId}/delete`,
    expected: ADMIN_ONLY,
    projectCan: ['removeMembers'],
  },
  {
    name: 'DELETE /project/{id}/cancel-invitation/{email}',
    method: 'DELETE',
    path: (w) => `/api/project/${w.projectId}/cancel-invitation/${encodeURIComponent(w.pendingEmail)}`,
    expected: ADMIN_ONLY,
    projectCan: ['cancelInvitations'],
  },
  { name: 'DELETE /project/{id}/delete', method: 'DELETE', path: (w) => `/api/project/${w.projectId}/delete`, expected: ADMIN_ONLY, projectCan: ['delete'] },
  {
    name: 'POST /project/{id}/new-task',
    method: 'POST',
    path: (w) => `/api/project/${w.projectId}/new-task`,
    payload: () => ({ name: 'Нова задача' }),
    expected: ADMINS_AND_USERS,
    projectCan: ['createTask'],
  },
  {
    name: 'POST /project/{id}/import/preview',
    method: 'POST',
    path: (w) => `/api/project/${w.projectId}/import/preview`,
    upload: () => multipart('board.json', Buffer.from(JSON.stringify({ id: 'b1', name: 'Board', lists: [], cards: [] }))),
    expected: ADMIN_ONLY,
    projectCan: ['importTasks'],
  },
  {
    name: 'PUT /project/{id}/team',
    method: 'PUT',
    path: (w) => `/api/project/${w.projectId}/team`,
    payload: (w) => ({ role: 'pm', userId: w.sparePmId }),
    expected: { ...ADMIN_ONLY, administrator: 'access_denied', am: 200 },
    projectCan: ['changeTeam'],
  },
  {
    name: 'POST /project/{id}/export',
    method: 'POST',
    path: (w) => `/api/project/${w.projectId}/export`,
    expected: { ...ADMIN_ONLY, am: 200 },
    projectCan: ['export'],
  },
  { name: 'POST /project/{id}/accept-invitation', method: 'POST', path: (w) => `/api/project/${w.projectId}/accept-invitation`, expected: INVITEE_ONLY },
  { name: 'DELETE /project/{id}/decline-invitation', method: 'DELETE', path: (w) => `/api/project/${w.projectId}/decline-invitation`, expected: INVITEE_ONLY },
  {
    name: 'POST /project/new',
    method: 'POST',
    path: () => '/api/project/new',
    payload: () => ({ name: 'Мій проєкт' }),
    expected: {
      administrator: 200,
      user: 200,
      guest: 200,
      invite: 200,
      outsider: 200,
      am: 'access_denied',
      pm: 'access_denied',
      sm: 'access_denied',
      performer: 'access_denied',
    },
    accountCan: 'createProject',
  },
  { name: 'GET /projects', method: 'GET', path: () => '/api/projects', expected: Object.fromEntries(VIEWERS.map((v) => [v, 200])) as Record<Viewer, Expected> },
  { name: 'GET /tasks', method: 'GET', path: () => '/api/tasks', expected: Object.fromEntries(VIEWERS.map((v) => [v, 200])) as Record<Viewer, Expected> },
  { name: 'GET /archive', method: 'GET', path: () => '/api/archive', expected: Object.fromEntries(VIEWERS.map((v) => [v, 200])) as Record<Viewer, Expected> },
];

const STATUS_OF: Record<Exclude<Expected, 200>, number> = { access_denied: 403, project_not_found: 404, task_not_found: 404 };

describe('issue 4: who may call what (role × action)', () => {
  let ctx: TestContext;
  const people = {} as Record<Viewer | 'target', UserRow>;
  const cookies = {} as Record<Viewer, string>;
  let sparePm: UserRow;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const viewer of [...VIEWERS, 'target'] as const) {
      const role = viewer === 'am' || viewer === 'pm' || viewer === 'sm' || viewer === 'performer' ? viewer : 'user';
      people[viewer] = await createUser(ctx.db, { role, email: `${viewer}@roles.test` });
    }
    for (const viewer of VIEWERS) cookies[viewer] = await ctx.login(people[viewer].email);
    sparePm = await createUser(ctx.db, { role: 'pm', email: 'spare-pm@roles.test' });
  });
  afterAll(() => ctx.close());

  /** A project where every kind of viewer stands in its place. */
  async function world(): Promise<World> {
    const project = await createProject(ctx.db, { owner: people.administrator });
    await addMember(ctx.db, project, people.user, 'user');
    await addMember(ctx.db, project, people.guest, 'guest');
    await addMember(ctx.db, project, people.invite, 'invite');
    await addMember(ctx.db, project, people.target, 'guest');
    for (const staff of ['am', 'pm', 'sm'] as const) await attachStaff(ctx.db, project, people[staff]);
    const task = await createTask(ctx.db, { project, author: people.administrator, status: 'in_work', performers: [people.performer] });
    const pendingEmail = `pending-${++counter}@test.test`;
    await inviteEmail(ctx.db, project, pendingEmail);
    return { projectId: project.id, taskId: task.id, targetId: people.target.id, pendingEmail, sparePmId: sparePm.id };
  }

  const rows = ACTIONS.flatMap((action) => VIEWERS.map((viewer) => [action.name, viewer, action.expected[viewer], action] as const));

  /** The `can` flags offering the call, read by the viewer before making it; none when they cannot see the project. */
  async function offered(viewer: Viewer, action: Action, w: World): Promise<Record<string, boolean>> {
    const flags: Record<string, boolean> = {};
    if (action.projectCan) {
      const project = await ctx.get<Project>(`/api/project/${w.projectId}`, { cookie: cookies[viewer] });
      for (const flag of action.projectCan) flags[flag] = project.body.status === 'ok' && project.body.data.can[flag];
    }
    if (action.accountCan) {
      const profile = await ctx.get<UserProfile>('/api/user/profile', { cookie: cookies[viewer] });
      flags[action.accountCan] = profile.body.status === 'ok' && profile.body.data.can[action.accountCan];
    }
    return flags;
  }

  it.each(rows)('%s as %s → %s', async (_name, viewer, expected, action) => {
    const w = await world();
    const flags = await offered(viewer, action, w);
    const upload = action.upload?.();
    const response = await ctx.request(action.method, action.path(w), {
      cookie: cookies[viewer],
      payload: upload?.payload ?? action.payload?.(w),
      headers: upload?.headers,
    });
    const succeeded = response.status === 200;
    for (const [flag, value] of Object.entries(flags)) expect({ flag, value }).toEqual({ flag, value: succeeded });
    if (expected === 200) {
      expect({ status: response.status, body: response.body.status }).toEqual({ status: 200, body: 'ok' });
    } else {
      expect({ status: response.status, code: (response.body as { code?: string }).code }).toEqual({ status: STATUS_OF[expected], code: expected });
    }
  });

  it('refuses every call of the table without a session (401 request_denied)', async () => {
    const w = await world();
    for (const action of ACTIONS) {
      const upload = action.upload?.();
      const response = await ctx.request(action.method, action.path(w), { payload: upload?.payload ?? action.payload?.(w), headers: upload?.headers });
      expect({ action: action.name, status: response.status }).toEqual({ action: action.name, status: 401 });
    }
  });

  it('gives every project flag a call of the table, so none goes unchecked', () => {
    const checked = new Set(ACTIONS.flatMap((action) => action.projectCan ?? []));
    const project = {
      rename: 0,
      sort: 0,
      seeBalance: 0,
      invite: 0,
      changeRoles: 0,
      changeMemberSettings: 0,
      removeMembers: 0,
      cancelInvitations: 0,
      openSettings: 0,
      delete: 0,
      createTask: 0,
      importTasks: 0,
      changeTeam: 0,
      export: 0,
    } satisfies Record<keyof ProjectPermissions, 0>;
    // seeBalance has no call of its own: the next test holds it to the balance the answer carries.
    expect([...checked, 'seeBalance'].sort()).toEqual(Object.keys(project).sort());
  });

  it('offers the project balance (seeBalance) exactly to those whose answer carries it', async () => {
    const w = await world();
    for (const viewer of ['administrator', 'user', 'guest', 'am', 'pm', 'sm', 'performer'] as const) {
      const { data } = (await ctx.get<Project>(`/api/project/${w.projectId}`, { cookie: cookies[viewer] })).body as { data: Project };
      expect({ viewer, seeBalance: data.can.seeBalance }).toEqual({ viewer, seeBalance: data.balance !== null });
    }
  });

  it('lets a project administrator, and a user who wrote it, edit a task of column 1 (can.edit on the task and its card)', async () => {
    const project = await createProject(ctx.db, { owner: people.administrator });
    await addMember(ctx.db, project, people.user, 'user');
    await addMember(ctx.db, project, people.guest, 'guest');
    await addMember(ctx.db, project, people.target, 'user');
    for (const staff of ['am', 'pm', 'sm'] as const) await attachStaff(ctx.db, project, people[staff]);
    const byUser = await createTask(ctx.db, { project, author: people.user, status: 'published', performers: [people.performer] });
    const byOther = await createTask(ctx.db, { project, author: people.target, status: 'draft' });
    const inWork = await createTask(ctx.db, { project, author: people.user, status: 'in_work', performers: [people.performer] });
    const editable = {} as Record<string, Record<string, boolean | number>>;
    for (const viewer of ['administrator', 'user', 'guest', 'am', 'pm', 'sm', 'performer'] as const) {
      editable[viewer] = {};
      for (const [name, task] of Object.entries({ byUser, byOther, inWork })) {
        const full = await ctx.get<Task>(`/api/task/${task.id}`, { cookie: cookies[viewer] });
        const card = await ctx.get<TaskCard>(`/api/task/${task.id}/get-card`, { cookie: cookies[viewer] });
        if (full.body.status !== 'ok' || card.body.status !== 'ok') editable[viewer][name] = full.status;
        else {
          expect(card.body.data.can).toEqual(full.body.data.can);
          editable[viewer][name] = full.body.data.can.edit;
        }
      }
    }
    expect(editable).toEqual({
      administrator: { byUser: true, byOther: true, inWork: false },
      user: { byUser: true, byOther: false, inWork: false },
      guest: { byUser: false, byOther: false, inWork: false },
      am: { byUser: false, byOther: false, inWork: false },
      pm: { byUser: false, byOther: 404, inWork: false },
      sm: { byUser: false, byOther: 404, inWork: false },
      performer: { byUser: false, byOther: 404, inWork: false },
    });
  });

  it('gives each viewer the board the server places their cards on: column labels, home and card extras', async () => {
    const w = await world();
    const views = {} as Record<string, unknown>;
    for (const viewer of ['administrator', 'am', 'pm', 'sm', 'performer'] as const) {
      const { board } = ((await ctx.get<UserProfile>('/api/user/profile', { cookie: cookies[viewer] })).body as { data: UserProfile }).data;
      const cards = ((await ctx.get<TaskCard[]>(`/api/project/${w.projectId}/tasks`, { cookie: cookies[viewer] })).body as { data: TaskCard[] }).data;
      for (const card of cards) expect(card.column).toBe(TASK_COLUMNS[card.status][board.columnSet]);
      views[viewer] = board;
    }
    const shows = (performers: boolean, managers: boolean, project: boolean) => ({ performers, managers, project });
    expect(views).toEqual({
      administrator: { home: 'firstProject', columnSet: 'client', card: shows(false, false, false) },
      am: { home: 'allProjects', columnSet: 'client', card: shows(false, true, true) },
      pm: { home: 'allProjects', columnSet: 'estimation', card: shows(true, false, true) },
      sm: { home: 'allProjects', columnSet: 'sales', card: shows(false, false, true) },
      performer: { home: 'allProjects', columnSet: 'estimation', card: shows(false, false, true) },
    });
  });

  it('shows the project balance to its administrator only', async () => {
    const w = await world();
    const balances = {} as Record<string, unknown>;
    for (const viewer of ['administrator', 'user', 'guest', 'am', 'pm', 'sm', 'performer'] as const) {
      const response = await ctx.get<{ balance: number | null; role: string }>(`/api/project/${w.projectId}`, { cookie: cookies[viewer] });
      balances[viewer] = response.body.status === 'ok' ? [response.body.data.role, response.body.data.balance] : response.status;
    }
    expect(balances).toEqual({
      administrator: ['administrator', 0],
      user: ['user', null],
      guest: ['guest', null],
      am: ['am', null],
      pm: ['pm', null],
      sm: ['sm', null],
      performer: ['performer', null],
    });
  });
});
