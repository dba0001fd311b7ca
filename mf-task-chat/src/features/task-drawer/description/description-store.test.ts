import { apiServerForFile } from '@negayno/shared/testing';
import { DescriptionStore } from './description-store';

const server = apiServerForFile();

describe('the description history after a live task.update (issue 33, item 13)', () => {
  const history = [{ description: '<p>a</p>', date: 1, author: { id: 1, firstname: 'A', lastname: 'B' } }];

  it('asks again while the task may be edited', async () => {
    server.routes['GET /task/8/description-history'] = { data: history };
    const store = new DescriptionStore();
    store.show(8, '<p>a</p>');
    await store.loadHistory();
    expect(store.historyStatus).toBe('ready');
    store.refreshHistory(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests.filter((request) => request.path === '/task/8/description-history')).toHaveLength(2);
  });

  it('asks nothing once the task has left column 1 (its can says no), and drops what it held', async () => {
    server.routes['GET /task/9/description-history'] = { data: history };
    const store = new DescriptionStore();
    store.show(9, '<p>a</p>');
    await store.loadHistory();
    server.routes['GET /task/9/description-history'] = { status: 403, code: 'access_denied' };
    store.refreshHistory(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests.filter((request) => request.path === '/task/9/description-history')).toHaveLength(1);
    expect(store.history).toEqual([]);
    expect(store.historyStatus).toBe('idle');
  });
});
