/** The user's projects, the project being shown, and every change a project's page can make (spec 7). */
import { makeAutoObservable, runInAction } from 'mobx';
import { endpoints, type AssignableProjectRole, type TeamRole, type Project, type ProjectListItem, type ServerEvent } from '@negayno/shared/contract';
import { call, withRetry } from '@negayno/shared/api';
import { settle, type LoadStatus } from './load.js';

const calls = endpoints.projects;

/** What a `project.update` event left of the project being shown. */
export type ProjectUpdateOutcome = 'unchanged' | 'reloaded' | 'gone';

export class ProjectsStore {
  list: ProjectListItem[] = [];
  listStatus: LoadStatus = 'idle';
  current: Project | null = null;
  currentStatus: LoadStatus = 'idle';

  constructor() {
    makeAutoObservable(this);
  }

  /** Projects the viewer belongs to (pending invitations aside), in their own order. */
  get member(): ProjectListItem[] {
    return this.list.filter((project) => project.role !== 'invite');
  }

  /** The viewer's pending invitations, offered with Accept / Decline. */
  get invitations(): ProjectListItem[] {
    return this.list.filter((project) => project.role === 'invite');
  }

  /**
   * Loads the list. The filter panel asks each time it opens, with retries and its own request name
   * (spec 7).
   */
  async load(options: { forFilter?: boolean } = {}): Promise<void> {
    this.listStatus = this.list.length ? 'ready' : 'loading';
    const result = await settle(
      options.forFilter ? withRetry(() => call(calls.list, {}, { name: 'get-projects-filter' })) : call(calls.list, {}, { name: 'get-projects' }),
    );
    runInAction(() => {
      if (result.status === 'ready') this.list = result.answer;
      this.listStatus = result.status;
    });
    if (result.status !== 'ready') throw result.error;
  }

  /**
   * Loads one project. Answers 'gone' when it does not exist or is forbidden (403/404), so the
   * caller returns to the root (spec 8).
   */
  async loadProject(id: number): Promise<'ok' | 'gone'> {
    if (this.current?.id !== id) {
      this.current = null;
      this.currentStatus = 'loading';
    }
    const result = await settle(call(calls.get, { params: { id } }, { name: `get-project-${id}` }));
    runInAction(() => {
      if (result.status === 'ready') this.setCurrent(result.answer);
      else this.currentStatus = result.status;
    });
    if (result.status === 'error') throw result.error;
    return result.status === 'ready' ? 'ok' : 'gone';
  }

  /** Creates a project (client accounts only); it goes first in the creator's list. */
  async create(name: string): Promise<Project> {
    const project = await call(calls.create, { body: { name } }, { name: 'create-project', quiet: true });
    runInAction(() => {
      this.list = [toListItem(project), ...this.list];
    });
    void this.load().catch(() => undefined);
    return project;
  }

  async rename(id: number, name: string): Promise<Project> {
    const project = await call(calls.rename, { params: { id }, body: { name } }, { name: `rename-project-${id}` });
    runInAction(() => this.setCurrent(project));
    return project;
  }

  /** Moves a project to a 0-based position in the viewer's own list. */
  async updateSort(id: number, sortorder: number): Promise<void> {
    const list = await call(calls.sort, { params: { id }, body: { sortorder } }, { name: 'update-project-sort' });
    runInAction(() => {
      this.list = list;
    });
  }

  /** Invites by email; throws ApiError (email_already_invited, user_already_added, …) for the form. */
  async invite(id: number, email: string): Promise<Project> {
    const project = await call(calls.invite, { params: { id }, body: { email } }, { name: `invite-${id}`, quiet: true });
    runInAction(() => this.setCurrent(project));
    return project;
  }

  async acceptInvitation(id: number): Promise<Project> {
    const project = await call(calls.acceptInvitation, { params: { id } }, { name: `accept-invitation-${id}` });
    await this.load();
    return project;
  }

  async declineInvitation(id: number): Promise<void> {
    await call(calls.declineInvitation, { params: { id } }, { name: `decline-invitation-${id}` });
    runInAction(() => {
      this.list = this.list.filter((project) => project.id !== id);
    });
  }

