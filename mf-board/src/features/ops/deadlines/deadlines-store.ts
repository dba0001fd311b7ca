/** The console's deadlines: overdue tasks by the person who is to move them on, and projects past the staffing SLA. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { makeAutoObservable, runInAction } from 'mobx';
import { type OpsDeadlines, type OverdueTask, type WATCHED_EXPIRATIONS } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { settle, type LoadStatus } from '@negayno/shared/stores';

export type WatchedStatus = (typeof WATCHED_EXPIRATIONS)[number];

export interface OverdueGroup {
  /** The responsible person's id, or 0 for the tasks nobody is attached to. */
  id: number;
  person: OverdueTask['responsible'];
  tasks: OverdueTask[];
}

/** Groups shown at once; "show more" adds as many again. */
export const DEADLINE_GROUPS_PAGE = 20;

export class DeadlinesStore {
  status: LoadStatus = 'idle';
  data: OpsDeadlines = { tasks: [], projects: [] };
  statusFilter: WatchedStatus | '' = '';
  query = '';
  shown = DEADLINE_GROUPS_PAGE;

  constructor() {
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    this.status = 'loading';
    const result = await settle(call(opsEndpoints.deadlines, {}, { name: 'ops-deadlines', quiet: true }));
    runInAction(() => {
      if (result.status === 'ready') this.data = result.answer;
      this.status = result.status;
    });
  }

  setStatusFilter(value: WatchedStatus | ''): void {
    this.statusFilter = value;
    this.shown = DEADLINE_GROUPS_PAGE;
  }

  setQuery(value: string): void {
    this.query = value;
    this.shown = DEADLINE_GROUPS_PAGE;
  }

  more(): void {
    this.shown += DEADLINE_GROUPS_PAGE;
  }

  /** The overdue tasks the filters leave, by responsible person, the longest overdue first; nobody's tasks first of all. */
  get groups(): OverdueGroup[] {
    const query = this.query.trim().toLowerCase();
    const tasks = this.data.tasks.filter(
      (task) =>
        (this.statusFilter === '' || task.status === this.statusFilter) &&
        (query === '' ||
          `${task.name} ${task.project.name} ${task.responsible ? `${task.responsible.firstname} ${task.responsible.lastname}` : ''}`
            .toLowerCase()
            .includes(query)),
    );
    const groups = new Map<number, OverdueGroup>();
    for (const task of [...tasks].sort((a, b) => a.dateExpired - b.dateExpired)) {
      const id = task.responsible?.id ?? 0;
      const group = groups.get(id) ?? { id, person: task.responsible, tasks: [] };
      group.tasks.push(task);
      groups.set(id, group);
    }
    return [...groups.values()].sort((a, b) => (a.id === 0 ? -1 : b.id === 0 ? 1 : b.tasks.length - a.tasks.length));
  }

  get visibleGroups(): OverdueGroup[] {
    return this.groups.slice(0, this.shown);
  }

  get hasMore(): boolean {
    return this.groups.length > this.shown;
  }
}
