/**
 * A project's export (issue 37) through real HTTP: who may ask (a stranger's project answers 404), what
 * the archive holds for each reader (a client's export has the `main` chat only), the zip's contents
 * read back with an unzipper, the offline page's escaping, the notification, and the link's expiry.
 */
import { mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectExport } from '@negayno/shared/contract/export';
import type { ProjectExportFile } from '@negayno/shared/contract/export-format';
import type { TaskFile } from '@negayno/shared/contract';
import yauzl from 'yauzl';
import type { UserRow } from '../../db/schema.js';
import { addMember, attachStaff, createChats, createDocument, createProject, createTask, createUser, postMessage } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Every entry of a zip, by name. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return entries;
}

describe('issue 37: a project export', () => {
  let ctx: TestContext;
  let dirs: string[];
  let people: Record<'admin' | 'guest' | 'am' | 'pm' | 'outsider' | 'operator', UserRow>;
  let cookies: Record<keyof typeof people, string>;
  let project: { id: number; name: string };

  const dataOf = <T>(response: { status: number; body: unknown }): T => {
    const body = response.body as { status: string; data: T };
    if (body.status !== 'ok') throw new Error(`not ok: ${response.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const start = (who: keyof typeof people, projectId = project.id) =>
    ctx.request<ProjectExport>('POST', `/api/project/${projectId}/export`, { cookie: cookies[who] });
  /** Starts an export and waits until this process made it. */
  async function exported(who: keyof typeof people): Promise<ProjectExport> {
    dataOf<ProjectExport>(await start(who));
    await ctx.services.exports.settled();
    return dataOf<ProjectExport>(await ctx.get(`/api/project/${project.id}/export`, { cookie: cookies[who] }))!;
  }
  const download = (url: string, who: keyof typeof people) => ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });
  async function archiveOf(who: keyof typeof people): Promise<{ entries: Map<string, Buffer>; data: ProjectExportFile }> {
    const done = await exported(who);
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
    const response = await download(done.url!, who);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = await unzip(response.rawPayload);
    return { entries, data: JSON.parse(entries.get('project.json')!.toString('utf8')) as ProjectExportFile };
  }

  beforeAll(async () => {
    dirs = [mkdtempSync(join(tmpdir(), 'negayno-export-files-')), mkdtempSync(join(tmpdir(), 'negayno-exports-'))];
    ctx = await createTestContext({ env: { FILES_DIR: dirs[0], EXPORTS_DIR: dirs[1] } });
    people = {
      admin: await createUser(ctx.db, { firstname: 'Ада' }),
      guest: await createUser(ctx.db),
      am: await createUser(ctx.db, { role: 'am' }),
      pm: await createUser(ctx.db, { role: 'pm' }),
      outsider: await createUser(ctx.db),
      operator: await createUser(ctx.db, { role: 'am' }),
    };
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', people.operator.id).execute();
    project = await createProject(ctx.db, { owner: people.admin, name: 'Магазин & Co' });
    await addMember(ctx.db, project, people.guest, 'guest');
    await attachStaff(ctx.db, project, people.am);
    await attachStaff(ctx.db, project, people.pm);
    cookies = {} as typeof cookies;
    for (const [key, user] of Object.entries(people)) cookies[key as keyof typeof people] = await ctx.login(user.email);

    const draft = await createTask(ctx.db, { project, author: people.admin, status: 'draft', name: 'Кошик <script>alert(1)</script>' });
    await ctx.db.updateTable('tasks').set({ description: '<p>Новий <b>кошик</b><img src=x onerror=alert(1)></p>' }).where('id', '=', draft.id).execute();
    await ctx.db.insertInto('task_description_history').values({ task_id: draft.id, author_id: people.admin.id, description: '<p>Старий опис</p>' }).execute();
    const body = multipart('brief.pdf', PDF);
    dataOf<TaskFile>(await ctx.request('POST', `/api/task/${draft.id}/upload-file`, { cookie: cookies.admin, payload: body.payload, headers: body.headers }));
    dataOf<TaskFile>(await ctx.request('POST', `/api/task/${draft.id}/upload-file`, { cookie: cookies.admin, payload: body.payload, headers: body.headers }));

    const inWork = await createTask(ctx.db, { project, author: people.admin, status: 'in_work', name: 'Оплата карткою' });
    const chats = await createChats(ctx.db, inWork);
    await postMessage(ctx.db, chats.main, people.admin, 'Коли буде готово?');
    await postMessage(ctx.db, chats.main, people.am, 'У пʼятницю');
    await postMessage(ctx.db, chats.work, people.pm, 'Технічна розмова для виконавців');
    await createDocument(ctx.db, {
      task: inWork,
      type: 'offer',
      author: people.am,
      name: 'Пропозиція',
      workList: ['API'],
      urgencies: [{ urgency: 1, price: 150000, dateDeadline: 1_900_000_000 }],
    });
  });
  afterAll(async () => {
    await ctx.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("answers 404 for a stranger's project, 403 to a member who may not export, and offers can.export as it allows", async () => {
    expect((await start('outsider')).body).toMatchObject({ status: 'error', code: 'project_not_found' });
    expect((await start('outsider')).status).toBe(404);
    expect((await ctx.get(`/api/project/${project.id}/export`, { cookie: cookies.outsider })).status).toBe(404);
    expect((await start('outsider', 999_999)).status).toBe(404);
    for (const who of ['guest', 'pm'] as const) expect({ who, code: (await start(who)).body }).toMatchObject({ who, code: { code: 'access_denied' } });
    for (const [who, can] of [
      ['admin', true],
      ['am', true],
      ['guest', false],
      ['pm', false],
    ] as const) {
      const answer = dataOf<{ can: { export: boolean } }>(await ctx.get(`/api/project/${project.id}`, { cookie: cookies[who] }));
      expect({ who, can: answer.can.export }).toEqual({ who, can });
    }
  });

  it('gives a client administrator every task with its history, documents, files and the main chat only, and notifies them', async () => {
    const { entries, data } = await archiveOf('admin');
    expect(data).toMatchObject({ format: 'negayno-export', version: 1, project: { id: project.id, name: 'Магазин & Co' } });
    expect(data.members.map((member) => member.id).sort()).toEqual([people.admin.id, people.guest.id, people.am.id, people.pm.id].sort());
    const draft = data.tasks.find((task) => task.status === 'draft')!;
    expect(draft.descriptionHistory).toMatchObject([{ description: '<p>Старий опис</p>', author: { id: people.admin.id } }]);
    expect(draft.files.map((file) => file.path)).toEqual([`files/${draft.number}/brief.pdf`, `files/${draft.number}/brief (2).pdf`]);
    for (const file of draft.files) expect(entries.get(file.path)).toEqual(PDF);
    const inWork = data.tasks.find((task) => task.status === 'in_work')!;
    expect(inWork.chats.map((chat) => chat.kind)).toEqual(['main']);
    expect(inWork.chats[0]!.messages.map((message) => message.body)).toEqual(['Коли буде готово?', 'У пʼятницю']);
    expect(inWork.documents).toMatchObject([{ type: 'offer', name: 'Пропозиція', cost: 0, urgencies: [{ price: 150000 }] }]);
    expect(inWork.dates).toHaveProperty('dateDeadline');
    expect(entries.get('transactions.csv')!.toString('utf8').split('\n')[0]).toContain('paymentType');

    const page = entries.get('index.html')!.toString('utf8');
    expect(page).toContain('Кошик &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('Оплата карткою');
    expect(page).toContain('<b>кошик</b>');
    expect(page).not.toMatch(/<script|onerror/i);
    expect(page).not.toContain('Технічна розмова');
    expect(page).toContain(`href="files/${draft.number}/brief%20(2).pdf"`);

    const notifications = await ctx.db
      .selectFrom('notifications')
      .select(['kind', 'project_id'])
      .where('user_id', '=', people.admin.id)
      .where('kind', '=', 'export_ready')
      .execute();
    expect(notifications).toEqual([{ kind: 'export_ready', project_id: project.id }]);
  });

  it("gives the project's am both chats, and an operator not tied to the project may export it too", async () => {
    const { data } = await archiveOf('am');
    const inWork = data.tasks.find((task) => task.status === 'in_work')!;
    expect(inWork.chats.map((chat) => chat.kind)).toEqual(['main', 'work']);
    expect(inWork.chats[1]!.messages[0]!.body).toBe('Технічна розмова для виконавців');
    // The am is not shown prices (spec 6), nor the project's money.
    expect(inWork.documents[0]).toMatchObject({ cost: null, urgencies: [{ price: null }] });
    expect(data.transactions).toEqual([]);
    expect((await archiveOf('operator')).data.tasks.length).toBeGreaterThan(0);
  });

  it('serves an archive to the person who asked for it only, until its link expires', async () => {
    const done = await exported('admin');
    expect((await download(done.url!, 'am')).statusCode).toBe(404);
    expect((await download(done.url!, 'outsider')).json()).toMatchObject({ code: 'project_not_found' });

    const row = await ctx.db.selectFrom('project_exports').select('file_path').where('id', '=', done.id).executeTakeFirstOrThrow();
    expect(existsSync(row.file_path!)).toBe(true);
    await ctx.db
      .updateTable('project_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', done.id)
      .execute();
    const expired = await download(done.url!, 'admin');
    expect({ status: expired.statusCode, code: expired.json().code }).toEqual({ status: 410, code: 'export_expired' });
    expect(existsSync(row.file_path!)).toBe(false);
    expect(dataOf<ProjectExport>(await ctx.get(`/api/project/${project.id}/export`, { cookie: cookies.admin }))).toMatchObject({ id: done.id, url: null });
  });
});

describe('issue 37: an export that cannot be made', () => {
  it('is answered failed, and asking again starts a new one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'negayno-exports-'));
    // EXPORTS_DIR is a file: the job cannot make its working folder.
    const blocked = join(dir, 'not-a-folder');
    writeFileSync(blocked, '');
    const ctx = await createTestContext({ env: { EXPORTS_DIR: blocked } });
    try {
      const admin = await createUser(ctx.db);
      const project = await createProject(ctx.db, { owner: admin });
      const cookie = await ctx.login(admin.email);
      const first = (await ctx.post<ProjectExport>(`/api/project/${project.id}/export`, undefined, { cookie })).body;
      await ctx.services.exports.settled();
      const latest = (await ctx.get<ProjectExport>(`/api/project/${project.id}/export`, { cookie })).body;
      expect(latest).toMatchObject({ status: 'ok', data: { status: 'failed', url: null } });
      const again = (await ctx.post<ProjectExport>(`/api/project/${project.id}/export`, undefined, { cookie })).body;
      await ctx.services.exports.settled();
      expect(again).toMatchObject({ status: 'ok', data: { status: 'running' } });
      expect((again as { data: ProjectExport }).data.id).not.toBe((first as { data: ProjectExport }).data.id);
    } finally {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
