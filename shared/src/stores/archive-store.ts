/** The archive drawer's list: archived tasks of one project or of the viewer, 20 a page (decisions 1). */
import { makeAutoObservable, runInAction } from 'mobx';
import { endpoints, type ArchivedTask, type ArchivePage } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { settle, type LoadStatus } from './load.js';

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
    const result = await settle(this.page(undefined, this.requestName()));
    runInAction(() => {
      if (result.status === 'ready') {
        this.list = result.answer.list;
        this.hasMore = result.answer.hasMore;
      }
      this.status = result.status;
    });
    if (result.status !== 'ready') throw result.error;
  }

  /** The next page after the last item held ("show more"). */
  async more(): Promise<void> {
    const last = this.list[this.list.length - 1];
    if (!last || !this.hasMore || this.loadingMore) return;
    this.loadingMore = true;
    try {
      const page = await this.page(last.id, `${this.requestName()}-${last.id}`);
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

  /** The first page, or the one after `backFrom`, of the scope's archive. */
  private page(backFrom: number | undefined, name: string): Promise<ArchivePage> {
    const { tasks } = endpoints;
    if (this.scope.kind === 'user') {
      return backFrom === undefined ? call(tasks.archive, {}, { name }) : call(tasks.archiveFrom, { params: { backFrom } }, { name });
    }
    const id = this.scope.projectId;
    return backFrom === undefined
      ? call(tasks.projectArchive, { params: { id } }, { name })
      : call(tasks.projectArchiveFrom, { params: { id, backFrom } }, { name });
  }

  private requestName(): string {
    return this.scope.kind === 'project' ? `get-archive-${this.scope.projectId}` : 'get-archive';
  }
}
