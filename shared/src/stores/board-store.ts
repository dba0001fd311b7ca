/**
 * The cards of the board being shown: one project's board, or a staff member's board across all
 * their projects. A card is replaced only by a version at least as new as the one held (spec 4), so
 * a late answer cannot undo a live update.
 */
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  KANBAN_COLUMNS,
  endpoints,
  ownMessageEvent,
  type ColumnSet,
  type ServerEvent,
  type KanbanColumn,
  type TaskCard,
  type TaskFilter,
} from '@negayno/shared/contract';
import { TASK_FILTER_KEYS, filterQuery, parseFilter } from '@negayno/shared/contract/task-filter';
import { call, isOwnEcho, sendLog } from '@negayno/shared/api';
import { readStorage, STORAGE_KEYS, writeStorage } from '@negayno/shared/lib';
import { settle, type Loaded, type LoadStatus } from './load.js';
import { SharedReads } from './shared-reads.js';

// The board filter's query, as the page's preload hints build it too (out of the contract's index, which
// every first screen shares whole: only the board and the server need it).
export { filterQuery, parseFilter };

/** Which board is shown: one project's, or every project the viewer sees (the staff home). */
export type BoardScope = { kind: 'project'; projectId: number } | { kind: 'all' };

export class BoardStore {
  /**
   * The cards by id, as the server answered them: one immutable map replaced whole by each change. A
   * board answer of 10,000 cards becomes one assignment, where an observable map made each card (and
   * each of its fields) observable at a cost that grew with the board (the render benchmark); a live
   * change copies the map, which is small beside the sort of the columns it causes anyway.
   */
  cards: ReadonlyMap<number, TaskCard> = new Map();
  scope: BoardScope | null = null;
  filter: TaskFilter = {};
  status: LoadStatus = 'idle';
  creating = false;
  /** Counts the answers that replaced the cards, so a view can tell a fresh load from a live change. */
  loads = 0;
  /** Reads of one card for its chats' counters, one more after each burst of messages (shared-reads.ts). */
  private readonly chatCardReads = new SharedReads<number, Loaded<TaskCard>>((taskId) =>
    settle(call(endpoints.tasks.card, { params: { id: taskId } }, { quiet: true })),
  );

  constructor(
    private readonly columnSet: () => ColumnSet,
    private readonly userId: () => number | null = () => null,
  ) {
    makeAutoObservable<BoardStore, 'columnSet' | 'userId' | 'chatCardReads'>(this, {
      cards: observableRef,
      columnSet: false,
      userId: false,
      chatCardReads: false,
    });
  }

  /** The project of a project board; null on the all-projects board. */
  get projectId(): number | null {
    return this.scope?.kind === 'project' ? this.scope.projectId : null;
  }

  /** One project's board, filtered by number and name. */
  load(projectId: number, filter: TaskFilter = {}): Promise<void> {
    return this.fetch({ kind: 'project', projectId }, filter);
  }

  /** The board across every project the viewer sees (the staff home and the filter panel's query). */
  loadAll(filter: TaskFilter = {}): Promise<void> {
    return this.fetch({ kind: 'all' }, filter);
  }

  /** Asks again for the board shown, as it is scoped and filtered (the retry of a failed load). */
  reload(): Promise<void> {
    return this.scope ? this.fetch(this.scope, this.filter) : Promise.resolve();
  }

  /** Adds or replaces a card unless the held one is newer; a card the filter excludes is not added. */
  upsert(card: TaskCard): void {
    const held = this.cards.get(card.id);
    if (held && held.dateUpdate > card.dateUpdate) return;
    if (card.column === null || !this.inScope(card)) this.remove(card.id);
    else {
      this.cards = withCard(this.cards, card);
      this.reportRootError(card);
    }
  }

  remove(taskId: number): void {
    if (this.cards.has(taskId)) this.cards = withoutCard(this.cards, taskId);
  }

  /** A new draft in column 1 (administrators and users); answers the card so the caller opens it. */
  async createTask(projectId: number, name: string): Promise<TaskCard> {
    this.creating = true;
    try {
      const card = await call(endpoints.tasks.create, { params: { id: projectId }, body: { name } }, { name: `new-task-${projectId}` });
      runInAction(() => this.upsert(card));
      return card;
    } finally {
      runInAction(() => {
        this.creating = false;
      });
    }
  }

