/**
 * The drawer's description and its history (spec 4): shown from the local 'descriptions' cache at
 * once, then from the server; saved by the editor's save rules; the 'saved' tick for 2 s; the history
 * reloaded after each save.
 */
import { call } from '@negayno/shared/api';
import { endpoints, type DescriptionHistoryEntry } from '@negayno/shared/contract';
import { rootStore, settle, type LoadStatus } from '@negayno/shared/stores';
import { makeAutoObservable, runInAction } from 'mobx';
import { cacheDescription, cachedDescription } from '../descriptions-cache';

export const SAVED_TICK_MS = 2000;

export class DescriptionStore {
  taskId: number | null = null;
  description = '';
  /** Bumped when the description comes from elsewhere (load, live event), so the editor takes it in. */
  revision = 0;
  saving = false;
  saved = false;
  history: DescriptionHistoryEntry[] = [];
  historyStatus: LoadStatus = 'idle';
  private savedTimer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    makeAutoObservable<DescriptionStore, 'savedTimer'>(this, { savedTimer: false });
    rootStore.session.onCleared(() => this.show(null, ''));
  }

  /** The task's description as the task answer carried it (or the cache, while that answer is on its way). */
  show(taskId: number | null, description: string | null): void {
    if (taskId !== this.taskId) {
      this.history = [];
      this.historyStatus = 'idle';
    }
    this.taskId = taskId;
    const text = description ?? (taskId === null ? '' : (cachedDescription(taskId) ?? ''));
    if (text !== this.description || description === null) {
      this.description = text;
      this.revision += 1;
    }
    if (taskId !== null && description !== null) cacheDescription(taskId, description);
  }

  /**
   * After a live `task.update`, with the task's `can.edit` as read again: the history, if it was shown,
   * may have grown in another browser. Once the task may no longer be edited (it left column 1) the
   * history is not the viewer's to read: nothing is asked (the server would answer 403), and it is dropped.
   */
  refreshHistory(allowed: boolean): void {
    if (!allowed) {
      this.history = [];
      this.historyStatus = 'idle';
      return;
    }
    if (this.historyStatus !== 'idle') void this.loadHistory();
  }

  /** Sends an already cleaned text (see save-rules.ts); true when the server stored it. */
  async save(description: string): Promise<boolean> {
    const taskId = this.taskId;
    if (taskId === null) return false;
    this.saving = true;
    const result = await settle(call(endpoints.taskEditing.updateDescription, { params: { id: taskId }, body: { description } }));
    runInAction(() => {
      this.saving = false;
      if (result.status !== 'ready' || this.taskId !== taskId) return;
      this.description = result.answer.description;
      cacheDescription(taskId, result.answer.description);
      this.tick();
    });
    if (result.status === 'ready') void this.loadHistory();
    return result.status === 'ready';
  }

  async loadHistory(): Promise<void> {
    const taskId = this.taskId;
    if (taskId === null) return;
    if (this.history.length === 0) this.historyStatus = 'loading';
    const result = await settle(call(endpoints.taskEditing.descriptionHistory, { params: { id: taskId } }, { name: `get-description-history-${taskId}` }));
    runInAction(() => {
      if (this.taskId !== taskId) return;
      if (result.status === 'ready') this.history = result.answer;
      this.historyStatus = result.status;
    });
  }

  private tick(): void {
    this.saved = true;
    if (this.savedTimer) clearTimeout(this.savedTimer);
    this.savedTimer = setTimeout(
      () =>
        runInAction(() => {
          this.saved = false;
        }),
      SAVED_TICK_MS,
    );
  }
}

export const descriptionStore = new DescriptionStore();
