import { TASK_STATUSES, type ArchivePage, type TaskCard, type TaskStatus } from '@negayno/shared/contract';
import type { UserRow } from '../../db/schema.js';
import { addMember, attachStaff, createProject, createTask, createUser, datesForStatus } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('the board: columns per role set, filter, new task, one card, archive', () => {
  let ctx: TestContext;
  let people: Record<'admin' | 'guest' | 'am' | 'pm' | 'sm' | 'performer' | 'otherPerformer', UserRow>;
  let cookies: Record<keyof typeof people, string>;
  let projectId: number;
  const taskOf = {} as Record<TaskStatus, number>;

  const dataOf = <T>(response: { body: unknown }): T => {
    const body = response.body as { status: string; data: T };
    if (body.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(body)}`);
    return body.data;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    people = {
      admin: await createUser(ctx.db),
      guest: await createUser(ctx.db),
      am: await createUser(ctx.db, { role: 'am' }),
      pm: await createUser(ctx.db, { role: 'pm' }),
      sm: await createUser(ctx.db, { role: 'sm' }),
      performer: await createUser(ctx.db, { role: 'performer' }),
      otherPerformer: await createUser(ctx.db, { role: 'performer' }),
    };
    const project = await createProject(ctx.db, { owner: people.admin, name: 'Дошка' });
    projectId = project.id;
    await addMember(ctx.db, project, people.guest, 'guest');
    for (const staff of [people.am, people.pm, people.sm]) await attachStaff(ctx.db, project, staff);
    for (const status of TASK_STATUSES) {
      const performers = ['estimation', 'in_work', 'archived'].includes(status) ? [people.performer] : status === 'testing' ? [people.otherPerformer] : [];
      taskOf[status] = (await createTask(ctx.db, { project, author: people.admin, status, name: `Задача ${status}`, performers })).id;
    }
    cookies = {} as typeof cookies;
    for (const [key, user] of Object.entries(people)) cookies[key as keyof typeof people] = await ctx.login(user.email);
  });
  afterAll(() => ctx.close());

  const columnsSeenBy = async (viewer: keyof typeof people) =>
    Object.fromEntries(
      dataOf<TaskCard[]>(await ctx.get(`/api/project/${projectId}/tasks`, { cookie: cookies[viewer] })).map((card) => [card.status, card.column]),
    );

  it('places every status in the column of the viewer role set (decisions 3 table) and leaves out the rest', async () => {
    const client = { draft: 1, published: 1, discussion: 2, estimation: 2, estimated: 2, offer: 2, in_work: 3, testing: 4, review: 4, rating: 4 };
    expect(await columnsSeenBy('admin')).toEqual(client);
    expect(await columnsSeenBy('guest')).toEqual(client);
    expect(await columnsSeenBy('am')).toEqual(client);
    expect(await columnsSeenBy('pm')).toEqual({ published: 1, discussion: 1, estimation: 1, estimated: 1, in_work: 2, testing: 3, review: 4, rating: 4 });
    expect(await columnsSeenBy('sm')).toEqual({ estimation: 1, estimated: 1, offer: 2, in_work: 3, testing: 3, review: 4, rating: 4 });
    expect(await columnsSeenBy('performer')).toEqual({ estimation: 1, in_work: 2 });
  });

  it('counts the same cards per column in the project and the list', async () => {
    const project = dataOf<{ counters: number[] }>(await ctx.get(`/api/project/${projectId}`, { cookie: cookies.pm }));
    expect(project.counters).toEqual([4, 1, 1, 2]);
    const [listed] = dataOf<Array<{ counters: number[] }>>(await ctx.get('/api/projects', { cookie: cookies.performer }));
    expect(listed!.counters).toEqual([1, 1, 0, 0]);
  });

  it('sends managers, performers, the project name and a colour on every card', async () => {
    const cards = dataOf<TaskCard[]>(await ctx.get(`/api/project/${projectId}/tasks`, { cookie: cookies.pm }));
    const inWork = cards.find((card) => card.status === 'in_work')!;
    expect(inWork.project).toEqual({ id: projectId, name: 'Дошка' });
    expect(inWork.performers.map((p) => p.id)).toEqual([people.performer.id]);
    expect(inWork.managers.map((m) => m.role).sort()).toEqual(['am', 'pm', 'sm']);
    expect(cards.every((card) => card.color !== null)).toBe(true);
  });

  it('colours the board from the dates the database holds, the same card as get-card sends', async () => {
    const colorsSeenBy = async (viewer: keyof typeof people) =>
      Object.fromEntries(
        dataOf<TaskCard[]>(await ctx.get(`/api/project/${projectId}/tasks`, { cookie: cookies[viewer] })).map((card) => [card.status, card.color]),
      );
    const pm = {
      published: 'rootYellow',
      discussion: 'rootYellow',
      estimation: 'rootGrey',
      estimated: 'rootGrey',
      in_work: 'rootGrey',
      testing: 'rootGrey',
      review: 'rootGreen',
      rating: 'rootGrey',
    };
    expect(await colorsSeenBy('pm')).toEqual(pm);

    const past = new Date(Date.now() - 3600_000);
    const soon = new Date(Date.now() + 3600_000);
    await ctx.db.updateTable('tasks').set({ date_calc_expiration: past }).where('id', '=', taskOf.estimation).execute();
    await ctx.db.updateTable('tasks').set({ date_deadline: soon }).where('id', '=', taskOf.in_work).execute();
    await ctx.db.updateTable('tasks').set({ date_publish: null }).where('id', '=', taskOf.discussion).execute();
    try {
      expect(await colorsSeenBy('pm')).toEqual({ ...pm, estimation: 'rootRed', in_work: 'rootOrange', discussion: 'rootError' });
      const board = dataOf<TaskCard[]>(await ctx.get(`/api/project/${projectId}/tasks`, { cookie: cookies.pm }));
      const estimation = board.find((card) => card.id === taskOf.estimation)!;
      expect(estimation.dateExpiration).toBe(Math.floor(past.getTime() / 1000));
      expect(dataOf<TaskCard>(await ctx.get(`/api/task/${taskOf.estimation}/get-card`, { cookie: cookies.pm }))).toEqual(estimation);
    } finally {
      const restore = async (status: TaskStatus) => ctx.db.updateTable('tasks').set(datesForStatus(status)).where('id', '=', taskOf[status]).execute();
      for (const status of ['estimation', 'in_work', 'discussion'] as const) await restore(status);
    }
  });

  it('filters by number prefix, name substring and project, on one project and across all', async () => {
    const allResponse = await ctx.get('/api/tasks', { cookie: cookies.admin });
    expect(allResponse.headers['server-timing']).toMatch(/^app;dur=\d+\.\d\d$/);
    const all = dataOf<TaskCard[]>(allResponse);
    expect(all).toHaveLength(10);
    const byName = dataOf<TaskCard[]>(await ctx.get('/api/tasks?taskName=%20IN_W', { cookie: cookies.admin }));
    expect(byName.map((card) => card.status)).toEqual(['in_work']);
    const byNumber = dataOf<TaskCard[]>(await ctx.get(`/api/project/${projectId}/tasks?taskNumber=1`, { cookie: cookies.admin }));
    expect(byNumber.map((card) => card.number).sort((a, b) => a - b)).toEqual([1, 10]);
    expect(dataOf<TaskCard[]>(await ctx.get('/api/tasks?taskNumber=abc', { cookie: cookies.admin }))).toEqual([]);
    expect(dataOf<TaskCard[]>(await ctx.get('/api/tasks?taskName=100%25', { cookie: cookies.admin }))).toEqual([]);
    expect(dataOf<TaskCard[]>(await ctx.get(`/api/tasks?projectId=${projectId}&taskName=draft`, { cookie: cookies.admin }))).toHaveLength(1);
    expect(dataOf<TaskCard[]>(await ctx.get(`/api/tasks?projectId=${projectId + 1000}`, { cookie: cookies.admin }))).toEqual([]);
    expect(dataOf<TaskCard[]>(await ctx.get('/api/tasks?taskNumber=&taskName=', { cookie: cookies.performer }))).toHaveLength(2);
  });

  it('gets one card: the viewer column, task_not_found for a task they do not see', async () => {
    const card = dataOf<TaskCard>(await ctx.get(`/api/task/${taskOf.testing}/get-card`, { cookie: cookies.sm }));
    expect(card).toMatchObject({ id: taskOf.testing, status: 'testing', column: 3 });
    const notPerformed = await ctx.get(`/api/task/${taskOf.testing}/get-card`, { cookie: cookies.performer });
    expect({ status: notPerformed.status, code: (notPerformed.body as { code: string }).code }).toEqual({ status: 404, code: 'task_not_found' });
    const draftForPm = await ctx.get(`/api/task/${taskOf.draft}/get-card`, { cookie: cookies.pm });
    expect(draftForPm.status).toBe(404);
  });

  it('creates a draft in column 1 authored by the viewer, with the next number', async () => {
    const card = dataOf<TaskCard>(await ctx.post(`/api/project/${projectId}/new-task`, { name: ' Нова ' }, { cookie: cookies.admin }));
    expect(card).toMatchObject({ name: 'Нова', status: 'draft', column: 1, number: 12, author: { id: people.admin.id }, importance: 0, negayno: false });
    expect((await ctx.post(`/api/project/${projectId}/new-task`, { name: '' }, { cookie: cookies.admin })).body).toMatchObject({ code: 'name_is_empty' });
    await ctx.db.deleteFrom('tasks').where('id', '=', card.id).execute();
  });

  it('pages the archive 20 at a time, most recently archived first, per project and per user', async () => {
    const owner = await createUser(ctx.db);
    const cookie = await ctx.login(owner.email);
    const project = await createProject(ctx.db, { owner });
    const other = await createProject(ctx.db, { owner });
    const base = Date.now() - 100 * 3600_000;
    for (let i = 0; i < 45; i++)
      await createTask(ctx.db, { project, author: owner, status: 'archived', name: `Архів ${i}`, at: new Date(base + i * 3600_000) });
    await createTask(ctx.db, { project: other, author: owner, status: 'archived', name: 'Інший', at: new Date(base - 3600_000) });
    await createTask(ctx.db, { project, author: owner, status: 'in_work' });

    const pages: ArchivePage[] = [];
    let path = `/api/project/${project.id}/archive`;
    for (;;) {
      const page = dataOf<ArchivePage>(await ctx.get(path, { cookie }));
      pages.push(page);
      if (!page.hasMore) break;
      path = `/api/project/${project.id}/archive/${page.list.at(-1)!.id}`;
    }
    expect(pages.map((page) => [page.list.length, page.hasMore])).toEqual([
      [20, true],
      [20, true],
      [5, false],
    ]);
    const names = pages.flatMap((page) => page.list.map((task) => task.name));
    expect(names).toEqual(Array.from({ length: 45 }, (_, i) => `Архів ${44 - i}`));
    expect(pages[0]!.list[0]).toMatchObject({ project: { id: project.id }, dateArchived: expect.any(Number), dateCreate: expect.any(Number) });

    const everywhere = dataOf<ArchivePage>(await ctx.get(`/api/archive/${pages[2]!.list.at(-1)!.id}`, { cookie }));
    expect(everywhere).toEqual({ list: [expect.objectContaining({ name: 'Інший' })], hasMore: false });
    const unknown = await ctx.get(`/api/archive/999999`, { cookie });
    expect({ status: unknown.status, code: (unknown.body as { code: string }).code }).toEqual({ status: 404, code: 'backFrom_not_found' });
    expect(dataOf(await ctx.get(`/api/archive`, { cookie: await ctx.login((await createUser(ctx.db)).email) }))).toEqual({ list: [], hasMore: false });
  });

  it('shows a performer only the archived tasks they performed', async () => {
    const page = dataOf<ArchivePage>(await ctx.get('/api/archive', { cookie: cookies.performer }));
    expect(page.list.map((task) => task.id)).toEqual([taskOf.archived]);
    expect(dataOf<ArchivePage>(await ctx.get('/api/archive', { cookie: cookies.otherPerformer })).list).toEqual([]);
  });
});