  /**
   * A `task.update` event: refetch the card unless the held one is newer; a card as new or newer
   * replaces it; 403/404 means the viewer no longer sees it. `dateUpdate` is in whole seconds, so an
   * event of the same second as the held card may carry a later change (two files dropped at once).
   */
  async onTaskUpdate(event: ServerEvent<'task.update'>): Promise<void> {
    // A step of this tab put its answer's card here already (issue 32).
    if (!this.shows(event.projectId) || isOwnEcho(event, this.userId())) return;
    const held = this.cards.get(event.taskId);
    if (held && held.dateUpdate > event.dateUpdate) return;
    const result = await settle(call(endpoints.tasks.card, { params: { id: event.taskId } }, { quiet: true }));
    runInAction(() => {
      if (result.status === 'ready') this.upsert(result.answer);
      else if (result.status === 'gone') this.remove(event.taskId);
    });
  }

  /**
   * `task.chats.update` (a new message): the card's unread counters and whose move changed, which are
   * the viewer's own and do not move the card's `dateUpdate`, so the card is read again and taken as is.
   * The viewer's own message changed only whose move (the event says) and left its chat read: nothing
   * is read then.
   */
  async onTaskChats(event: ServerEvent<'task.chats.update'>): Promise<void> {
    if (isOwnEcho(event, this.userId())) return;
    const own = ownMessageEvent(event, this.userId());
    if (own) {
      const held = this.cards.get(event.taskId);
      if (held) {
        const unreadMessageCounters = { ...held.unreadMessageCounters, [own.key]: { count: 0 } };
        this.cards = withCard(this.cards, { ...held, whoseMove: own.whoseMove, unreadMessageCounters });
      }
      return;
    }
    if (!this.cards.has(event.taskId)) return;
    const result = await this.chatCardReads.afterChange(event.taskId);
    runInAction(() => {
      const held = this.cards.get(event.taskId);
      if (result.status === 'ready' && held && result.answer.dateUpdate >= held.dateUpdate) this.cards = withCard(this.cards, result.answer);
    });
  }

  /** A viewed mark's answer: the card's unread counters without another request. */
  setUnread(taskId: number, counters: TaskCard['unreadMessageCounters']): void {
    const held = this.cards.get(taskId);
    if (held) this.cards = withCard(this.cards, { ...held, unreadMessageCounters: counters });
  }

  /** Whether this board shows a project's tasks (and so listens to its room). */
  shows(projectId: number): boolean {
    if (!this.scope) return false;
    if (this.scope.kind === 'project') return this.scope.projectId === projectId;
    return !this.filter.projectId || Number(this.filter.projectId) === projectId;
  }

  /** Cards per column 1-4 in the viewer's sort order (decisions 3): one pass to group, one sort per column. */
  get columns(): Record<KanbanColumn, TaskCard[]> {
    const byColumn = { 1: [], 2: [], 3: [], 4: [] } as Record<KanbanColumn, TaskCard[]>;
    for (const card of this.cards.values()) if (card.column) byColumn[card.column].push(card);
    const set = this.columnSet();
    for (const column of KANBAN_COLUMNS) byColumn[column].sort(set === 'client' ? clientOrder(column) : staffOrder);
    return byColumn;
  }

  /**
   * The tasks per project as this board holds them, live (issue 33: the sidebar's counter lagged the
   * board after a task was created): only once the board is read whole, unfiltered; null otherwise.
   * A project board counts its own project; the all-projects board each project it holds cards of.
   */
  get taskCounts(): ReadonlyMap<number, number> | null {
    if (!this.scope || this.status !== 'ready' || this.hasFilter) return null;
    const counts = new Map<number, number>();
    if (this.scope.kind === 'project') counts.set(this.scope.projectId, 0);
    for (const card of this.cards.values()) if (card.column !== null) counts.set(card.project.id, (counts.get(card.project.id) ?? 0) + 1);
    return counts;
  }

  get hasFilter(): boolean {
    return TASK_FILTER_KEYS.some((key) => Boolean(this.filter[key]));
  }

  clear(): void {
    this.cards = new Map();
    this.scope = null;
    this.filter = {};
    this.status = 'idle';
  }

