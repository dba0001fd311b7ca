/** Creating, renaming, ordering and deleting projects (spec 7 "Projects"). */
import type { DeleteProjectAnswer, Project, ProjectListItem } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { accountCurrencyOf } from '../users/index.js';
import type { ProjectEvents } from './events.js';
import { canCreateProject, canDeleteProject, canRename, canSortProjects } from './policy.js';
import { insertProject, lockProject, markProjectDeleted, peopleOf, renameProject, setSortOrders } from './repo.js';
import type { ProjectsService } from './service.js';

/**
 * What a new project asks of the staffing module (wired in services.ts; projects must not import it):
 * its team, in the creation's transaction. Answers who was put on it.
 */
export interface NewProjectStaffing {
  staffNewProject(trx: Db, projectId: number, actorId: number | null): Promise<number[]>;
}

/** A project `insert` made: its id and who was put on its team. */
export interface NewProject {
  projectId: number;
  team: number[];
}

export class ProjectEditingService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsService,
    private readonly events: ProjectEvents,
    private readonly staffing: NewProjectStaffing | null = null,
  ) {}

  /**
   * The creator owns it as administrator; it goes first in their list, in their account's currency. Its
   * team is chosen in the same transaction (decisions 2), and the team sees it live.
   */
  async create(user: AuthUser, name: string): Promise<Project> {
    const made = await this.db.transaction().execute((trx) => this.insert(trx, user, name));
    await this.announce(user, made);
    return this.projects.get(user, made.projectId);
  }

  /**
   * The creation's writes in the caller's transaction, so that what fills the new project (an import,
   * issue 37) commits or rolls back with it; `announce` once that committed.
   */
  async insert(trx: Db, user: AuthUser, name: string): Promise<NewProject> {
    if (!canCreateProject(user)) throw new AppError('access_denied');
    const projectId = await insertProject(trx, { name, ownerId: user.id, currency: await accountCurrencyOf(trx, user.id) });
    return { projectId, team: (await this.staffing?.staffNewProject(trx, projectId, user.id)) ?? [] };
  }

  /** The creator's lists and the new team hear of a project `insert` made. */
  async announce(user: AuthUser, made: NewProject): Promise<void> {
    await this.events.changed(made.projectId, { users: [user.id, ...made.team] });
  }

  async rename(user: AuthUser, projectId: number, name: string): Promise<Project> {
    await this.projects.accessFor(user, projectId, canRename);
    await renameProject(this.db, projectId, name);
    await this.events.changed(projectId);
    return this.projects.get(user, projectId);
  }

  /** Moves the project to a 0-based position of the viewer's own list and renumbers the rest. */
  async sort(user: AuthUser, projectId: number, position: number): Promise<ProjectListItem[]> {
    await this.projects.accessFor(user, projectId, canSortProjects);
    const list = await this.projects.list(user);
    const others = list.map((item) => item.id).filter((id) => id !== projectId);
    others.splice(Math.min(position, others.length), 0, projectId);
    await setSortOrders(this.db, user.id, others);
    return this.projects.list(user);
  }

  /**
   * Everyone tied to the project hears it is gone. The answer names the project to show next: the one
   * asked for if the viewer still sees it, else the first of their list, else none.
   */
  async delete(user: AuthUser, projectId: number, wanted: number | undefined): Promise<DeleteProjectAnswer> {
    const people = await this.db.transaction().execute((trx) => this.archive(trx, user, projectId));
    return this.announceArchived(projectId, people, user, wanted);
  }

  /**
   * Archives the project inside the caller's transaction and answers who was tied to it. A project that
   * still holds money is refused: its balance would be stranded on an archived project, so the closure
   * call (`POST /project/{id}/close`) sends it somewhere first, in the same transaction (issue 35 M12).
   */
  async archive(trx: Db, user: AuthUser, projectId: number): Promise<number[]> {
    await this.lockBalance(trx, projectId);
    await this.projects.accessFor(user, projectId, canDeleteProject, trx);
    if (await this.projects.holdsMoney(user, projectId, trx)) throw new AppError('method_not_allowed');
    const tied = await peopleOf(trx, projectId);
    await markProjectDeleted(trx, projectId);
    return tied;
  }

  /**
   * Holds the project still while money moves onto or off its balance by a person's call (a deposit, the
   * closure): taken first, before any account, so a deposit cannot land on a project archived meanwhile
   * and the two never wait on each other's locks in opposite order.
   */
  async lockBalance(trx: Db, projectId: number): Promise<void> {
    await lockProject(trx, projectId);
  }

  /** After the archive committed: the people hear of it, and the viewer is told which project to show. */
  async announceArchived(projectId: number, people: number[], user: AuthUser, wanted: number | undefined): Promise<DeleteProjectAnswer> {
    await this.events.changed(projectId, { users: people, deleted: true });
    const remaining = await this.projects.accessibleProjects(user);
    const next = remaining.find((entry) => entry.relation.projectId === wanted) ?? remaining[0];
    return { projectId: next?.relation.projectId ?? null };
  }
}
