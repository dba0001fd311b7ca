/**
 * Who sees which task, in which column, and who may edit it (spec 6, decisions 2 and 3).
 */
import {
  TASK_COLUMNS,
  TASK_STATUSES,
  type BoardView,
  type CardShows,
  type ChatKey,
  type ColumnSet,
  type KanbanColumn,
  type TaskPermissions,
  type TaskStatus,
} from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProjectAccess } from '../projects/index.js';

/** Which tasks of a visible project a viewer's board holds: performers see only the tasks they perform. */
export type BoardScope = { kind: 'all' } | { kind: 'performer'; userId: number };

export function boardScopeOf(user: AuthUser): BoardScope {
  return user.role === 'performer' ? { kind: 'performer', userId: user.id } : { kind: 'all' };
}

/** Client roles and the am see the client column set; the pm and performers the estimation set; the sm the sales set. */
export function columnSetOf(user: AuthUser): ColumnSet {
  if (user.role === 'pm' || user.role === 'performer') return 'estimation';
  if (user.role === 'sm') return 'sales';
  return 'client';
}

/** Spec 6: the pm sees performers on cards, the am managers; staff and performers see the project's name. */
function cardShowsOf(user: AuthUser): CardShows {
  return { performers: user.role === 'pm', managers: user.role === 'am', project: user.role !== 'user' };
}

/** Staff and performers work across projects, so their home is one board of all of them (spec 2). */
export function boardViewOf(user: AuthUser): BoardView {
  return { home: user.role === 'user' ? 'firstProject' : 'allProjects', columnSet: columnSetOf(user), card: cardShowsOf(user) };
}

export function columnOf(user: AuthUser, status: TaskStatus): KanbanColumn | null {
  return TASK_COLUMNS[status][columnSetOf(user)];
}

/** The statuses that stand in some column of the viewer's board. */
export function boardStatusesOf(user: AuthUser): TaskStatus[] {
  const set = columnSetOf(user);
  return (Object.keys(TASK_COLUMNS) as TaskStatus[]).filter((status) => TASK_COLUMNS[status][set] !== null);
}

/**
 * A task is visible to whoever sees its project, with two exceptions: a performer sees only the tasks
 * they perform, and a draft is the client's own until published, so only viewers whose board shows
 * drafts (client roles and the am) may open one.
 */
export function canSeeTask(user: AuthUser, access: ProjectAccess | null, task: { status: TaskStatus }, performsTask: boolean): boolean {
  if (!access) return false;
  if (user.role === 'performer' && !performsTask) return false;
  if (task.status === 'draft') return columnOf(user, 'draft') !== null;
  return true;
}

/**
 * The statuses of the tasks a viewer may open at all, by canSeeTask's draft rule (set-based readers
 * such as search ask this; the performer's own rule is boardScopeOf's).
 */
export function visibleStatusesOf(user: AuthUser): TaskStatus[] {
  return TASK_STATUSES.filter((status) => status !== 'draft' || columnOf(user, 'draft') !== null);
}

/**
 * Spec 6 "Task editing": in the client's column 1, not archived, by a project administrator or by the
 * author while they hold the project role user.
 */
export function canEditTask(user: AuthUser, access: ProjectAccess | null, task: { status: TaskStatus; authorId: number }): boolean {
  if (!access || user.role !== 'user') return false;
  if (task.status === 'archived' || TASK_COLUMNS[task.status].client !== 1) return false;
  return access.role === 'administrator' || (access.role === 'user' && task.authorId === user.id);
}

const EDITABLE: TaskPermissions = Object.freeze({ edit: true });
const READ_ONLY: TaskPermissions = Object.freeze({ edit: false });

/** The `can` of a task and of its card; shared objects, as a board holds hundreds of cards. */
export function taskPermissionsOf(user: AuthUser, access: ProjectAccess | null, task: { status: TaskStatus; authorId: number }): TaskPermissions {
  return canEditTask(user, access, task) ? EDITABLE : READ_ONLY;
}

/**
 * Decisions 4: `main` is for clients and staff, `work` (the "technical chat") for staff and performers.
 * Clients never read `work`; performers talk to the client through the managers.
 */
export function readableChatKeys(user: AuthUser): ChatKey[] {
  if (user.role === 'user') return ['main'];
  if (user.role === 'performer') return ['work'];
  return ['main', 'work'];
}
