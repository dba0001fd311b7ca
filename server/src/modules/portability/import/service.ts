/**
 * Bringing a board in (issue 37): the preview reads the file and says what it would make; the import
 * makes it, in one unit of work with the new project when there is one, so a failure anywhere leaves
 * nothing behind. Who may: a client account into a new project of theirs (the projects' creation rule),
 * a project's administrators into it (`canImportTasks`); a project the caller cannot see is 404.
 */
import type { Language } from '@negayno/shared/contract';
import type { ImportPreview, ImportResult } from '@negayno/shared/contract/project-import';
import { AppError } from '../../../http/app-error.js';
import type { UnitOfWork } from '../../../infra/realtime/unit-of-work.js';
import type { AuthUser } from '../../../lib/auth-user.js';
import { canCreateProject, canImportTasks, type ProjectEditingService, type ProjectEvents, type ProjectsService } from '../../projects/index.js';
import type { TasksService } from '../../tasks/index.js';
import { taskName, type ImportPlan } from './plan.js';
import { planOf } from './read.js';

/** Into an existing project (its id), or into a new one (undefined). */
export type ImportTarget = number | undefined;

/** The fields as the route validated them. */
export type ImportChoices = { includeArchived: boolean; name?: string | undefined };

export class ImportService {
  constructor(
    private readonly units: UnitOfWork,
    private readonly projects: ProjectsService,
    private readonly projectEditing: ProjectEditingService,
    private readonly projectEvents: ProjectEvents,
    private readonly tasks: TasksService,
  ) {}

  /** Asked before a byte of the file is read. */
  async assertMayImport(user: AuthUser, target: ImportTarget): Promise<void> {
    if (target !== undefined) await this.projects.accessFor(user, target, canImportTasks);
    else if (!canCreateProject(user)) throw new AppError('access_denied');
  }

  async preview(user: AuthUser, target: ImportTarget, file: Buffer, choices: ImportChoices, language: Language): Promise<ImportPreview> {
    return (await this.plan(user, target, file, choices, language)).preview;
  }

  async run(user: AuthUser, target: ImportTarget, file: Buffer, choices: ImportChoices, language: Language): Promise<ImportResult> {
    const plan = await this.plan(user, target, file, choices, language);
    const made = await this.units.run(async (unit) => {
      const created = target === undefined ? await this.projectEditing.insert(unit.trx, user, taskName(choices.name || plan.preview.boardName)) : null;
      const projectId = created?.projectId ?? target!;
      await this.tasks.insertDrafts(unit, projectId, user.id, plan.tasks);
      return { projectId, created };
    });
    // Its counters changed; a new project's list entry and team appear.
    if (made.created) await this.projectEditing.announce(user, made.created);
    else await this.projectEvents.changed(made.projectId);
    return { projectId: made.projectId, tasks: plan.tasks.length };
  }

  private async plan(user: AuthUser, target: ImportTarget, file: Buffer, choices: ImportChoices, language: Language): Promise<ImportPlan> {
    await this.assertMayImport(user, target);
    return await planOf(file, { includeArchived: choices.includeArchived }, language);
  }
}