  async updateRole(id: number, userId: number, role: AssignableProjectRole): Promise<void> {
    this.setCurrent(await call(calls.updateRole, { params: { id, userId }, body: { role } }, { name: `update-role-${id}-${userId}` }));
  }

  async updateSettings(id: number, userId: number, canNegayno: boolean): Promise<void> {
    this.setCurrent(await call(calls.updateSettings, { params: { id, userId }, body: { canNegayno } }, { name: `update-settings-${id}-${userId}` }));
  }

  async removeUser(id: number, userId: number): Promise<void> {
    this.setCurrent(await call(calls.removeUser, { params: { id, userId } }, { name: `remove-user-${id}-${userId}` }));
  }

  /**
   * Puts a staff member on the project's team in a role (its am or an operator, issue 31); the answer is
   * the project with its new team. Throws ApiError (staff_role_is_wrong, staff_is_deactivated, …) for the dialog.
   */
  async assignTeam(id: number, role: TeamRole, userId: number): Promise<Project> {
    const project = await call(endpoints.staffing.assign, { params: { id }, body: { role, userId } }, { name: `assign-team-${id}-${role}`, quiet: true });
    runInAction(() => {
      if (this.current?.id === id) this.setCurrent(project);
    });
    return project;
  }

  async cancelInvitation(id: number, email: string): Promise<void> {
    this.setCurrent(await call(calls.cancelInvitation, { params: { id, email } }, { name: `cancel-invitation-${id}` }));
  }

  /**
   * Deletes a project; answers the project to show next (the server's choice: the one asked for if
   * still visible, else the first of the list, else none). A project that holds money is closed instead
   * (decisions 5): its balance goes to `balanceTo` (another project of the administrator's, or their
   * wallet when absent) and then it is archived; `idempotencyKey` keeps a retried closure from moving
   * the money twice.
   */
  async deleteProject(id: number, closing?: { balanceTo?: number; idempotencyKey: string }): Promise<number | null> {
    const wanted = closing?.balanceTo ?? this.member.find((project) => project.id !== id)?.id;
    const answer = closing
      ? await call(
          endpoints.money.closeProject,
          { params: { id }, body: { projectId: closing.balanceTo } },
          { name: `close-project-${id}`, idempotencyKey: closing.idempotencyKey },
        )
      : await call(calls.delete, { params: { id }, query: { projectId: wanted } }, { name: `delete-project-${id}` });
    runInAction(() => {
      this.list = this.list.filter((project) => project.id !== id);
      if (this.current?.id === id) {
        this.current = null;
        this.currentStatus = 'idle';
      }
    });
    void this.load().catch(() => undefined);
    return answer.projectId;
  }

  /**
   * A `project.update` event: the list always refreshes (names, counters, invitations); the project
   * shown reloads, or is 'gone' when it was deleted or the viewer lost access.
   */
  async onProjectUpdate(event: ServerEvent<'project.update'>): Promise<ProjectUpdateOutcome> {
    void this.load().catch(() => undefined);
    if (this.current?.id !== event.projectId) return 'unchanged';
    if (event.deleted) {
      runInAction(() => {
        this.current = null;
        this.currentStatus = 'idle';
      });
      return 'gone';
    }
    return (await this.loadProject(event.projectId)) === 'gone' ? 'gone' : 'reloaded';
  }

  /** The project to go to after the shown one disappeared: the first the viewer still belongs to. */
  nextProjectId(except: number): number | null {
    return this.member.find((project) => project.id !== except)?.id ?? null;
  }

  byId(id: number): ProjectListItem | undefined {
    return this.list.find((project) => project.id === id);
  }

  clear(): void {
    this.list = [];
    this.listStatus = 'idle';
    this.current = null;
    this.currentStatus = 'idle';
  }

  private setCurrent(project: Project): void {
    this.current = project;
    this.currentStatus = 'ready';
    this.list = this.list.map((item) => (item.id === project.id ? { ...item, name: project.name, counters: project.counters } : item));
  }
}

function toListItem(project: Project): ProjectListItem {
  return { id: project.id, name: project.name, role: project.role, sortorder: 0, counters: project.counters };
}
