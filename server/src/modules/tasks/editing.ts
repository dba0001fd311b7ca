/**
 * The task drawer's edits (spec 4 "Task editing"): the name, the importance and the description with
 * its history. Each asks the tasks policy first, writes, then tells the task's project and task rooms.
 */
import type { DescriptionHistoryEntry, Importance, Task, TaskDescription } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
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
    private readonly tasks: TasksService,
  ) {}

  async rename(user: AuthUser, taskId: number, name: string): Promise<Task> {
    await this.tasks.editable(user, taskId);
    await updateTaskFields(this.db, taskId, { name });
    return this.changed(user, taskId);
  }

  async updateImportance(user: AuthUser, taskId: number, importance: Importance): Promise<Task> {
    await this.tasks.editable(user, taskId);
    await updateTaskFields(this.db, taskId, { importance });
    return this.changed(user, taskId);
  }

  /**
   * Stores the sanitised HTML (the server's copy counts, whatever the browser sent) and keeps it as a
   * version. A text that is unchanged once cleaned writes nothing and announces nothing.
   */
  async updateDescription(user: AuthUser, taskId: number, html: string): Promise<TaskDescription> {
    const found = await this.tasks.editable(user, taskId);
    const description = sanitizeDescription(html);
    if (description === found.task.description) return { description, dateUpdate: toUnix(found.task.updated_at) };
    await this.db.transaction().execute(async (trx) => {
      await updateTaskFields(trx, taskId, { description });
      await insertDescriptionVersion(trx, { taskId, authorId: user.id, description });
    });
    const task = await this.changed(user, taskId);
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

  private async changed(user: AuthUser, taskId: number): Promise<Task> {
    const task = await this.tasks.get(user, taskId);
    this.tasks.announce(task);
    return task;
  }
}
