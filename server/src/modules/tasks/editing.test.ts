import type { DescriptionHistoryEntry, Task, TaskDescription } from '@negayno/shared/contract';
import type { UserRow } from '../../db/schema.js';
import { addMember, attachStaff, createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('the task drawer edits: name, importance, description and its history (spec 4, 6)', () => {
  let ctx: TestContext;
  let people: Record<'admin' | 'author' | 'member' | 'guest' | 'am' | 'outsider', UserRow>;
  let cookies: Record<keyof typeof people, string>;
  let project: { id: number; name: string };

  const put = (url: string, payload: unknown, who: keyof typeof people) => ctx.request('PUT', url, { cookie: cookies[who], payload: payload as object });

  beforeAll(async () => {
    ctx = await createTestContext();
    people = {
      admin: await createUser(ctx.db),
      author: await createUser(ctx.db),
      member: await createUser(ctx.db),
      guest: await createUser(ctx.db),
      am: await createUser(ctx.db, { role: 'am' }),
      outsider: await createUser(ctx.db),
    };
    project = await createProject(ctx.db, { owner: people.admin });
    await addMember(ctx.db, project, people.author, 'user');
    await addMember(ctx.db, project, people.member, 'user');
    await addMember(ctx.db, project, people.guest, 'guest');
    await attachStaff(ctx.db, project, people.am);
    await createProject(ctx.db, { owner: people.outsider });
    cookies = {} as typeof cookies;
    for (const [key, user] of Object.entries(people)) cookies[key as keyof typeof people] = await ctx.login(user.email);
  });
  afterAll(() => ctx.close());

  it('lets the author and a project administrator edit in column 1 only, and nobody an archived task (spec 6)', async () => {
    const draft = await createTask(ctx.db, { project, author: people.author, status: 'draft' });
    const published = await createTask(ctx.db, { project, author: people.author, status: 'published' });
    const discussion = await createTask(ctx.db, { project, author: people.author, status: 'discussion' });
    const archived = await createTask(ctx.db, { project, author: people.author, status: 'archived' });
    const table: Array<[number, keyof typeof people, number]> = [
      [draft.id, 'author', 200],
      [draft.id, 'admin', 200],
      [published.id, 'author', 200],
      [draft.id, 'member', 403],
      [draft.id, 'guest', 403],
      [draft.id, 'am', 403],
      [draft.id, 'outsider', 404],
      [discussion.id, 'author', 403],
      [discussion.id, 'admin', 403],
      [archived.id, 'admin', 403],
    ];
    for (const [taskId, who, status] of table) {
      const answers = [
        await put(`/api/task/${taskId}/update-name`, { name: `Нова назва ${who}` }, who),
        await put(`/api/task/${taskId}/update-importance`, { importance: 3 }, who),
        await put(`/api/task/${taskId}/update-description`, { description: `<p>${who}</p>` }, who),
        await ctx.get(`/api/task/${taskId}/description-history`, { cookie: cookies[who] }),
      ];
      expect([who, taskId, answers.map((answer) => answer.status)]).toEqual([who, taskId, [status, status, status, status]]);
    }
    const refused = await put(`/api/task/${draft.id}/update-name`, { name: 'x' }, 'member');
    expect(refused.body).toMatchObject({ status: 'error', code: 'access_denied' });
    const row = await ctx.db.selectFrom('tasks').select(['name', 'importance']).where('id', '=', discussion.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: discussion.name, importance: 0 });
  });

  it('renames and sets importance, answering the task; bad values answer their codes and write nothing', async () => {
    const task = await createTask(ctx.db, { project, author: people.author });
    const renamed = await put(`/api/task/${task.id}/update-name`, { name: '  Оновлена назва ' }, 'author');
    expect((renamed.body as { data: Task }).data).toMatchObject({ id: task.id, name: 'Оновлена назва' });
    const important = await put(`/api/task/${task.id}/update-importance`, { importance: 4 }, 'author');
    expect((important.body as { data: Task }).data.importance).toBe(4);
    expect((await put(`/api/task/${task.id}/update-name`, { name: '   ' }, 'author')).body).toMatchObject({ code: 'name_is_empty' });
    expect((await put(`/api/task/${task.id}/update-importance`, { importance: 5 }, 'author')).body).toMatchObject({ code: 'importance_not_found' });
    expect((await put(`/api/task/${task.id}/update-importance`, { importance: 'x' }, 'author')).body).toMatchObject({ code: 'importance_not_found' });
    const row = await ctx.db.selectFrom('tasks').select(['name', 'importance']).where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Оновлена назва', importance: 4 });
  });

  it('stores the sanitised description, keeps each change in the history and skips unchanged or too long text', async () => {
    const task = await createTask(ctx.db, { project, author: people.author });
    const save = (description: string) => put(`/api/task/${task.id}/update-description`, { description }, 'author');
    const first = await save('<p onclick="alert(1)">Перша <script>alert(1)</script><a href="javascript:alert(1)">версія</a></p>');
    expect((first.body as { data: TaskDescription }).data.description).toBe('<p>Перша <a>версія</a></p>');
    await save('<p>Друга</p>');
    await save('<p>Друга</p><script>x</script>');
    const tooLong = await save(`<p>${'x'.repeat(100_001)}</p>`);
    expect(tooLong.body).toMatchObject({ code: 'description_is_too_long' });

    const stored = await ctx.get<TaskDescription>(`/api/task/${task.id}/description`, { cookie: cookies.guest });
    expect((stored.body as { data: TaskDescription }).data.description).toBe('<p>Друга</p>');
    const history = await ctx.get<DescriptionHistoryEntry[]>(`/api/task/${task.id}/description-history`, { cookie: cookies.author });
    expect((history.body as { data: DescriptionHistoryEntry[] }).data.map((entry) => entry.description)).toEqual([
      '<p>Друга</p>',
      '<p>Перша <a>версія</a></p>',
    ]);
    const rows = await ctx.db.selectFrom('task_description_history').select('description').where('task_id', '=', task.id).execute();
    expect(rows.map((row) => row.description).join('')).not.toMatch(/script|onclick|javascript/);
  });

  it('tells the task and project rooms that the task changed', async () => {
    const task = await createTask(ctx.db, { project, author: people.author });
    const base = await ctx.listen();
    const { io } = await import('socket.io-client');
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: cookies.guest, origin: base } });
    try {
      const joined = await new Promise<{ ok: boolean }>((resolve) => socket.emit('join', `task:${task.id}`, resolve));
      expect(joined.ok).toBe(true);
      const heard = new Promise<{ taskId: number }>((resolve) => socket.once('task.update', resolve));
      await put(`/api/task/${task.id}/update-description`, { description: '<p>Live</p>' }, 'author');
      expect((await heard).taskId).toBe(task.id);
    } finally {
      socket.close();
    }
  });
});
