import type { SearchAnswer, SearchHit, SearchKind } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { TaskRow } from '../../db/schema.js';
import { addMember, createChats, createDocument, createProject, createTask, createUser, postMessage } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { castOf, type Cast, type Role } from '../../test/workflow-kit.js';
import { hasWordStarts, holdsWords, lowerCaseAsWords, textQueryOf, withTypos } from '../../db/text-search.js';
import { plainTextOf, snippetOf } from './presenters.js';

describe('search: only what the viewer may read, word starts and typos, paging (issue 38)', () => {
  let ctx: TestContext;
  let cast: Cast;
  let landing: TaskRow;
  let other: TaskRow;
  let draft: TaskRow;
  let chats: { main: number; work: number };
  let clientMessage: number;
  let technicalMessage: number;
  let offerId: number;
  let removed: string;
  let outsider: string;

  const find = async (cookie: string, q: string, extra: Record<string, string> = {}): Promise<SearchAnswer> => {
    const response = await ctx.get<SearchAnswer>(`/api/search?${new URLSearchParams({ q, ...extra }).toString()}`, { cookie });
    if (response.body.status !== 'ok') throw new Error(`search failed (${response.status}): ${response.text}`);
    return response.body.data;
  };
  const hitsOf = (answer: SearchAnswer, kind: SearchKind): SearchHit[] => answer.groups.find((group) => group.kind === kind)?.list ?? [];
  const taskIdsOf = (answer: SearchAnswer, kind: SearchKind) => hitsOf(answer, kind).map((hit) => ('task' in hit ? hit.task.id : null));
  const messageIdsOf = (answer: SearchAnswer) => hitsOf(answer, 'messages').map((hit) => (hit.kind === 'messages' ? hit.messageId : null));
  const as = (role: Role) => cast.cookies[role];

  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx);
    const { people } = cast;
    const project = { id: cast.projectId };
    landing = await createTask(ctx.db, {
      project,
      author: people.author,
      status: 'offer',
      name: 'Лендінг і оплата',
      description: '<p>Вступ про дизайн. Потрібна <b>форма оплати</b> карткою &amp; рахунком.</p>',
      performers: [people.performer],
    });
    other = await createTask(ctx.db, { project, author: people.author, status: 'discussion', name: 'Кешування сторінок' });
    draft = await createTask(ctx.db, { project, author: people.author, status: 'draft', name: 'Чернетка кешування' });
    chats = await createChats(ctx.db, landing);
    clientMessage = await postMessage(ctx.db, chats.main, people.admin, 'Коли буде готова оплата рахунку? Чекаємо на запуск.');
    technicalMessage = await postMessage(ctx.db, chats.work, people.pm, 'Технічна примітка: ключ кешування платіжного шлюзу.');
    await postMessage(ctx.db, chats.main, null, 'Системне кешування');
    offerId = await createDocument(ctx.db, {
      task: landing,
      type: 'offer',
      author: people.sm,
      name: 'Пропозиція: платіжний модуль',
      workList: ['Форма'],
      urgencies: [],
    });

    const elsewhere = await createProject(ctx.db, { owner: await createUser(ctx.db) });
    await createTask(ctx.db, { project: elsewhere, author: people.admin, status: 'discussion', name: 'Чужа оплата кешування' });

    const former = await createUser(ctx.db, { firstname: 'Колишній' });
    await addMember(ctx.db, project, former, 'user');
    removed = await ctx.login(former.email);
    expect((await find(removed, 'оплата')).groups.find((group) => group.kind === 'tasks')?.list.length).toBe(1);
    const removal = await ctx.request('DELETE', `/api/project/${cast.projectId}/user/${former.id}/delete`, { cookie: as('admin') });
    expect(removal.status).toBe(200);
    outsider = await ctx.login((await createUser(ctx.db)).email);
  });
  afterAll(() => ctx.close());

  it('finds word starts and word forms in names and descriptions, with the sentence around the match marked', async () => {
    const answer = await find(as('admin'), 'оплат');
    expect(taskIdsOf(answer, 'tasks')).toEqual([landing.id]);
    const [description] = hitsOf(answer, 'descriptions');
    expect(description).toMatchObject({ kind: 'descriptions', task: { id: landing.id, name: 'Лендінг і оплата', status: 'offer' } });
    const snippet = description!.kind === 'descriptions' ? description.snippet : null;
    expect(snippet!.text).toBe('…Потрібна форма оплати карткою & рахунком.');
    expect(snippet!.marks.map(([from, to]) => snippet!.text.slice(from, to))).toEqual(['оплати']);
    expect(messageIdsOf(answer)).toEqual([clientMessage]);
  });

  it('finds a typo and a task by its number', async () => {
    expect(taskIdsOf(await find(as('admin'), 'оплта'), 'tasks')).toEqual([landing.id]);
    expect(taskIdsOf(await find(as('admin'), `#${landing.number}`), 'tasks')[0]).toBe(landing.id);
  });

  it('a client finds the main chat and never the technical one; staff find both; a performer only the technical chat of their task', async () => {
    for (const role of ['admin', 'author', 'guest'] as const) {
      expect(messageIdsOf(await find(as(role), 'оплата рахунку'))).toEqual([clientMessage]);
      expect(messageIdsOf(await find(as(role), 'кешування'))).toEqual([]);
    }
    for (const role of ['am', 'pm', 'sm'] as const) {
      expect(messageIdsOf(await find(as(role), 'кешування'))).toEqual([technicalMessage]);
      expect(messageIdsOf(await find(as(role), 'оплата рахунку'))).toEqual([clientMessage]);
    }
    expect(messageIdsOf(await find(as('performer'), 'кешування'))).toEqual([technicalMessage]);
    expect(messageIdsOf(await find(as('performer'), 'оплата рахунку'))).toEqual([]);
  });

  it('a performer finds only the tasks they perform; drafts only by those whose board shows them; never another project', async () => {
    expect(taskIdsOf(await find(as('performer'), 'кешування'), 'tasks')).toEqual([]);
    expect(taskIdsOf(await find(as('performer'), 'лендінг'), 'tasks')).toEqual([landing.id]);
    for (const role of ['admin', 'author', 'guest', 'am'] as const) expect(taskIdsOf(await find(as(role), 'кешування'), 'tasks')).toEqual([draft.id, other.id]);
    for (const role of ['pm', 'sm'] as const) expect(taskIdsOf(await find(as(role), 'кешування'), 'tasks')).toEqual([other.id]);
  });

  it('offers are found by those shown them (not guests), people by staff only', async () => {
    const offersOf = async (role: Role) =>
      hitsOf(await find(as(role), 'платіжний'), 'documents').map((hit) => (hit.kind === 'documents' ? hit.documentId : null));
    for (const role of ['admin', 'author', 'am', 'pm', 'sm', 'performer'] as const) expect(await offersOf(role)).toEqual([offerId]);
    expect(await offersOf('guest')).toEqual([]);
    for (const role of ['am', 'pm', 'sm'] as const) {
      const people = hitsOf(await find(as(role), 'Адмін'), 'people');
      expect(people.map((hit) => (hit.kind === 'people' ? hit.person.id : null))).toContain(cast.people.admin.id);
    }
    for (const role of ['admin', 'author', 'guest', 'performer'] as const)
      expect((await find(as(role), 'Адмін')).groups.map((group) => group.kind)).not.toContain('people');
  });

  it('a removed member and someone outside find nothing of the project', async () => {
    for (const cookie of [removed, outsider]) {
      for (const q of ['оплата', 'кешування', 'платіжний', String(landing.number)])
        expect((await find(cookie, q)).groups.flatMap((group) => group.list)).toEqual([]);
    }
  });

  it('sees a write at once (the indexes are kept by the write itself) and pages by 20', async () => {
    await ctx.request('PUT', `/api/task/${draft.id}/update-name`, { cookie: as('author'), payload: { name: 'Архітектура пошуку' } });
    expect(taskIdsOf(await find(as('admin'), 'архітект'), 'tasks')).toEqual([draft.id]);
    for (let i = 0; i < 23; i += 1)
      await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'discussion', name: `Пакет ${i}` });
    const overview = await find(as('admin'), 'пакет');
    expect([hitsOf(overview, 'tasks').length, overview.groups[0]!.hasMore]).toEqual([5, true]);
    const first = await find(as('admin'), 'пакет', { kind: 'tasks' });
    const second = await find(as('admin'), 'пакет', { kind: 'tasks', offset: '20' });
    expect([first.groups.length, hitsOf(first, 'tasks').length, first.groups[0]!.hasMore]).toEqual([1, 20, true]);
    expect([hitsOf(second, 'tasks').length, second.groups[0]!.hasMore]).toEqual([3, false]);
    expect(new Set([...taskIdsOf(first, 'tasks'), ...taskIdsOf(second, 'tasks')]).size).toBe(23);
  });

  it('finds a typo of a word written a moment ago, in a message, a description or a name, and marks the word it stands for', async () => {
    // Words no text held before: the typo can only be told through the words this very write added.
    const sent = await ctx.request('POST', `/api/chat/${chats.main}/new-message`, { cookie: as('admin'), payload: { message: 'Оплата Монобанком пройшла' } });
    expect(sent.status).toBe(200);
    const [message] = hitsOf(await find(as('am'), 'монобнком'), 'messages');
    expect(message).toMatchObject({ kind: 'messages', task: { id: landing.id }, chatKey: 'main' });
    const marked = message!.kind === 'messages' ? message.snippet : null;
    expect(marked!.marks.map(([from, to]) => marked!.text.slice(from, to))).toEqual(['Монобанком']);

    const fresh = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'draft', name: 'Склад' });
    const described = await ctx.request('PUT', `/api/task/${fresh.id}/update-description`, {
      cookie: as('author'),
      payload: { description: '<p>Потрібна синхронізація складу</p>' },
    });
    expect(described.status).toBe(200);
    expect(taskIdsOf(await find(as('admin'), 'синхрнізація'), 'descriptions')).toEqual([fresh.id]);
    const renamed = await ctx.request('PUT', `/api/task/${fresh.id}/update-name`, { cookie: as('author'), payload: { name: 'Склад вітрини' } });
    expect(renamed.status).toBe(200);
    expect(taskIdsOf(await find(as('admin'), 'вітрни'), 'tasks')).toEqual([fresh.id]);
    // Digits are not looked for as typos: a number no task has finds nothing.
    expect(taskIdsOf(await find(as('admin'), '99999'), 'tasks')).toEqual([]);
  });

  it('within one project: a project the viewer does not see finds nothing; blank text finds nothing', async () => {
    expect(taskIdsOf(await find(as('admin'), 'оплата', { projectId: String(cast.projectId) }), 'tasks')).toEqual([landing.id]);
    const elsewhere = await sql<{ id: number }>`select id from projects where id <> ${cast.projectId} order by id limit 1`.execute(ctx.db);
    expect((await find(as('admin'), 'оплата', { projectId: String(elsewhere.rows[0]!.id) })).groups.flatMap((group) => group.list)).toEqual([]);
    expect(await find(as('admin'), ' ;; ')).toEqual({ q: ';;', groups: [] });
  });
});

