/** The archive drawer's list: archived tasks of one project or of the viewer, 20 a page (decisions 1). */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ArchivedTask, ArchivePage } from '@negayno/shared/contract';
import { api } from '@negayno/shared/api';
import type { LoadStatus } from './projects-store.js';

export type ArchiveScope = { kind: 'project'; projectId: number } | { kind: 'user' };

export class ArchiveStore {
  list: ArchivedTask[] = [];
  hasMore = false;
  status: LoadStatus = 'idle';
  loadingMore = false;

  constructor(private readonly scope: ArchiveScope) {
    makeAutoObservable<ArchiveStore, 'scope'>(this, { scope: false });
  }

  /** The first page, replacing what was held. */
  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const page = await api.get<ArchivePage>(this.path(), { name: this.requestName() });
      runInAction(() => {
        this.list = page.list;
        this.hasMore = page.hasMore;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
      });
      throw error;
    }
  }

  /** The next page after the last item held ("show more"). */
  async more(): Promise<void> {
    const last = this.list[this.list.length - 1];
    if (!last || !this.hasMore || this.loadingMore) return;
    this.loadingMore = true;
    try {
      const page = await api.get<ArchivePage>(this.path(last.id), { name: `${this.requestName()}-${last.id}` });
      runInAction(() => {
        const held = new Set(this.list.map((task) => task.id));
        this.list = [...this.list, ...page.list.filter((task) => !held.has(task.id))];
        this.hasMore = page.hasMore;
      });
    } finally {
      runInAction(() => {
        this.loadingMore = false;
      });
    }
  }

  private path(backFrom?: number): string {
    const base = this.scope.kind === 'project' ? `/project/${this.scope.projectId}/archive` : '/archive';
    return backFrom === undefined ? base : `${base}/${backFrom}`;
  }

  private requestName(): string {
    return this.scope.kind === 'project' ? `get-archive-${this.scope.projectId}` : 'get-archive';
  }
}
