import { KANBAN_COLUMNS, type ColumnSet, type TaskCard } from '@negayno/shared/contract';
import { parseFilter, projectBoardRead } from '@negayno/shared/contract/task-filter';
import { autorun, isObservable } from 'mobx';
import { card as taskCard, startApiServer, type ApiServer } from '@negayno/shared/testing';
import { TAB_ORIGIN } from '../api/echo';
import { BoardStore } from './board-store';

/** A card of column 1 unless the overrides say otherwise. */
function card(overrides: Partial<TaskCard>): TaskCard {
  return taskCard(overrides.id ?? 1, 1, overrides);
}

describe('BoardStore', () => {
  let set: ColumnSet;
  let store: BoardStore;
  beforeEach(() => {
    set = 'client';
    store = new BoardStore(() => set);
  });

  it('replaces a card only with a version at least as new', () => {
    store.upsert(card({ id: 5, name: 'v2', dateUpdate: 200 }));
    store.upsert(card({ id: 5, name: 'v1', dateUpdate: 100 }));
    expect(store.cards.get(5)?.name).toBe('v2');
    store.upsert(card({ id: 5, name: 'v3', dateUpdate: 300 }));
    expect(store.cards.get(5)?.name).toBe('v3');
  });

  it('drops a card that left the viewer board', () => {
    store.upsert(card({ id: 5 }));
    store.upsert(card({ id: 5, column: null, dateUpdate: 101 }));
    expect(store.cards.has(5)).toBe(false);
  });

  it('holds a card as given, not made observable field by field', () => {
    const given = card({ id: 5 });
    store.upsert(given);
    expect(store.cards.get(5)).toBe(given);
    expect(isObservable(store.cards.get(5))).toBe(false);
  });

  it('shows every change of the cards to what observes the columns', () => {
    const seen: number[][] = [];
    const stop = autorun(() => seen.push(store.columns[1].map((c) => c.id)));
    store.upsert(card({ id: 1, number: 1 }));
    store.upsert(card({ id: 2, number: 2 }));
    store.setUnread(1, { main: { count: 3 }, work: { count: 0 } });
    store.remove(2);
    stop();
    expect(seen).toEqual([[], [1], [2, 1], [2, 1], [1]]);
    expect(store.cards.get(1)?.unreadMessageCounters.main.count).toBe(3);
  });

  it('sorts client columns 1 and 2 by importance, highest first, and the rest by number', () => {
    store.upsert(card({ id: 1, number: 1, importance: 1 }));
    store.upsert(card({ id: 2, number: 2, importance: 4 }));
    store.upsert(card({ id: 3, number: 3, importance: 0 }));
    store.upsert(card({ id: 4, number: 4, importance: 4, column: 3 }));
    store.upsert(card({ id: 5, number: 5, importance: 0, column: 3 }));
    expect(store.columns[1].map((c) => c.id)).toEqual([2, 1, 3]);
    expect(store.columns[3].map((c) => c.id)).toEqual([5, 4]);
  });

  it('sorts staff columns by the nearest expiration, cards without one last, then by number', () => {
    set = 'estimation';
    store.upsert(card({ id: 1, number: 1, importance: 4, dateExpiration: null }));
    store.upsert(card({ id: 2, number: 2, importance: 0, dateExpiration: null }));
    store.upsert(card({ id: 3, number: 3, dateExpiration: 5000 }));
    store.upsert(card({ id: 4, number: 4, dateExpiration: 1000 }));
    store.upsert(card({ id: 5, number: 5, dateExpiration: 5000 }));
    expect(store.columns[1].map((c) => c.id)).toEqual([4, 5, 3, 2, 1]);
  });
});

