/**
 * The task drawer's edits (spec 4 "Task editing"): the name, the importance and the description with
 * its history. Each asks the tasks policy first, then writes in a unit of work that records the task as
 * changed: its project's boards and open drawers hear of it once committed.
 */
import type { DescriptionHistoryEntry, Importance, Task, TaskDescription } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import { toUnix } from '../../lib/time.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { sanitizeDescription } from './sanitize.js';
import type { TasksService } from './service.js';
import { descriptionVersions, insertDescriptionVersion, updateTaskFields } from './repo.js';

/** The history dialog shows the last hundred versions; older ones stay stored. */
const HISTORY_LIMIT = 100;

export class TaskEditingService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly tasks: TasksService,
  ) {}

  async rename(user: AuthUser, taskId: number, name: string): Promise<Task> {
    return this.edit(user, taskId, (trx) => updateTaskFields(trx, taskId, { name }));
  }

  async updateImportance(user: AuthUser, taskId: number, importance: Importance): Promise<Task> {
    return this.edit(user, taskId, (trx) => updateTaskFields(trx, taskId, { importance }));
  }

  /**
   * Stores the sanitised HTML (the server's copy counts, whatever the browser sent) and keeps it as a
   * version. A text that is unchanged once cleaned writes nothing and announces nothing.
   */
  async updateDescription(user: AuthUser, taskId: number, html: string): Promise<TaskDescription> {
    const found = await this.tasks.editable(user, taskId);
    const description = sanitizeDescription(html);
    if (description === found.task.description) return { description, dateUpdate: toUnix(found.task.updated_at) };
    const task = await this.edit(user, taskId, async (trx) => {
      await updateTaskFields(trx, taskId, { description });
      await insertDescriptionVersion(trx, { taskId, authorId: user.id, description });
    });
    return { description: task.description, dateUpdate: task.dateUpdate };
  }

  async description(user: AuthUser, taskId: number): Promise<TaskDescription> {
    const task = await this.tasks.get(user, taskId);
    return { description: task.description, dateUpdate: task.dateUpdate };
  }

  /** Spec 6: the history is for those who may edit the task, while it is editable. */
  async history(user: AuthUser, taskId: number): Promise<DescriptionHistoryEntry[]> {
    await this.tasks.editable(user, taskId);
    const rows = await descriptionVersions(this.db, taskId, HISTORY_LIMIT);
    return rows.map((row) => ({ date: toUnix(row.created_at), description: row.description }));
  }

  /** An edit of a task the viewer may edit, as one unit of work; answers the task as it is now. */
  private async edit(user: AuthUser, taskId: number, write: (trx: Db) => Promise<void>): Promise<Task> {
    const { task } = await this.tasks.editable(user, taskId);
    await this.units.run(async ({ trx, changed }) => {
      await write(trx);
      changed.task({ id: taskId, projectId: task.project_id });
    });
    return this.tasks.get(user, taskId);
  }
}
