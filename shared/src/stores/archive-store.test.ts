import type { ArchivedTask } from '@negayno/shared/contract';
import { apiServerForFile } from '@negayno/shared/testing';
import { ArchiveStore } from './archive-store';

function archived(id: number): ArchivedTask {
  return { id, number: id, name: `T${id}`, project: { id: 1, name: 'P' }, dateCreate: 1, datePublish: null, dateArchived: 2 };
}

describe('ArchiveStore', () => {
  const server = apiServerForFile();
  it('pages a project archive from the last item held', async () => {
    server.routes = {
      'GET /project/4/archive': { data: { list: [archived(30), archived(29)], hasMore: true } },
      'GET /project/4/archive/29': { data: { list: [archived(28)], hasMore: false } },
    };
    const store = new ArchiveStore({ kind: 'project', projectId: 4 });
    await store.load();
    expect(store.hasMore).toBe(true);
    await store.more();
    expect(store.list.map((task) => task.id)).toEqual([30, 29, 28]);
    expect(store.hasMore).toBe(false);
    await store.more();
    expect(server.requests).toHaveLength(2);
  });

  it('reads the viewer archive across projects', async () => {
    server.routes = { 'GET /archive': { data: { list: [], hasMore: false } } };
    const store = new ArchiveStore({ kind: 'user' });
    await store.load();
    expect(store.status).toBe('ready');
    expect(store.list).toEqual([]);
  });
});
