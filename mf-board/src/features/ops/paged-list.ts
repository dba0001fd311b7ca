/**
 * One paged, filtered list of the operators' console: the first page for the filters, "show more"
 * with `backFrom` (the last item's id), a request that comes back after the filters changed is dropped.
 * Every section's store holds one; components never fetch.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Paged } from '@negayno/shared/contract';
import { settle, type LoadStatus } from '@negayno/shared/stores';

export type PageFetcher<T, F> = (filters: F, backFrom: number | undefined) => Promise<Paged<T>>;

export class PagedList<T, F extends object> {
  items: T[] = [];
  hasMore = false;
  status: LoadStatus = 'idle';
  loadingMore = false;
  moreFailed = false;
  filters: F;
  private generation = 0;

  constructor(
    private readonly fetchPage: PageFetcher<T, F>,
    private readonly idOf: (item: T) => number,
    initial: F,
  ) {
    this.filters = initial;
    makeAutoObservable<PagedList<T, F>, 'fetchPage' | 'idOf' | 'generation'>(this, { fetchPage: false, idOf: false, generation: false });
  }

  /** Changes some filters and loads the first page for them. */
  setFilters(patch: Partial<F>): Promise<void> {
    this.filters = { ...this.filters, ...patch };
    return this.load();
  }

  /** The first page, replacing what was held. */
  async load(): Promise<void> {
    const generation = ++this.generation;
    this.status = 'loading';
    this.moreFailed = false;
    const result = await settle(this.fetchPage(this.filters, undefined));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result.status === 'ready') {
        this.items = result.answer.list;
        this.hasMore = result.answer.hasMore;
      }
      this.status = result.status;
    });
  }

  /** The page after the last item held. */
  async more(): Promise<void> {
    const last = this.items[this.items.length - 1];
    if (!last || !this.hasMore || this.loadingMore) return;
    const generation = this.generation;
    this.loadingMore = true;
    this.moreFailed = false;
    const result = await settle(this.fetchPage(this.filters, this.idOf(last)));
    runInAction(() => {
      this.loadingMore = false;
      if (generation !== this.generation) return;
      if (result.status !== 'ready') {
        this.moreFailed = true;
        return;
      }
      const held = new Set(this.items.map(this.idOf));
      this.items = [...this.items, ...result.answer.list.filter((item) => !held.has(this.idOf(item)))];
      this.hasMore = result.answer.hasMore;
    });
  }

  /** Puts a changed item in place of the one with its id (or first, when it is new). */
  put(item: T): void {
    const id = this.idOf(item);
    const index = this.items.findIndex((held) => this.idOf(held) === id);
    this.items = index === -1 ? [item, ...this.items] : this.items.map((held, at) => (at === index ? item : held));
  }
}
