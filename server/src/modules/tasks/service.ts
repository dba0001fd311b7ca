import { PAGE_SIZE, type ArchivePage, type Importance, type Task, type TaskCard, type TaskFilterQuery } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { taskNumberOf, textQueryOf } from '../../db/text-search.js';
import { AppError } from '../../http/app-error.js';
import type { TaskRef } from '../../infra/realtime/changes.js';
import type { Unit, UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Notifier } from '../notifications/index.js';
import { canCreateTask, type ProjectAccess, type ProjectsService } from '../projects/index.js';
import { cardColor, colorChangesAt } from './colors.js';
import { boardScopeOf, boardStatusesOf, canEditTask, canSeeTask, columnOf, readableChatKeys, taskPermissionsOf } from './policy.js';
import { chatFactsOf, whoseMoveOf } from './whose-move.js';
import { toArchivedTask, toManagers, toTask, toTaskCard } from './presenters.js';
import {
  archivedPage,
  boardStamp,
  cardRows,
  chatsWithUnread,
  findTaskRow,
  insertTask,
  insertTasks,
  nextTaskNumber,
  reserveTaskNumbers,
  performsTask,
  updateTaskFields,
  type CardRow,
  type TaskDetailRow,
  type TaskMatch,
  type TaskSelection,
} from './repo.js';

function groupByTask<Row extends { taskId: number }>(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.taskId);
    if (group) group.push(row);
    else groups.set(row.taskId, [row]);
  }
  return groups;
}

/** The filter panel's query as conditions, or null when it can match nothing (a number that is not digits). */
function matchOf(filter: TaskFilterQuery): TaskMatch | null {
  if (filter.taskNumber !== undefined && !/^\d+$/.test(filter.taskNumber)) return null;
  // A text without a word (punctuation alone) filters nothing out, as an empty one.
  const query = filter.text === undefined ? null : textQueryOf(filter.text);
  return { numberPrefix: filter.taskNumber, nameContains: filter.taskName, text: query ? { query, number: taskNumberOf(filter.text!) } : undefined };
}

function projectIdOf(filter: TaskFilterQuery): number | null | undefined {
  if (filter.projectId === undefined) return undefined;
  return /^\d+$/.test(filter.projectId) ? Number(filter.projectId) : null;
}

/** The most drafts of one batch whose cards are told to open boards one by one (insertDrafts). */
export const LIVE_DRAFTS = 100;

/** A draft made whole at once (an import): its description already sanitised. */
export interface Draft {
  name: string;
  description: string;
  importance: Importance;
  deadline: Date | null;
}

/** What a board reads: the projects (with the viewer's access to each) and the filter panel's query. */
export interface BoardView {
  accesses: Map<number, ProjectAccess>;
  filter: TaskFilterQuery;
}

