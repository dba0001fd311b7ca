/**
 * Issue 37's round trip: a project's tasks written out as Negayno's export writes `project.json`
 * (`{ format: 'negayno-export', version: 1, … }`, each task read through the tasks repo), imported into
 * a fresh install, compare equal on name, description, importance and deadline.
 */
import type { Task, TaskCard } from '@negayno/shared/contract';
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
  beforeAll(async () => {
    source = await createTestContext();
    fresh = await createTestContext();
  });
  afterAll(async () => {
    await source.close();
    await fresh.close();
  });

  /** `project.json` as the export writes it: the project, its tasks with every field, what hangs on them. */
  async function exportOf(projectId: number, name: string, taskIds: number[]) {
    const tasks = [];
    for (const id of taskIds) {
      const row = (await findTaskRow(source.db, id))!;
      tasks.push({
        id: row.id,
        number: row.number,
        name: row.name,
        status: row.status,
        description: row.description,
        importance: row.importance,
        dateDeadline: row.date_deadline ? Math.floor(row.date_deadline.getTime() / 1000) : null,
        dateCreate: Math.floor(row.created_at.getTime() / 1000),
        descriptionHistory: [{ date: Math.floor(row.updated_at.getTime() / 1000), description: row.description }],
        documents: [],
        chats: [{ key: 'main', messages: [] }],
        files: [],
      });
    }
    return {
      format: 'negayno-export',
      version: 1,
      exportedAt: new Date().toISOString(),
      project: { id: projectId, name },
      members: [],
      tasks,
      transactions: [],
    };
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
    const archived = await createTask(source.db, { project, author: owner, name: 'Старе', status: 'archived' });
    const file = Buffer.from(JSON.stringify(await exportOf(project.id, project.name, [...ids, archived.id])));

    const importer = await createUser(fresh.db);
    const cookie = await fresh.login(importer.email);
    const body = multipart('project.json', file);
    const preview = await fresh.request<ImportPreview>('POST', '/api/project/import/preview', { cookie, ...body });
    expect(preview.body.status === 'ok' && preview.body.data).toMatchObject({
      source: 'negayno',
      boardName: 'Пекарня «Колосок»',
      tasks: 3,
      dropped: [
        { kind: 'archivedCards', count: 1 },
        { kind: 'chats', count: 3 },
      ],
    });
    const answer = await fresh.request<ImportResult>('POST', '/api/project/import', { cookie, ...multipart('project.json', file) });
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