describe('BoardStore with the API', () => {
  let server: ApiServer;
  let store: BoardStore;
  const beacons: string[] = [];

  beforeAll(async () => {
    server = await startApiServer();
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: string) => {
        beacons.push(body);
        return true;
      },
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.routes = {};
    beacons.length = 0;
    localStorage.clear();
    store = new BoardStore(
      () => 'client',
      () => 7,
    );
  });

  it('loads a project board with the non-empty, trimmed filter in the query', async () => {
    server.routes['GET /project/3/tasks?taskNumber=12&taskName=logo'] = { data: [card({ id: 1, number: 12, name: 'Logo' })] };
    await store.load(3, { taskNumber: ' 12 ', taskName: 'logo', projectId: '' });
    expect(store.status).toBe('ready');
    expect([...store.cards.keys()]).toEqual([1]);
    expect(store.hasFilter).toBe(true);
  });

  it("asks for the very read a project page's preload hint names, so the page's early answer is the one used (issue 39)", async () => {
    const pageSearch = '?taskName=%20logo%20&taskNumber=12&projectId=3&text=&other=1';
    const hinted = projectBoardRead(3, pageSearch);
    server.routes[`GET ${hinted}`] = { data: [card({ id: 1, number: 12, name: 'Logo' })] };
    await store.load(3, parseFilter(new URLSearchParams(pageSearch)));
    expect(server.requests.map((request) => request.path)).toEqual([hinted]);
    expect(hinted).toBe('/project/3/tasks?taskNumber=12&taskName=logo');
  });

  it('says a failed load failed, and reload asks again for the same board showing a wait meanwhile', async () => {
    server.routes['GET /project/3/tasks?taskName=logo'] = { status: 500, code: 'internal_error' };
    await expect(store.load(3, { taskName: 'logo' })).rejects.toBeDefined();
    expect(store.status).toBe('error');
    server.routes['GET /project/3/tasks?taskName=logo'] = { data: [card({ id: 1, name: 'Logo' })] };
    const again = store.reload();
    expect(store.status).toBe('loading');
    await again;
    expect(store.status).toBe('ready');
    expect([...store.cards.keys()]).toEqual([1]);
  });

  it('loads the all-projects board with the project filter', async () => {
    server.routes['GET /tasks?projectId=2'] = { data: [card({ id: 4, project: { id: 2, name: 'B' } })] };
    await store.loadAll({ projectId: '2' });
    expect(store.projectId).toBeNull();
    expect(store.shows(2)).toBe(true);
    expect(store.shows(3)).toBe(false);
  });

  it('refetches a card on task.update and keeps a newer held one', async () => {
    server.routes['GET /project/1/tasks'] = { data: [card({ id: 5, name: 'old', dateUpdate: 100 })] };
    await store.load(1);
    server.routes['GET /task/5/get-card'] = { data: card({ id: 5, name: 'new', dateUpdate: 200 }) };
    await store.onTaskUpdate({ taskId: 5, projectId: 1, dateUpdate: 200 });
    expect(store.cards.get(5)?.name).toBe('new');
    // An event older than the held card asks nothing.
    server.requests.length = 0;
    await store.onTaskUpdate({ taskId: 5, projectId: 1, dateUpdate: 150 });
    expect(server.requests).toHaveLength(0);
    // One of the same second may carry a later change of that second (dates are whole seconds): read again.
    server.routes['GET /task/5/get-card'] = { data: card({ id: 5, name: 'newer', dateUpdate: 200 }) };
    await store.onTaskUpdate({ taskId: 5, projectId: 1, dateUpdate: 200 });
    expect(store.cards.get(5)?.name).toBe('newer');
    server.requests.length = 0;
    // Another project's event is not this board's business.
    await store.onTaskUpdate({ taskId: 9, projectId: 2, dateUpdate: 300 });
    expect(server.requests).toHaveLength(0);
    // The echo of this tab's own step: its answer's card is here already (issue 32).
    await store.onTaskUpdate({ taskId: 5, projectId: 1, dateUpdate: 300, origin: `7:${TAB_ORIGIN}` });
    await store.onTaskChats({ taskId: 5, chatId: 3, origin: `7:${TAB_ORIGIN}` });
    expect(server.requests).toHaveLength(0);
    // Another person's step with this tab's id (read off an event and sent back) is read as any other.
    server.routes['GET /task/5/get-card'] = { data: card({ id: 5, name: 'theirs', dateUpdate: 300 }) };
    await store.onTaskUpdate({ taskId: 5, projectId: 1, dateUpdate: 300, origin: `8:${TAB_ORIGIN}` });
    expect(store.cards.get(5)?.name).toBe('theirs');
  });

  it('adds a new task announced live, unless the applied filter excludes it', async () => {
    server.routes['GET /project/1/tasks?taskName=logo'] = { data: [] };
    await store.load(1, { taskName: 'logo' });
    server.routes['GET /task/6/get-card'] = { data: card({ id: 6, name: 'Banner', dateUpdate: 200 }) };
    server.routes['GET /task/7/get-card'] = { data: card({ id: 7, name: 'New logo', dateUpdate: 200 }) };
    await store.onTaskUpdate({ taskId: 6, projectId: 1, dateUpdate: 200 });
    await store.onTaskUpdate({ taskId: 7, projectId: 1, dateUpdate: 200 });
    expect([...store.cards.keys()]).toEqual([7]);
  });

  it('removes a card whose refetch answers 403 or 404', async () => {
    server.routes['GET /project/1/tasks'] = { data: [card({ id: 5 }), card({ id: 6 })] };
    await store.load(1);
    server.routes['GET /task/5/get-card'] = { status: 403, code: 'access_denied' };
    server.routes['GET /task/6/get-card'] = { status: 404, code: 'task_not_found' };
    await store.onTaskUpdate({ taskId: 5, projectId: 1, dateUpdate: 200 });
    await store.onTaskUpdate({ taskId: 6, projectId: 1, dateUpdate: 200 });
    expect(store.cards.size).toBe(0);
  });

  it('creates a task in column 1 and holds its card', async () => {
    server.routes['GET /project/1/tasks'] = { data: [] };
    await store.load(1);
    server.routes['POST /project/1/new-task'] = ({ body }) => ({ data: card({ id: 8, name: (body as { name: string }).name }) });
    const created = await store.createTask(1, 'Landing');
    expect(created.id).toBe(8);
    expect(store.columns[1].map((c) => c.name)).toEqual(['Landing']);
  });

  it('keeps a live update that arrived while the board answer was on its way', async () => {
    server.routes['GET /project/1/tasks'] = { data: [card({ id: 5, name: 'answered', dateUpdate: 100 }), card({ id: 6, dateUpdate: 100 })] };
    const loading = store.load(1);
    store.upsert(card({ id: 5, name: 'live', dateUpdate: 300 }));
    await loading;
    expect(store.cards.get(5)?.name).toBe('live');
    expect([...store.cards.keys()]).toEqual([5, 6]);
  });

  it("takes a board answer of 10,000 cards into sorted columns of the answer's own objects", async () => {
    const answer = Array.from({ length: 10_000 }, (_, index) => card({ id: index + 1, number: index + 1, column: ((index % 4) + 1) as 1 | 2 | 3 | 4 }));
    server.routes['GET /project/1/tasks'] = { data: answer };
    await store.load(1);
    const columns = store.columns;
    expect(KANBAN_COLUMNS.map((column) => columns[column].length)).toEqual([2500, 2500, 2500, 2500]);
    // Newest number first; the cards are the answer's own objects.
    expect(columns[4][0]).toMatchObject({ id: 10_000, number: 10_000 });
    expect(isObservable(columns[4][0])).toBe(false);
  });

  it('reports every rootError card of one answer, each once', async () => {
    server.routes['GET /project/1/tasks'] = { data: [card({ id: 5, color: 'rootError' }), card({ id: 6, color: 'rootError' }), card({ id: 7 })] };
    await store.load(1);
    await store.load(1);
    expect(beacons.map((beacon) => (JSON.parse(beacon) as { message: string }).message)).toEqual([
      expect.stringContaining('task 5 '),
      expect.stringContaining('task 6 '),
    ]);
  });

  it('reports a rootError card once per task, project and user', async () => {
    const broken = card({ id: 5, color: 'rootError' });
    server.routes['GET /project/1/tasks'] = { data: [broken] };
    await store.load(1);
    await store.load(1);
    store.upsert({ ...broken, dateUpdate: 300 });
    expect(beacons).toHaveLength(1);
    expect(JSON.parse(beacons[0]!)).toMatchObject({ code: 'card_root_error' });
    // Another user on the same browser is reported on their own.
    const other = new BoardStore(
      () => 'client',
      () => 8,
    );
    await other.load(1);
    expect(beacons).toHaveLength(2);
  });

  it("reads a card again for someone else's new message, and takes its own message's move without a read", async () => {
    const clientMove = { who: 'client' as const, since: 1_700_000_100 };
    store.upsert(card({ id: 4, unreadMessageCounters: { main: { count: 2 }, work: { count: 1 } }, whoseMove: null }));
    server.routes['GET /task/4/get-card'] = { data: card({ id: 4, unreadMessageCounters: { main: { count: 3 }, work: { count: 1 } }, whoseMove: clientMove }) };
    await store.onTaskChats({ taskId: 4, chatId: 40, madeBy: 8, key: 'main', whoseMove: clientMove });
    expect(server.requests.map((request) => request.path)).toEqual(['/task/4/get-card']);
    expect(store.cards.get(4)?.unreadMessageCounters.main.count).toBe(3);

    // The viewer (7) wrote in the work chat: it is read up to there, and the move is the event's.
    const managerMove = { who: 'manager' as const, since: 1_700_000_200 };
    await store.onTaskChats({ taskId: 4, chatId: 41, madeBy: 7, key: 'work', whoseMove: managerMove });
    expect(server.requests).toHaveLength(1);
    expect(store.cards.get(4)).toMatchObject({ whoseMove: managerMove, unreadMessageCounters: { main: { count: 3 }, work: { count: 0 } } });
  });

  it('reads once more for messages that came while a read of the card was under way, and shows the last count', async () => {
    store.upsert(card({ id: 6, unreadMessageCounters: { main: { count: 1 }, work: { count: 0 } } }));
    // The server answers the first read as it was before the later messages, every later read after them.
    let served = 0;
    server.routes['GET /task/6/get-card'] = () => {
      served += 1;
      return { data: card({ id: 6, unreadMessageCounters: { main: { count: served === 1 ? 2 : 4 }, work: { count: 0 } } }) };
    };
    const event = { taskId: 6, chatId: 60, madeBy: 8, key: 'main' as const, whoseMove: null };
    await Promise.all([store.onTaskChats(event), store.onTaskChats(event), store.onTaskChats(event)]);
    expect(served).toBe(2);
    expect(store.cards.get(6)?.unreadMessageCounters.main.count).toBe(4);
  });
});