describe("the board filter's text (issue 38): the same match within the board", () => {
  let ctx: TestContext;
  let cast: Cast;
  afterAll(() => ctx.close());

  it('finds by a word start or a typo in the name or description, and by number; a performer still only their own', async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx);
    const project = { id: cast.projectId };
    const paid = await createTask(ctx.db, {
      project,
      author: cast.people.author,
      status: 'discussion',
      name: 'Оплата рахунку',
      performers: [cast.people.performer],
    });
    const described = await createTask(ctx.db, {
      project,
      author: cast.people.author,
      status: 'discussion',
      name: 'Сторінка',
      description: '<p>Потрібна форма оплати</p>',
    });
    await createTask(ctx.db, { project, author: cast.people.author, status: 'discussion', name: 'Інше' });
    const board = async (role: Role, text: string) => {
      const response = await ctx.get<Array<{ id: number }>>(`/api/project/${cast.projectId}/tasks?text=${encodeURIComponent(text)}`, {
        cookie: cast.cookies[role],
      });
      if (response.body.status !== 'ok') throw new Error(response.text);
      return response.body.data.map((card) => card.id).sort((a, b) => a - b);
    };
    expect(await board('admin', 'оплат')).toEqual([paid.id, described.id]);
    expect(await board('admin', 'форм')).toEqual([described.id]);
    expect(await board('admin', 'рахнку')).toEqual([paid.id]);
    expect(await board('admin', `#${paid.number}`)).toEqual([paid.id]);
    expect(await board('performer', 'оплат')).toEqual([paid.id]);
    expect((await board('admin', ' ; ')).length).toBe(3);
  });
});