export class TasksService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly projects: ProjectsService,
    private readonly notifications: Notifier,
  ) {}

  /** Which projects the viewer's board of one project reads: project_not_found when they may not see it. */
  async projectBoard(user: AuthUser, projectId: number, filter: TaskFilterQuery = {}): Promise<BoardView> {
    const access = await this.projects.accessTo(user, projectId);
    if (!access) throw new AppError('project_not_found');
    const wanted = projectIdOf(filter);
    return { accesses: new Map(wanted === undefined || wanted === projectId ? [[projectId, access]] : []), filter };
  }

  /** Which projects the viewer's board across every project they see reads (the staff home, the filter panel). */
  async allProjectsBoard(user: AuthUser, filter: TaskFilterQuery = {}): Promise<BoardView> {
    const wanted = projectIdOf(filter);
    const accesses = new Map(
      (await this.projects.accessibleProjects(user))
        .filter((entry) => wanted === undefined || entry.relation.projectId === wanted)
        .map((entry) => [entry.relation.projectId, entry.access]),
    );
    return { accesses, filter };
  }

  /** The board's cards, and when the first of their colours changes by time alone (null: none does). */
  async boardCards(user: AuthUser, view: BoardView, now = new Date()): Promise<{ cards: TaskCard[]; colorsChangeAt: number | null }> {
    const match = matchOf(view.filter);
    if (view.accesses.size === 0 || !match) return { cards: [], colorsChangeAt: null };
    const scope = boardScopeOf(user);
    const selection = {
      projectIds: [...view.accesses.keys()],
      statuses: boardStatusesOf(user),
      performerId: scope.kind === 'performer' ? scope.userId : undefined,
      match,
    };
    const rows = await this.cards(user, view.accesses, selection, now);
    let colorsChangeAt: number | null = null;
    for (const row of rows.rows) {
      const at = colorChangesAt(view.accesses.get(row.projectId)!.role, row, now);
      if (at !== null && (colorsChangeAt === null || at < colorsChangeAt)) colorsChangeAt = at;
    }
    return { cards: rows.cards, colorsChangeAt };
  }

  /** Changes whenever the board's answer for this viewer may have (repo.ts boardStamp). */
  boardStamp(user: AuthUser, view: BoardView): Promise<string> {
    return boardStamp(this.db, [...view.accesses.keys()], user.id);
  }

  /** One card, for the board to refresh after `task.update`; a task the viewer may not see is task_not_found. */
  async card(user: AuthUser, taskId: number): Promise<TaskCard> {
    const found = await this.findVisible(user, taskId);
    if (!found) throw new AppError('task_not_found');
    return this.cardOf(user, found);
  }

  /**
   * The board's card and the drawer's task of one visible task, from one read (a life-cycle step's
   * answer needs both); null where the viewer may not see it.
   */
  async cardAndTask(user: AuthUser, taskId: number): Promise<{ card: TaskCard; task: Task } | null> {
    const found = await this.findVisible(user, taskId);
    if (!found) return null;
    const card = await this.cardOf(user, found);
    return { card, task: toTask(card, found.task) };
  }

  /** A task the viewer may not see is answered exactly like one that does not exist. */
  async get(user: AuthUser, taskId: number): Promise<Task> {
    const shown = await this.cardAndTask(user, taskId);
    if (!shown) throw new AppError('task_not_found');
    return shown.task;
  }

  /**
   * A draft in the client's column 1, written by the viewer; the project's boards hear of it once it is
   * stored, and the people it concerns (notifyAllTasks members, the am) are notified.
   */
  async create(user: AuthUser, projectId: number, name: string): Promise<TaskCard> {
    await this.projects.accessFor(user, projectId, canCreateTask);
    const taskId = await this.units.run(async ({ trx, changed }) => {
      const id = await insertTask(trx, { project_id: projectId, number: await nextTaskNumber(trx, projectId), name, author_id: user.id, status: 'draft' });
      await this.notifications.notify(trx, { kind: 'task_created', actorId: user.id, taskId: id });
      changed.task({ id, projectId });
      return id;
    });
    return this.card(user, taskId);
  }

  /**
   * Many drafts in column 1 at once, in the caller's unit of work (an import, issue 37), numbered in the
   * order given. Up to LIVE_DRAFTS, open boards hear of each card once it committed; past that the caller
   * tells the project once (`project.update`), as every open board would otherwise read each card on its
   * own. Nobody is notified task by task: one import would otherwise send a notification per card.
   */
  async insertDrafts({ trx, changed }: Unit, projectId: number, authorId: number, drafts: Draft[]): Promise<number[]> {
    if (drafts.length === 0) return [];
    const first = await reserveTaskNumbers(trx, projectId, drafts.length);
    const ids = await insertTasks(
      trx,
      drafts.map((draft, index) => ({
        project_id: projectId,
        number: first + index,
        name: draft.name,
        description: draft.description,
        importance: draft.importance,
        date_deadline: draft.deadline,
        author_id: authorId,
        status: 'draft' as const,
      })),
    );
    if (ids.length <= LIVE_DRAFTS) for (const id of ids) changed.task({ id, projectId });
    return ids;
  }

  /**
   * Something its card shows changed outside the task's own row (a file came or went, so its count), in
   * the caller's unit of work: the card becomes newer and boards refetch it once that committed.
   */
  async touch({ trx, changed }: Unit, task: TaskRef): Promise<void> {
    await updateTaskFields(trx, task.id, {});
    changed.task(task);
  }

  /**
   * The task, if the viewer may edit it (spec 6): a task they cannot see is task_not_found, one they
   * see but may not edit access_denied.
   */
  async editable(user: AuthUser, taskId: number): Promise<{ task: TaskDetailRow; access: ProjectAccess }> {
    const found = await this.findVisible(user, taskId);
    if (!found) throw new AppError('task_not_found');
    if (!canEditTask(user, found.access, { status: found.task.status, authorId: found.task.author_id })) throw new AppError('access_denied');
    return found;
  }

  /** Archived tasks of one project, or of every project the viewer sees: 20 a page, newest first. */
  async archive(user: AuthUser, scope: { projectId?: number; backFrom?: number }): Promise<ArchivePage> {
    let projectIds: number[];
    if (scope.projectId !== undefined) {
      if (!(await this.projects.accessTo(user, scope.projectId))) throw new AppError('project_not_found');
      projectIds = [scope.projectId];
    } else {
      projectIds = (await this.projects.accessibleProjects(user)).map((entry) => entry.relation.projectId);
    }
    const board = boardScopeOf(user);
    const selection = { projectIds, performerId: board.kind === 'performer' ? board.userId : undefined };
    let after: { id: number; dateArchived: Date } | undefined;
    if (scope.backFrom !== undefined) {
      // backFrom must be an archived task of this very list.
      const found = await archivedPage(this.db, { ...selection, only: scope.backFrom }, 1);
      const last = found.rows[0];
      if (!last) throw new AppError('backFrom_not_found');
      after = { id: last.id, dateArchived: last.dateArchived };
    }
    const page = await archivedPage(this.db, { ...selection, after }, PAGE_SIZE.archive);
    return { list: page.rows.map(toArchivedTask), hasMore: page.hasMore };
  }

  /** Whether the user performs the task (tips go only to its performers). */
  isPerformer(taskId: number, userId: number): Promise<boolean> {
    return performsTask(this.db, taskId, userId);
  }

  async canSee(user: AuthUser, taskId: number): Promise<boolean> {
    return (await this.findVisible(user, taskId)) !== null;
  }

  private async cardOf(user: AuthUser, found: { task: TaskDetailRow; access: ProjectAccess }): Promise<TaskCard> {
    const { cards } = await this.cards(user, new Map([[found.task.project_id, found.access]]), { taskId: found.task.id }, new Date());
    return cards[0]!;
  }

  /**
   * Three set-based queries whatever the number of tasks or projects: the cards with their performers
   * and colour facts, the chats with the viewer's unread counts, the projects' managers. What is left here is
   * the viewer's share of each card (column, colour, chats, managers, what they may do).
   */
  private async cards(
    user: AuthUser,
    accesses: Map<number, ProjectAccess>,
    selection: TaskSelection,
    now: Date,
  ): Promise<{ rows: CardRow[]; cards: TaskCard[] }> {
    const [rows, chats, staff, facts] = await Promise.all([
      cardRows(this.db, selection),
      chatsWithUnread(this.db, selection, user.id, readableChatKeys(user)),
      this.projects.staffByProject([...accesses.keys()]),
      chatFactsOf(this.db, selection),
    ]);
    const moves = new Map(facts.map((fact) => [fact.taskId, whoseMoveOf(fact)]));
    const chatsByTask = groupByTask(chats);
    const managers = new Map([...staff].map(([projectId, rows]) => [projectId, toManagers(rows)]));
    const cards = rows.map((row) => {
      const access = accesses.get(row.projectId)!;
      return toTaskCard(row, {
        column: columnOf(user, row.status),
        color: cardColor(access.role, row, now),
        chats: chatsByTask.get(row.id) ?? [],
        whoseMove: moves.get(row.id) ?? null,
        managers: managers.get(row.projectId) ?? [],
        can: taskPermissionsOf(user, access, row),
      });
    });
    return { rows, cards };
  }

  /** The task and the viewer's access to its project, if the viewer may see it (the chats ask this on every call). */
  async findVisible(user: AuthUser, taskId: number) {
    const task = await findTaskRow(this.db, taskId);
    if (!task) return null;
    const [access, performs] = await Promise.all([this.projects.accessTo(user, task.project_id), performsTask(this.db, taskId, user.id)]);
    return access && canSeeTask(user, access, task, performs) ? { task, access } : null;
  }
}
