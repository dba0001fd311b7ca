/** The task shown in the drawer. It forgets the task when the session ends. */
import { ApiError, api } from '@negayno/shared/api';
import type { Task } from '@negayno/shared/contract';
import { rootStore } from '@negayno/shared/stores';
import { makeAutoObservable, runInAction } from 'mobx';

export type TaskLoadStatus = 'idle' | 'loading' | 'ready' | 'gone' | 'error';

export class TaskDrawerStore {
  task: Task | null = null;
  status: TaskLoadStatus = 'idle';
  private loadingId: number | null = null;

  constructor() {
    makeAutoObservable<TaskDrawerStore, 'loadingId'>(this, { loadingId: false });
    rootStore.session.onCleared(() => this.clear());
  }

  /** Loads a task; 403 and 404 end as 'gone' so the view can send the user home (spec 8). */
  async load(id: number): Promise<TaskLoadStatus> {
    this.loadingId = id;
    if (this.task?.id !== id) {
      this.task = null;
      this.status = 'loading';
    }
    try {
      const task = await api.get<Task>(`/task/${id}`, { name: `get-task-${id}` });
      if (this.loadingId !== id) return this.status;
      runInAction(() => {
        this.task = task;
        this.status = 'ready';
      });
    } catch (error) {
      if (this.loadingId !== id) return this.status;
      const gone = error instanceof ApiError && (error.status === 403 || error.status === 404);
      runInAction(() => {
        this.status = gone ? 'gone' : 'error';
      });
    }
    return this.status;
  }

  clear(): void {
    this.loadingId = null;
    this.task = null;
    this.status = 'idle';
  }
}

/** One drawer per page; the store outlives remounts of the drawer so reopening is instant. */
export const taskDrawerStore = new TaskDrawerStore();