describe('search snippets', () => {
  it('cuts the sentence around the first match and marks every word that starts with a typed one', () => {
    const text = `${'Довгий вступ без потрібного слова. '.repeat(6)}Оплата рахунку за серпень, а також оплати за вересень. Кінець.`;
    const snippet = snippetOf(text, ['оплат']);
    expect(snippet.text.startsWith('…Оплата рахунку')).toBe(true);
    expect(snippet.marks.map(([from, to]) => snippet.text.slice(from, to))).toEqual(['Оплата', 'оплати']);
    expect(plainTextOf('<p>a&nbsp;&lt;b&gt;</p><p>Що:</p><ul><li>one</li><li>two</li></ul>')).toBe('a <b>. Що: one. two.');
  });
});

describe('the lower case check before the words (issue 38)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("never leaves out a text whose words match: the lower case check holds for each of the word index's matches", async () => {
    expect(await lowerCaseAsWords(ctx.db)).toBe(true);
    const texts = [
      'ОПЛАТА рахунку',
      'Оплата2 до п’ятниці',
      '<p>Форма&nbsp;оплати: <b>картка</b></p>',
      'landing-page ready, see https://example.com/landing/page',
      'Кешування сторінок та ґанку; Їжак і Єнот',
      'Order #1005 paid',
    ];
    const queries: Array<[string, string[]]> = [
      ['оплат', []],
      ['рахунк', []],
      ['форм оплат', []],
      ['landing page', []],
      ['кешуваня', ['кешування']],
      ['ґанк їжак єнот', []],
      ['1005', []],
      ['order paid', []],
    ];
    for (const [typed, similar] of queries) {
      const text = textQueryOf(typed)!;
      const query = similar.length > 0 ? withTypos(text, new Map([[text.words[0]!, similar]]))! : text;
      const held = holdsWords(sql.ref<string>('x.body'), query);
      expect(held).not.toBeNull();
      const { rows } = await sql<{ body: string; words: boolean; held: boolean }>`
        SELECT x.body, ${hasWordStarts(sql.ref<string>('x.body'), query)} AS words, ${held!} AS held
        FROM (VALUES ${sql.join(texts.map((body) => sql`(${body})`))}) AS x(body)`.execute(ctx.db);
      for (const row of rows) if (row.words) expect({ typed, body: row.body, held: row.held }).toEqual({ typed, body: row.body, held: true });
      expect(rows.some((row) => row.words)).toBe(true);
    }
  });
});
