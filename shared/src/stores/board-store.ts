/**
 * The cards of the board being shown. A card is replaced only by a version at least as new as the
 * one held (spec 4), so a late answer cannot undo a live update.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { KANBAN_COLUMNS, type ColumnSet, type KanbanColumn, type TaskCard } from '@negayno/shared/contract';
import { api } from '@negayno/shared/api';
import type { LoadStatus } from './projects-store.js';

export class BoardStore {
  readonly cards = observable.map<number, TaskCard>();
  projectId: number | null = null;
  status: LoadStatus = 'idle';

  constructor(private readonly columnSet: () => ColumnSet) {
    makeAutoObservable<BoardStore, 'columnSet'>(this, { columnSet: false });
  }

  async load(projectId: number): Promise<void> {
    if (this.projectId !== projectId) {
      this.cards.clear();
      this.projectId = projectId;
      this.status = 'loading';
    }
    try {
      const cards = await api.get<TaskCard[]>(`/project/${projectId}/tasks`, { name: `get-project-tasks-${projectId}` });
      runInAction(() => {
        if (this.projectId !== projectId) return;
        this.cards.clear();
        for (const card of cards) this.cards.set(card.id, card);
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
      });
      throw error;
    }
  }

  /** Adds or replaces a card unless the held one is newer. */
  upsert(card: TaskCard): void {
    const held = this.cards.get(card.id);
    if (held && held.dateUpdate > card.dateUpdate) return;
    if (card.column === null) this.cards.delete(card.id);
    else this.cards.set(card.id, card);
  }

  remove(taskId: number): void {
    this.cards.delete(taskId);
  }

  /** Cards per column 1-4. Client roles sort columns 1 and 2 by importance, highest first. */
  get columns(): Record<KanbanColumn, TaskCard[]> {
    const byColumn = { 1: [], 2: [], 3: [], 4: [] } as Record<KanbanColumn, TaskCard[]>;
    for (const card of this.cards.values()) if (card.column) byColumn[card.column].push(card);
    const clientSort = this.columnSet() === 'client';
    for (const column of KANBAN_COLUMNS) {
      byColumn[column].sort((a, b) => {
        if (clientSort && column <= 2 && a.importance !== b.importance) return b.importance - a.importance;
        return b.number - a.number;
      });
    }
    return byColumn;
  }

  clear(): void {
    this.cards.clear();
    this.projectId = null;
    this.status = 'idle';
  }
}
