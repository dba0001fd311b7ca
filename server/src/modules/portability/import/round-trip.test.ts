/**
 * Issue 37's round trip: a project exported by its administrator (the archive as downloaded, a zip
 * whose `project.json` the importer reads), imported into a fresh install, compares equal on name,
 * description, importance and deadline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Task, TaskCard } from '@negayno/shared/contract';
import type { ProjectExport } from '@negayno/shared/contract/export';
import type { ImportPreview, ImportResult } from '@negayno/shared/contract/project-import';
import { createProject, createTask, createUser } from '../../../seed/builders.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { findTaskRow } from '../../tasks/index.js';

interface Compared {
  name: string;
  description: string;
  importance: number;
  deadline: number | null;
}

describe('issue 37: a Negayno export imported into a fresh install', () => {
  let source: TestContext;
  let fresh: TestContext;
  let exportsDir: string;
  beforeAll(async () => {
    exportsDir = mkdtempSync(join(tmpdir(), 'negayno-round-trip-'));
    source = await createTestContext({ env: { EXPORTS_DIR: exportsDir } });
    fresh = await createTestContext();
  });
  afterAll(async () => {
    await source.close();
    await fresh.close();
    rmSync(exportsDir, { recursive: true, force: true });
  });

  /** The project's archive as its administrator downloads it from the export (issue 37), bytes and all. */
  async function archiveOf(projectId: number, cookie: string): Promise<Buffer> {
    const started = await source.request<ProjectExport>('POST', `/api/project/${projectId}/export`, { cookie });
    if (started.body.status !== 'ok') throw new Error(started.text);
    await source.services.exports.settled();
    const done = await source.get<ProjectExport>(`/api/project/${projectId}/export`, { cookie });
    if (done.body.status !== 'ok' || done.body.data?.status !== 'ready') throw new Error(done.text);
    const download = await source.app.inject({ method: 'GET', url: done.body.data.url!, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    return download.rawPayload;
  }

  it('brings every task back as a draft equal on name, description, importance and deadline', async () => {
    const owner = await createUser(source.db);
    const project = await createProject(source.db, { owner, name: 'Пекарня «Колосок»' });
    const inputs = [
      {
        name: 'Логотип',
        description: '<p>Простий <strong>знак</strong> для стаканчиків</p><ul><li>теплі кольори</li></ul>',
        importance: 3,
        deadline: '2026-12-15T12:00:00Z',
      },
      {
        name: 'Меню',
        description: '<h2>Сезонне</h2><p><a href="https://example.com" target="_blank" rel="noopener noreferrer">посилання</a></p>',
        importance: 0,
        deadline: null,
      },
      { name: 'Контакти', description: '', importance: 4, deadline: '2027-01-31T09:30:00Z', status: 'in_work' as const },
    ];
    const ids = [];
    for (const input of inputs) {
      const task = await createTask(source.db, {
        project,
        author: owner,
        name: input.name,
        description: input.description,
        importance: input.importance,
        status: input.status,
        dates: { date_deadline: input.deadline ? new Date(input.deadline) : null },
      });
      ids.push(task.id);
    }
    // An archived task goes out with the export and is skipped on the way in unless asked for.
    await createTask(source.db, { project, author: owner, name: 'Старе', status: 'archived' });
    const file = await archiveOf(project.id, await source.login(owner.email));

    const importer = await createUser(fresh.db);
    const cookie = await fresh.login(importer.email);
    const body = multipart('negayno-export.zip', file);
    const preview = await fresh.request<ImportPreview>('POST', '/api/project/import/preview', { cookie, ...body });
    expect(preview.body.status === 'ok' && preview.body.data).toMatchObject({
      source: 'negayno',
      boardName: 'Пекарня «Колосок»',
      tasks: 3,
      // What the archive holds beside the tasks stays in it: here the project's one member.
      dropped: [
        { kind: 'archivedCards', count: 1 },
        { kind: 'members', count: 1 },
      ],
    });
    const answer = await fresh.request<ImportResult>('POST', '/api/project/import', { cookie, ...multipart('negayno-export.zip', file) });
    if (answer.body.status !== 'ok') throw new Error(answer.text);
    const cards = await fresh.get<TaskCard[]>(`/api/project/${answer.body.data.projectId}/tasks`, { cookie });
    if (cards.body.status !== 'ok') throw new Error(cards.text);

    const imported: Compared[] = [];
    for (const card of [...cards.body.data].sort((a, b) => a.number - b.number)) {
      const task = await fresh.get<Task>(`/api/task/${card.id}`, { cookie });
      if (task.body.status !== 'ok') throw new Error(task.text);
      expect(task.body.data.status).toBe('draft');
      imported.push({
        name: task.body.data.name,
        description: task.body.data.description,
        importance: task.body.data.importance,
        deadline: task.body.data.dateDeadline,
      });
    }
    const exported: Compared[] = [];
    for (const id of ids) {
      const row = (await findTaskRow(source.db, id))!;
      exported.push({
        name: row.name,
        description: row.description,
        importance: row.importance,
        deadline: row.date_deadline ? row.date_deadline.getTime() / 1000 : null,
      });
    }
    expect(imported).toEqual(exported);
  });
});
