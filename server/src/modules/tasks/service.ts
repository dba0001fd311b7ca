import type { Task, TaskCard } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { ProjectsService } from '../projects/service.js';
import { boardScopeOf, boardStatusesOf, canEditTask, canSeeTask, columnOf, readableChatKeys } from './policy.js';
import { toTask, toTaskCard } from './presenters.js';
import { cardRows, chatsWithUnread, findTaskRow, performersOf, type TaskSelection } from './repo.js';

function groupByTask<Row extends { taskId: number }>(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.taskId);
    if (group) group.push(row);
    else groups.set(row.taskId, [row]);
  }
  return groups;
}

export class TasksService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsService,
  ) {}

  /** The cards of the viewer's board for one project: four set-based queries whatever the number of tasks. */
  async board(user: AuthUser, projectId: number): Promise<TaskCard[]> {
    const access = await this.projects.accessTo(user, projectId);
    if (!access) throw new AppError('project_not_found');
    const scope = boardScopeOf(user);
    const selection: TaskSelection = {
      projectIds: [projectId],
      statuses: boardStatusesOf(user),
      performerId: scope.kind === 'performer' ? scope.userId : undefined,
    };
    const [tasks, chats, performers, managers] = await Promise.all([
      cardRows(this.db, selection),
      chatsWithUnread(this.db, selection, user.id, readableChatKeys(user)),
      performersOf(this.db, selection),
      this.projects.staffOf(projectId),
    ]);
    const chatsByTask = groupByTask(chats);
    const performersByTask = groupByTask(performers);
    return tasks.map((task) =>
      toTaskCard(task, {
        column: columnOf(user, task.status),
        chats: chatsByTask.get(task.id) ?? [],
        performers: performersByTask.get(task.id) ?? [],
        managers,
      }),
    );
  }

  /** A task the viewer may not see is answered exactly like one that does not exist. */
  async get(user: AuthUser, taskId: number): Promise<Task> {
    const found = await this.findVisible(user, taskId);
    if (!found) throw new AppError('task_not_found');
    const { task, access, performers } = found;
    const [chats, managers] = await Promise.all([
      chatsWithUnread(this.db, { taskId }, user.id, readableChatKeys(user)),
      this.projects.staffOf(task.project_id),
    ]);
    const canEdit = canEditTask(user, access, { status: task.status, authorId: task.author_id });
    return toTask(task, { column: columnOf(user, task.status), chats, performers, managers }, canEdit);
  }

  async canSee(user: AuthUser, taskId: number): Promise<boolean> {
    return (await this.findVisible(user, taskId)) !== null;
  }

  private async findVisible(user: AuthUser, taskId: number) {
    const task = await findTaskRow(this.db, taskId);
    if (!task) return null;
    const [access, performers] = await Promise.all([this.projects.accessTo(user, task.project_id), performersOf(this.db, { taskId })]);
    const performsTask = performers.some((performer) => performer.userId === user.id);
    return canSeeTask(user, access, task, performsTask) ? { task, access, performers } : null;
  }
}
