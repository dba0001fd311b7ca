import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ChatMessage, TaskCard } from '@negayno/shared/contract';
import type { TaskRow } from '../../db/schema.js';
import { createChats, createTask } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { castOf, dataOf, type Cast, type Role } from '../../test/workflow-kit.js';
import { BoardAnswers, MAX_AGE_MS } from './board-answers.js';

describe('board answers are re-used only while nothing they show changed (issue 15)', () => {
  let ctx: TestContext;
  let cast: Cast;
  let task: TaskRow;
  let chats: { main: number; work: number };
  let boardPath: string;

  const as = (who: Role) => ({ cookie: cast.cookies[who] });
  const board = async (who: Role) => dataOf<TaskCard[]>(await ctx.get(boardPath, as(who)));
  const cardOf = async (who: Role) => (await board(who)).find((card) => card.id === task.id)!;
  const hits = () => ctx.services.boardAnswers.hits;

  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx);
    task = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'discussion', name: 'Лендинг' });
    chats = await createChats(ctx.db, task);
    boardPath = `/api/project/${cast.projectId}/tasks`;
  });
  afterAll(() => ctx.close());

  it('sends the kept answer to a second read of the same board, byte for byte', async () => {
    const first = await ctx.get(boardPath, as('pm'));
    const before = hits();
    const second = await ctx.get(boardPath, as('pm'));
    expect(hits()).toBe(before + 1);
    expect(second.text).toBe(first.text);
  });

  it('keeps one answer per viewer: the client and the pm each see their own columns and colours', async () => {
    const [pmCard, clientCard] = [await cardOf('pm'), await cardOf('author')];
    expect([pmCard.column, pmCard.color]).toEqual([1, 'rootYellow']);
    expect([clientCard.column, clientCard.color]).toEqual([2, 'rootGrey']);
  });

  it('shows a change made through the app at once (the project room numbered it before the caller was answered)', async () => {
    const before = await board('author');
    const made = dataOf<TaskCard>(await ctx.post(`/api/project/${cast.projectId}/new-task`, { name: 'Нова' }, as('author')));
    expect((await board('author')).map((card) => card.id).sort()).toEqual([...before.map((card) => card.id), made.id].sort());
  });

  it('shows a new message on the counters and the viewer reading it', async () => {
    expect((await cardOf('pm')).unreadMessageCounters.main.count).toBe(0);
    const sent = dataOf<ChatMessage>(await ctx.post(`/api/chat/${chats.main}/new-message`, { message: 'Коли буде оцінка?' }, as('author')));
    expect((await cardOf('pm')).unreadMessageCounters.main.count).toBe(1);
    expect((await cardOf('pm')).whoseMove?.who).toBe('manager');
    dataOf(await ctx.post(`/api/message/${sent.id}/viewed`, undefined, as('pm')));
    expect((await cardOf('pm')).unreadMessageCounters.main.count).toBe(0);
  });

  it('shows a performer’s new name and a change written by hand in the database', async () => {
    await ctx.db.insertInto('task_performers').values({ task_id: task.id, user_id: cast.people.performer.id }).execute();
    await ctx.db.updateTable('tasks').set({ importance: 3 }).where('id', '=', task.id).execute();
    const card = await cardOf('pm');
    expect(card.importance).toBe(3);
    expect(card.performers.map((p) => p.firstname)).toEqual([cast.people.performer.firstname]);
    dataOf(await ctx.request('PUT', '/api/user/update-fullname', { ...as('performer'), payload: { firstname: 'Остап', lastname: 'Коваль' } }));
    expect((await cardOf('pm')).performers.map((p) => p.firstname)).toEqual(['Остап']);
  });

  it('answers project_not_found to a member removed after their board was kept', async () => {
    await board('guest');
    dataOf(await ctx.request('DELETE', `/api/project/${cast.projectId}/user/${cast.people.guest.id}/delete`, as('admin')));
    const refused = await ctx.get(boardPath, as('guest'));
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ status: 'error', code: 'project_not_found' });
  });

  it('sends brotli or gzip as the client takes, the same JSON as unencoded', async () => {
    const read = (encoding: string) => ctx.app.inject({ method: 'GET', url: boardPath, headers: { cookie: cast.cookies.pm, 'accept-encoding': encoding } });
    const plain = await read('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await read('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await read('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('ends a kept answer when a card’s colour changes by time alone, and after MAX_AGE_MS whatever the stamp says', async () => {
    // A task in estimation whose time runs out in five seconds: orange for the pm now, red once it passes.
    const timed = await createTask(ctx.db, {
      project: { id: cast.projectId },
      author: cast.people.author,
      status: 'estimation',
      dates: { date_calc_expiration: new Date(Date.now() + 5000) },
    });
    let now = Date.now();
    const answers = new BoardAnswers(ctx.services.tasks, { clock: () => now });
    const pm = { id: cast.people.pm.id, role: cast.people.pm.role, email: cast.people.pm.email };
    const colourOf = async () => {
      const json = JSON.parse((await answers.project(pm, cast.projectId, {})).json.toString()) as { data: TaskCard[] };
      return json.data.find((card) => card.id === timed.id)!.color;
    };
    expect(await colourOf()).toBe('rootOrange');
    now += 2000;
    expect(await colourOf()).toBe('rootOrange');
    expect(answers.hits).toBe(1);
    now += 3000;
    expect(await colourOf()).toBe('rootRed');
    expect(answers.hits).toBe(1);
    now += MAX_AGE_MS - 1;
    await colourOf();
    expect(answers.hits).toBe(2);
    now += 2;
    await colourOf();
    expect(answers.hits).toBe(2);
  });

  it('shares one read between viewers asking at once', async () => {
    const answers = new BoardAnswers(ctx.services.tasks);
    const pm = { id: cast.people.pm.id, role: cast.people.pm.role, email: cast.people.pm.email };
    const reads = await Promise.all(Array.from({ length: 5 }, () => answers.project(pm, cast.projectId, {})));
    expect(new Set(reads).size).toBe(1);
  });
});
