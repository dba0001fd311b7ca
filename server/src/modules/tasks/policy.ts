/**
 * Who sees which task, in which column, and who may edit it (spec 6, decisions 2 and 3).
 */
import { TASK_COLUMNS, columnSetFor, type ChatKey, type ColumnSet, type KanbanColumn, type TaskStatus } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProjectAccess } from '../projects/index.js';

/** Which tasks of a visible project a viewer's board holds: performers see only the tasks they perform. */
export type BoardScope = { kind: 'all' } | { kind: 'performer'; userId: number };

export function boardScopeOf(user: AuthUser): BoardScope {
  return user.role === 'performer' ? { kind: 'performer', userId: user.id } : { kind: 'all' };
}

export function columnSetOf(user: AuthUser): ColumnSet {
  return columnSetFor(user.role);
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
 * Spec 6 "Task editing": in the client's column 1, not archived, by a project administrator or by the
 * author while they hold the project role user.
 */
export function canEditTask(user: AuthUser, access: ProjectAccess | null, task: { status: TaskStatus; authorId: number }): boolean {
  if (!access || user.role !== 'user') return false;
  if (task.status === 'archived' || TASK_COLUMNS[task.status].client !== 1) return false;
  return access.role === 'administrator' || (access.role === 'user' && task.authorId === user.id);
}

/** Clients read the main chat only; the work ("technical") chat is for staff and performers. */
export function readableChatKeys(user: AuthUser): ChatKey[] {
  return user.role === 'user' ? ['main'] : ['main', 'work'];
}