  private async fetch(scope: BoardScope, filter: TaskFilter): Promise<void> {
    const key = scopeKey(scope);
    const query = filterQuery(scope.kind === 'all' ? filter : { ...filter, projectId: undefined });
    if (!this.scope || scopeKey(this.scope) !== key) {
      this.cards = new Map();
      this.status = 'loading';
    } else if (query !== filterQuery(this.filter) || this.status === 'error') this.status = 'loading';
    this.scope = scope;
    // The filter as parsed back from its query: trimmed, non-empty values in a fixed order.
    const applied = parseFilter(new URLSearchParams(query));
    this.filter = applied;
    const options = { name: `get-tasks-${key}-${query}` };
    const request =
      scope.kind === 'project'
        ? call(endpoints.tasks.board, { params: { id: scope.projectId }, query: applied }, options)
        : call(endpoints.tasks.boardOfAll, { query: applied }, options);
    const result = await settle(request);
    runInAction(() => {
      if (result.status !== 'ready') {
        // Only the request still wanted says the board failed; a stale one's failure is no news.
        if (this.scope && scopeKey(this.scope) === key && filterQuery(this.filter) === query) this.status = result.status;
        return;
      }
      if (!this.scope || scopeKey(this.scope) !== key || filterQuery(this.filter) !== query) return;
      markBoardData();
      this.cards = this.newestOf(result.answer);
      this.reportRootErrors(result.answer);
      this.status = 'ready';
      this.loads += 1;
    });
    if (result.status !== 'ready') throw result.error;
  }

  /** Whether a card belongs on the board shown: its scope and the applied filter (spec 2 "Filter panel"). */
  private inScope(card: TaskCard): boolean {
    if (this.scope && !this.shows(card.project.id)) return false;
    const { taskNumber, taskName, text } = this.filter;
    if (taskNumber && !String(card.number).startsWith(taskNumber)) return false;
    if (taskName && !card.name.toLowerCase().includes(taskName.toLowerCase())) return false;
    // The text filter's match is the server's (the description is not on the card): a card the board
    // holds stays; a new one comes only when its name or number has every typed word start.
    if (text && !this.cards.has(card.id) && !hasWordStarts(`${card.number} ${card.name}`, text)) return false;
    return true;
  }

  /**
   * The answer's cards by id, each unless the held one is newer: a live update that arrived while the
   * request was in flight is not undone by its late answer.
   */
  private newestOf(answer: TaskCard[]): Map<number, TaskCard> {
    const newest = new Map<number, TaskCard>();
    for (const card of answer) {
      const held = this.cards.get(card.id);
      newest.set(card.id, held && held.dateUpdate > card.dateUpdate ? held : card);
    }
    return newest;
  }

  private reportRootError(card: TaskCard): void {
    this.reportRootErrors([card]);
  }

  /**
   * Cards whose dates contradict their status are reported once per task, project and user (spec 4).
   * The reported keys are read once per batch: a board answer may hold thousands of cards.
   */
  private reportRootErrors(cards: TaskCard[]): void {
    const broken = cards.filter((card) => card.color === 'rootError');
    if (broken.length === 0) return;
    const user = this.userId() ?? 0;
    const key = (card: TaskCard) => `${card.id}:${card.project.id}:${user}`;
    const reported = readReported();
    const known = new Set(reported);
    const fresh = broken.filter((card) => !known.has(key(card)));
    if (fresh.length === 0) return;
    writeStorage(STORAGE_KEYS.reportedErrors, JSON.stringify([...reported, ...fresh.map(key)]));
    for (const card of fresh) sendLog('card_root_error', `task ${card.id} project ${card.project.id} user ${user} status ${card.status}`);
  }
}

/** The cards with one added or replaced (or, below, removed), as a new map: the cards are never changed in place. */
function withCard(cards: ReadonlyMap<number, TaskCard>, card: TaskCard): Map<number, TaskCard> {
  return new Map(cards).set(card.id, card);
}

function withoutCard(cards: ReadonlyMap<number, TaskCard>, taskId: number): Map<number, TaskCard> {
  const next = new Map(cards);
  next.delete(taskId);
  return next;
}

function clientOrder(column: KanbanColumn) {
  return (a: TaskCard, b: TaskCard): number => {
    if (column <= 2 && a.importance !== b.importance) return b.importance - a.importance;
    return b.number - a.number;
  };
}

/** Staff: the nearest expiration first, cards without one last, then the newest number. */
function staffOrder(a: TaskCard, b: TaskCard): number {
  if (a.dateExpiration !== b.dateExpiration) {
    if (a.dateExpiration === null) return 1;
    if (b.dateExpiration === null) return -1;
    return a.dateExpiration - b.dateExpiration;
  }
  return b.number - a.number;
}

function scopeKey(scope: BoardScope): string {
  return scope.kind === 'project' ? `project-${scope.projectId}` : 'all';
}

/** Whether every word of `typed` starts a word of `text` (the search's word starts, without its typos). */
function hasWordStarts(text: string, typed: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return (typed.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).every((part) => words.some((word) => word.startsWith(part)));
}

function readReported(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.reportedErrors) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Performance mark: the tasks answer arrived (the render benchmark measures from here to paint). */
function markBoardData(): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('board:data');
}
