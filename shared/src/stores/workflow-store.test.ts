import type { TaskActions, TaskDocument, TaskLedger, TaskStep } from '@negayno/shared/contract';
import { apiServerForFile, card } from '@negayno/shared/testing';
import { TAB_ORIGIN } from '../api/echo';
import { TaskWorkflowStore } from './workflow-store';

const server = apiServerForFile();

const actions = (names: TaskActions['actions']): TaskActions => ({
  taskId: 7,
  actions: names,
  performers: [],
  seeLedger: true,
  seeEstimates: false,
  tip: false,
});
const contract = { id: 40, type: 'contract', taskId: 7 } as unknown as TaskDocument;
const ledger: TaskLedger = { currency: 'UAH', committed: 300_000, inEscrow: 300_000, released: [], refunded: 0, tips: 0 };

describe('TaskWorkflowStore: a step is one request (issue 32)', () => {
  beforeEach(() => {
    server.routes = {
      'GET /task/7/actions': { data: actions(['to-test']) },
      'GET /task/7/documents': { data: [] },
      'GET /task/7/ledger': { data: { ...ledger, committed: 0, inEscrow: 0 } },
    };
  });

  it("draws the step from its answer, hands it on, and names this tab as the call's origin", async () => {
    const handed: Array<[number, TaskStep]> = [];
    const store = new TaskWorkflowStore((taskId, step) => handed.push([taskId, step]));
    await store.load(7);
    const step: TaskStep = {
      card: card(7, 3, { status: 'testing' }),
      task: null,
      actions: actions(['pause']),
      documents: [contract],
      ledger,
      estimates: [],
      chats: null,
    };
    server.routes['POST /task/7/action/to-test'] = { data: step };
    server.requests.length = 0;

    expect(await store.act('to-test', {})).toEqual({ ok: true });

    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /task/7/action/to-test']);
    expect(server.requests[0]!.headers['x-negayno-origin']).toBe(TAB_ORIGIN);
    expect(store.actions?.actions).toEqual(['pause']);
    expect(store.contract).toEqual(contract);
    expect(store.ledger).toEqual(ledger);
    expect(store.pending).toBeNull();
    expect(handed).toEqual([[7, step]]);
  });

  it('keeps what it shows when the step is refused, and a read names no origin', async () => {
    const handed: number[] = [];
    const store = new TaskWorkflowStore((taskId) => handed.push(taskId));
    await store.load(7);
    expect(server.requests.every((request) => request.headers['x-negayno-origin'] === undefined)).toBe(true);
    server.routes['POST /task/7/action/to-test'] = { status: 405, code: 'method_not_allowed' };

    const result = await store.act('to-test', {});

    expect(result.ok).toBe(false);
    expect(store.actions?.actions).toEqual(['to-test']);
    expect(handed).toEqual([]);
  });

  it('a step of another task than the one shown (the drawer moved on meanwhile) is handed on but not drawn', async () => {
    const handed: number[] = [];
    const store = new TaskWorkflowStore((taskId) => handed.push(taskId));
    await store.load(7);
    server.routes['POST /task/7/action/to-test'] = {
      data: { card: null, task: null, actions: null, documents: [], ledger: null, estimates: [], chats: null } satisfies TaskStep,
      delayMs: 50,
    };
    const sent = store.act('to-test', {});
    server.routes['GET /task/8/actions'] = { data: { ...actions(['publish']), taskId: 8 } };
    server.routes['GET /task/8/documents'] = { data: [] };
    server.routes['GET /task/8/ledger'] = { data: ledger };
    await store.load(8);
    await sent;
    expect(store.actions?.actions).toEqual(['publish']);
    // The board still drops the card of a task the step took away.
    expect(handed).toEqual([7]);
  });
});
