/** The task shown in the drawer and its header edits. It forgets the task when the session ends. */
import { call } from '@negayno/shared/api';
import { endpoints, type Importance, type Task } from '@negayno/shared/contract';
import { rootStore, settle, type LoadStatus } from '@negayno/shared/stores';
import { makeAutoObservable, runInAction } from 'mobx';

export class TaskDrawerStore {
  task: Task | null = null;
  status: LoadStatus = 'idle';
  private loadingId: number | null = null;

  constructor() {
    makeAutoObservable<TaskDrawerStore, 'loadingId'>(this, { loadingId: false });
    rootStore.session.onCleared(() => this.clear());
  }

  /**
   * Loads a task; 403 and 404 end as 'gone' so the view can send the user home (spec 8), and so does
   * an id no task can have (an address like /task/abc), without asking the server.
   */
  async load(id: number): Promise<LoadStatus> {
    if (!Number.isSafeInteger(id) || id < 1) {
      this.clear();
      this.status = 'gone';
      return this.status;
    }
    this.loadingId = id;
    if (this.task?.id !== id) {
      this.task = null;
      this.status = 'loading';
    }
    const result = await settle(call(endpoints.tasks.get, { params: { id } }, { name: `get-task-${id}` }));
    if (this.loadingId !== id) return this.status;
    runInAction(() => {
      if (result.status === 'ready') this.task = result.answer;
      this.status = result.status;
    });
    return this.status;
  }

  /** Saved on blur (spec 2): only a non-empty name that differs; a refusal leaves the old name shown. */
  async rename(name: string): Promise<void> {
    const task = this.task;
    const trimmed = name.trim();
    if (!task || !trimmed || trimmed === task.name) return;
    const result = await settle(call(endpoints.taskEditing.rename, { params: { id: task.id }, body: { name: trimmed } }));
    if (result.status === 'ready') this.apply(result.answer);
  }

  async setImportance(importance: Importance): Promise<void> {
    const task = this.task;
    if (!task || importance === task.importance) return;
    const result = await settle(call(endpoints.taskEditing.updateImportance, { params: { id: task.id }, body: { importance } }));
    if (result.status === 'ready') this.apply(result.answer);
  }

  /** An answer replaces the task only if it is the same task and not older than the one shown. */
  apply(task: Task): void {
    if (this.task?.id === task.id && task.dateUpdate >= this.task.dateUpdate) this.task = task;
  }

  /**
   * A life-cycle step's answer for the task (issue 32): the task as it is after the step, or null when
   * the step deleted it or took it out of the viewer's sight ('gone': the drawer goes home).
   */
  applyStep(taskId: number, task: Task | null): void {
    if ((this.task?.id ?? this.loadingId) !== taskId) return;
    if (task) {
      this.apply(task);
      this.status = 'ready';
    } else {
      this.task = null;
      this.status = 'gone';
    }
  }

  clear(): void {
    this.loadingId = null;
    this.task = null;
    this.status = 'idle';
  }
}

/** One drawer per page; the store outlives remounts of the drawer so reopening is instant. */
export const taskDrawerStore = new TaskDrawerStore();
