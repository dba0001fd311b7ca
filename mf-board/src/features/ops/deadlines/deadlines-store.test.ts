import type { OverdueTask } from '@negayno/shared/contract';
import { DEADLINE_GROUPS_PAGE, DeadlinesStore } from './deadlines-store';

const task = (id: number, responsible: OverdueTask['responsible'], overrides: Partial<OverdueTask> = {}): OverdueTask => ({
  id,
  number: id,
  name: `Task ${id}`,
  status: 'published',
  project: { id: 1, name: 'Shop' },
  dateExpired: 1_700_000_000 + id,
  responsible,
  ...overrides,
});

describe('DeadlinesStore', () => {
  it('groups overdue tasks by person, the unattached first, then the most loaded, the longest overdue first within', () => {
    const store = new DeadlinesStore();
    const anna = { id: 1, firstname: 'Anna', lastname: 'Am', role: 'am' };
    const petro = { id: 2, firstname: 'Petro', lastname: 'Pm', role: 'pm' };
    store.data = { tasks: [task(5, anna), task(3, petro), task(4, petro), task(9, null)], projects: [] };
    expect(store.groups.map((group) => [group.id, group.tasks.map((one) => one.id)])).toEqual([
      [0, [9]],
      [2, [3, 4]],
      [1, [5]],
    ]);
    store.setStatusFilter('testing');
    expect(store.groups).toEqual([]);
    store.setStatusFilter('');
    store.setQuery('petro');
    expect(store.groups.map((group) => group.id)).toEqual([2]);
  });

  it('shows the groups a page at a time', () => {
    const store = new DeadlinesStore();
    store.data = {
      tasks: Array.from({ length: DEADLINE_GROUPS_PAGE + 3 }, (_, index) =>
        task(index + 1, { id: index + 1, firstname: 'P', lastname: `${index}`, role: 'pm' }),
      ),
      projects: [],
    };
    expect(store.visibleGroups).toHaveLength(DEADLINE_GROUPS_PAGE);
    expect(store.hasMore).toBe(true);
    store.more();
    expect(store.visibleGroups).toHaveLength(DEADLINE_GROUPS_PAGE + 3);
    expect(store.hasMore).toBe(false);
  });
});
