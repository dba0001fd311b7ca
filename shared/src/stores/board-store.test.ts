import type { ColumnSet, TaskCard } from '@negayno/shared/contract';
import { BoardStore } from './board-store';

function card(overrides: Partial<TaskCard>): TaskCard {
  return {
    id: 1,
    number: 1,
    name: 'Task',
    status: 'draft',
    column: 1,
    project: { id: 1, name: 'P' },
    author: { id: 1, firstname: 'A', lastname: 'B' },
    importance: 0,
    negayno: false,
    color: null,
    unreadMessageCounters: { main: { count: 0 }, work: { count: 0 } },
    chats: {},
    managers: [],
    performers: [],
    paused: false,
    deletionRequested: false,
    attachmentCount: 0,
    dateCreate: 1,
    dateUpdate: 100,
    datePublish: null,
    dateArchived: null,
    dateStartDiscuss: null,
    dateDeadline: null,
    datePause: null,
    dateExpiration: null,
    ...overrides,
  };
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

  it('sorts client columns 1 and 2 by importance, highest first, and the rest by number', () => {
    store.upsert(card({ id: 1, number: 1, importance: 1 }));
    store.upsert(card({ id: 2, number: 2, importance: 4 }));
    store.upsert(card({ id: 3, number: 3, importance: 0 }));
    store.upsert(card({ id: 4, number: 4, importance: 4, column: 3 }));
    store.upsert(card({ id: 5, number: 5, importance: 0, column: 3 }));
    expect(store.columns[1].map((c) => c.id)).toEqual([2, 1, 3]);
    expect(store.columns[3].map((c) => c.id)).toEqual([5, 4]);
  });

  it('does not sort by importance for staff column sets', () => {
    set = 'estimation';
    store.upsert(card({ id: 1, number: 1, importance: 4 }));
    store.upsert(card({ id: 2, number: 2, importance: 0 }));
    expect(store.columns[1].map((c) => c.id)).toEqual([2, 1]);
  });
});
