/**
 * Issue 37, import: a Trello board's JSON export through real HTTP (multipart, as the browser sends it)
 * into a new project or an existing one, on the Jest project's engine. The preview writes nothing; the
 * import makes drafts in column 1 in one transaction; bad files answer their catalogue codes; scripts
 * in the file never reach a description; another person's project is 404.
 */
import yazl from 'yazl';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Project, Task, TaskCard } from '@negayno/shared/contract';
import { IMPORT, type ImportPreview, type ImportResult } from '@negayno/shared/contract/project-import';
import { sql } from 'kysely';
import type { UserRow } from '../../../db/schema.js';
import { addMember, attachStaff, createProject, createTask, createUser } from '../../../seed/builders.js';
import { createTestContext, type TestContext, type TestResponse } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { generatedBoard } from '../../../test/trello-boards.js';

const FIXTURE = readFileSync(join(__dirname, 'fixtures', 'trello-board.json'));

/** A zip of these entries, as an archiver writes it. */
async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('issue 37: importing a Trello board', () => {
  let ctx: TestContext;
  let people: Record<'admin' | 'member' | 'outsider' | 'am', UserRow>;
  let cookies: Record<keyof typeof people, string>;

  const send = <T>(path: string, file: Buffer, who: keyof typeof people, fields: Record<string, string> = {}, language = 'uk'): Promise<TestResponse<T>> => {
    const body = multipart('board.json', file, fields);
    return ctx.request<T>('POST', `/api${path}`, { cookie: cookies[who], payload: body.payload, headers: { ...body.headers, 'accept-language': language } });
  };
  const dataOf = <T>(response: TestResponse<T>): T => {
    if (response.body.status !== 'ok') throw new Error(`not ok: ${response.status} ${response.text}`);
    return response.body.data;
  };
  const codeOf = (response: TestResponse) => ({ status: response.status, code: (response.body as { code?: string }).code });
  const counts = async () => {
    const row = await sql<{
      projects: number;
      tasks: number;
    }>`SELECT (SELECT count(*)::int FROM projects) AS projects, (SELECT count(*)::int FROM tasks) AS tasks`.execute(ctx.db);
    return row.rows[0]!;
  };
  const tasksOf = async (projectId: number, who: keyof typeof people = 'admin') =>
    dataOf(await ctx.get<TaskCard[]>(`/api/project/${projectId}/tasks`, { cookie: cookies[who] }));
  const taskNamed = async (cards: TaskCard[], name: string) =>
    dataOf(await ctx.get<Task>(`/api/task/${cards.find((card) => card.name === name)!.id}`, { cookie: cookies.admin }));

  beforeAll(async () => {
    ctx = await createTestContext();
    people = {
      admin: await createUser(ctx.db),
      member: await createUser(ctx.db),
      outsider: await createUser(ctx.db),
      am: await createUser(ctx.db, { role: 'am' }),
    };
    cookies = {} as typeof cookies;
    for (const [key, user] of Object.entries(people)) cookies[key as keyof typeof people] = await ctx.login(user.email);
    // PGlite's migrations and the accounts' argon2 hashes on a busy machine: as the demo's test allows.
  }, 180_000);
  afterAll(() => ctx.close());

  it('previews what maps to what, per list and dropped, and writes nothing', async () => {
    const before = await counts();
    const preview = dataOf(await send<ImportPreview>('/project/import/preview', FIXTURE, 'admin'));
    expect(preview).toEqual({
      source: 'trello',
      boardName: 'Coffee shop website',
      lists: [
        { name: 'Backlog', tasks: 3, skippedArchived: 0, archived: false },
        { name: 'To do', tasks: 2, skippedArchived: 1, archived: false },
        { name: 'Doing', tasks: 2, skippedArchived: 0, archived: false },
        { name: 'Done', tasks: 1, skippedArchived: 1, archived: false },
        { name: 'Old ideas', tasks: 0, skippedArchived: 1, archived: true },
      ],
      tasks: 8,
      carried: { descriptions: 6, checklists: 2, comments: 3, labels: 6, dueDates: 2, attachmentLinks: 3 },
      dropped: [
        { kind: 'archivedCards', count: 3 },
        { kind: 'cardMembers', count: 2 },
        { kind: 'otherActivity', count: 2 },
      ],
    });
    // Asked for, the archived cards come too.
    const all = dataOf(await send<ImportPreview>('/project/import/preview', FIXTURE, 'admin', { includeArchived: '1' }));
    expect(all.tasks).toBe(11);
    expect(all.dropped.map((entry) => entry.kind)).not.toContain('archivedCards');
    expect(await counts()).toEqual(before);
  });

  it('makes a new project of the board: drafts in column 1, in order, with their descriptions, checklists, links, comments and due dates', async () => {
    const result = dataOf(await send<ImportResult>('/project/import', FIXTURE, 'admin', {}, 'en'));
    expect(result.tasks).toBe(8);
    const project = dataOf(await ctx.get<Project>(`/api/project/${result.projectId}`, { cookie: cookies.admin }));
    expect(project.name).toBe('Coffee shop website');
    expect(project.role).toBe('administrator');

    const cards = await tasksOf(result.projectId);
    expect([...cards].sort((a, b) => a.number - b.number).map((card) => [card.number, card.name, card.status, card.column])).toEqual([
      [1, 'Logo for the coffee shop', 'draft', 1],
      [2, 'Menu page', 'draft', 1],
      [3, 'Contact form', 'draft', 1],
      [4, 'Hero photo on the main page', 'draft', 1],
      [5, 'Opening hours <b>block</b>', 'draft', 1],
      [6, 'Map with the address', 'draft', 1],
      [7, 'Instagram feed', 'draft', 1],
      [8, 'Domain name', 'draft', 1],
    ]);
    expect(cards.every((card) => card.author.id === people.admin.id && card.can.edit)).toBe(true);

    const logo = await taskNamed(cards, 'Logo for the coffee shop');
    expect(logo.dateDeadline).toBe(Date.parse('2026-12-15T12:00:00.000Z') / 1000);
    const html = logo.description;
    expect(html).toContain('<em>Trello list: Backlog · labels: Design · due: 2026-12-15</em>');
    expect(html).toContain('<h2>Brief</h2>');
    expect(html).toContain('A <strong>simple</strong> mark');
    expect(html).toContain('<li>warm colours</li>');
    expect(html).toContain('<a href="https://example.com/moodboard">the moodboard</a>');
    expect(html).toContain('<h3>Checklist: Deliverables</h3><ul><li>☑ <s>SVG master</s></li><li>☐ PNG in three sizes</li><li>☐ Favicon</li></ul>');
    // Files Trello keeps become links (they open for those signed in to Trello); link attachments stay links.
    expect(html).toMatch(
      /<a href="https:\/\/trello\.com\/1\/cards\/[0-9a-f]+\/attachments\/[0-9a-f]+\/download\/sketch\.png" target="_blank" rel="noopener noreferrer">sketch\.png<\/a> \(file on Trello\)/,
    );
    expect(html).toContain(
      '<a href="https://docs.google.com/document/d/1AbCdEf/edit" target="_blank" rel="noopener noreferrer">Brand book (Google Docs)</a></li>',
    );
    // Comments: a dated section, oldest first, Markdown rendered.
    const comments = html.slice(html.indexOf('<h3>Comments</h3>'));
    expect(comments).toContain('<p><strong>2026-10-02 08:30 · Taras Melnyk</strong></p><p>Can we try a <strong>green</strong> variant too?</p>');
    expect(comments.indexOf('Taras Melnyk')).toBeLessThan(comments.indexOf('Olena Kovalenko'));

    const hero = await taskNamed(cards, 'Hero photo on the main page');
    expect(hero.description).toContain('labels: Design, Urgent · due: 2026-11-30');
    expect(hero.description).toContain('<blockquote>');
    expect(hero.description).toContain('(file on Trello)');
    const contact = await taskNamed(cards, 'Contact form');
    expect(contact.description).toBe('<p><em>Trello list: Backlog</em></p>');
    expect(contact.dateDeadline).toBeNull();
  });

  it('sanitises HTML and scripts of descriptions and comments with the server sanitiser', async () => {
    const result = dataOf(await send<ImportResult>('/project/import', FIXTURE, 'admin'));
    const hours = await taskNamed(await tasksOf(result.projectId), 'Opening hours <b>block</b>');
    const html = hours.description;
    expect(html).toContain('Mon–Fri 8:00–20:00');
    expect(html).toContain('weekends are 9:00–18:00');
    expect(html).not.toMatch(/<script|onerror|javascript:|alert\(/i);
    // The facts line is in the importing person's language (uk by default).
    expect(html).toContain('<em>Список Trello: To do · мітки: yellow</em>');
  });

  it('brings archived cards when asked, marked as archived in Trello', async () => {
    const result = dataOf(await send<ImportResult>('/project/import', FIXTURE, 'admin', { includeArchived: 'true', name: '  Кавʼярня (архів) ' }));
    expect(result.tasks).toBe(11);
    expect(dataOf(await ctx.get<Project>(`/api/project/${result.projectId}`, { cookie: cookies.admin })).name).toBe('Кавʼярня (архів)');
    const loyalty = await taskNamed(await tasksOf(result.projectId), 'Loyalty programme');
    expect(loyalty.description).toContain('Список Trello: Old ideas · в архіві Trello');
  });

  it('adds to an existing project after its own tasks, numbered on', async () => {
    const project = await createProject(ctx.db, { owner: people.admin });
    await createTask(ctx.db, { project, author: people.admin, name: 'Already here' });
    const result = dataOf(await send<ImportResult>(`/project/${project.id}/import`, FIXTURE, 'admin'));
    expect(result).toEqual({ projectId: project.id, tasks: 8 });
    const numbers = (await tasksOf(project.id)).map((card) => card.number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(dataOf(await ctx.get<Project>(`/api/project/${project.id}`, { cookie: cookies.admin })).can.importTasks).toBe(true);
  });

  it('answers 404 for another person’s project, 403 to a member who is not its administrator and to staff creating one', async () => {
    const project = await createProject(ctx.db, { owner: people.admin });
    await addMember(ctx.db, project, people.member, 'user');
    await attachStaff(ctx.db, project, people.am);
    const before = await counts();
    for (const path of [`/project/${project.id}/import/preview`, `/project/${project.id}/import`]) {
      expect(codeOf(await send(path, FIXTURE, 'outsider'))).toEqual({ status: 404, code: 'project_not_found' });
      expect(codeOf(await send(path, FIXTURE, 'member'))).toEqual({ status: 403, code: 'access_denied' });
      expect(codeOf(await send(path, FIXTURE, 'am'))).toEqual({ status: 403, code: 'access_denied' });
    }
    expect(codeOf(await send('/project/999999/import', FIXTURE, 'admin'))).toEqual({ status: 404, code: 'project_not_found' });
    expect(codeOf(await send('/project/import', FIXTURE, 'am'))).toEqual({ status: 403, code: 'access_denied' });
    expect(
      codeOf(await ctx.request('POST', '/api/project/import', { payload: multipart('board.json', FIXTURE).payload, headers: multipart('b', FIXTURE).headers })),
    ).toEqual({
      status: 401,
      code: 'request_denied',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is not an export, a truncated one and one of 50,000 cards with catalogue codes, writing nothing', async () => {
    const before = await counts();
    const notAnExport = { status: 400, code: 'import_is_not_an_export' };
    for (const file of [
      Buffer.from('{"hello": "world"}'),
      Buffer.from('[1, 2, 3]'),
      Buffer.from('name,desc\nA card,text\n'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from(JSON.stringify({ id: 'b', name: 'Board', lists: [], cards: 'none' })),
      Buffer.from(JSON.stringify({ format: 'negayno-export', version: 2, project: { name: 'P' }, tasks: [] })),
      Buffer.from('{"id": "b", "name": "Board", "lists": [] "cards": []}'),
    ]) {
      expect(codeOf(await send('/project/import/preview', file, 'admin'))).toEqual(notAnExport);
      expect(codeOf(await send('/project/import', file, 'admin'))).toEqual(notAnExport);
    }
    for (const cut of [FIXTURE.length / 2, FIXTURE.length - 3, 40]) {
      const truncated = FIXTURE.subarray(0, Math.floor(cut));
      expect(codeOf(await send('/project/import/preview', truncated, 'admin'))).toEqual({ status: 400, code: 'import_is_truncated' });
      expect(codeOf(await send('/project/import', truncated, 'admin'))).toEqual({ status: 400, code: 'import_is_truncated' });
    }
    expect(codeOf(await send('/project/import', Buffer.alloc(0), 'admin'))).toEqual({ status: 400, code: 'file_is_empty' });

    const lists = [{ id: 'l1', name: 'To do' }];
    const huge = Buffer.from(
      JSON.stringify({ id: 'b', name: 'Huge', lists, cards: Array.from({ length: 50_000 }, (_, i) => ({ id: `c${i}`, name: `Card ${i}`, idList: 'l1' })) }),
    );
    // Within the size limit, so the count is what refuses it.
    expect(huge.length).toBeLessThan(IMPORT.maxBytes);
    expect(codeOf(await send('/project/import/preview', huge, 'admin'))).toEqual({ status: 413, code: 'import_has_too_many_cards' });
    expect(codeOf(await send('/project/import', huge, 'admin'))).toEqual({ status: 413, code: 'import_has_too_many_cards' });
    // Past the size limit, refused before it is read.
    const tooBig = Buffer.alloc(IMPORT.maxBytes + 1, 0x20);
    expect(codeOf(await send('/project/import', tooBig, 'admin'))).toEqual({ status: 413, code: 'file_is_too_large' });

    // A zip is read for an export's project.json alone: none, a broken archive, or one that unpacks
    // past the limit (a few kilobytes packed) is refused.
    for (const zip of [await zipOf({ 'index.html': Buffer.from('<p>x</p>') }), Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)])])
      expect(codeOf(await send('/project/import/preview', zip, 'admin'))).toEqual(notAnExport);
    const bomb = await zipOf({ 'project.json': Buffer.alloc(IMPORT.maxBytes + 1, 0x20) });
    expect(bomb.length).toBeLessThan(IMPORT.maxBytes / 100);
    expect(codeOf(await send('/project/import', bomb, 'admin'))).toEqual({ status: 413, code: 'file_is_too_large' });
    expect(await counts()).toEqual(before);
  });

  it('is one transaction: a failure at the 550th card leaves neither the new project nor any task, nor a used number', async () => {
    // Past the first batch of 500 rows, so some were written when it fails.
    const board = Buffer.from(JSON.stringify(generatedBoard(600, (index) => (index === 549 ? 'FAIL HERE' : `Card ${index + 1}`))));
    // A fault inside the database, after the project and the first batch of tasks were written.
    await sql`CREATE FUNCTION fail_import_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.name = 'FAIL HERE' THEN RAISE EXCEPTION 'fault'; END IF; RETURN NEW; END $$`.execute(
      ctx.db,
    );
    await sql`CREATE TRIGGER fail_import_test BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION fail_import_test()`.execute(ctx.db);
    try {
      const existing = await createProject(ctx.db, { owner: people.admin });
      await createTask(ctx.db, { project: existing, author: people.admin });
      const before = await counts();
      expect(codeOf(await send('/project/import', board, 'admin'))).toEqual({ status: 500, code: 'server_error' });
      expect(codeOf(await send(`/project/${existing.id}/import`, board, 'admin'))).toEqual({ status: 500, code: 'server_error' });
      expect(await counts()).toEqual(before);
      const seq = await ctx.db.selectFrom('projects').select('task_seq').where('id', '=', existing.id).executeTakeFirstOrThrow();
      expect(seq.task_seq).toBe(1);
    } finally {
      await sql`DROP TRIGGER fail_import_test ON tasks`.execute(ctx.db);
      await sql`DROP FUNCTION fail_import_test()`.execute(ctx.db);
    }
  }, 180_000);

  /**
   * Imports 2,000 cards whole and prints the figure (wall and CPU time, with the load average
   * beside them): performance is measured and quoted, not timed here, since a machine shared with other
   * builds stretches either many fold (a quiet run: 9.1 s wall, 10.8 s CPU over both cores). Memory is
   * bounded by IMPORT.maxBytes: the file is held whole.
   */
  it('imports a 2,000-card export whole, printing the time it took (the issue’s figure)', async () => {
    const board = Buffer.from(JSON.stringify(generatedBoard(2000)));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = dataOf(await send<ImportResult>('/project/import', board, 'admin'));
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const wallSeconds = (performance.now() - started) / 1000;
    console.log(
      `import of a 2,000-card Trello export (${(board.length / 1e6).toFixed(1)} MB): ${cpuSeconds.toFixed(2)} s of CPU, ${wallSeconds.toFixed(2)} s wall ` +
        `(load average ${loadavg()[0]!.toFixed(1)})`,
    );
    expect(result.tasks).toBe(2000);
    expect((await tasksOf(result.projectId)).length).toBe(2000);
  }, 180_000);
});
