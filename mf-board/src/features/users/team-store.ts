/**
 * The team dialog's data (issue 31): the staff one may put on a project's team, with their load, and
 * the assignment itself. One per open dialog; the project's new team goes to the projects store, so the
 * members drawer shows it from the answer.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { endpoints, type StaffCandidate, type TeamRole } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { messageOfError, type Message } from '@negayno/shared/i18n';
import { settle, type LoadStatus } from '@negayno/shared/stores';
import type { ProjectsStore } from '@negayno/shared/work-stores';

export class TeamStore {
  candidates: StaffCandidate[] = [];
  status: LoadStatus = 'idle';
  /** The person chosen in the dialog (the one on the team now until another is picked). */
  chosen: number | null = null;
  assigning = false;
  /** Why the last assignment was refused, in the catalogue's words. */
  error: Message | null = null;

  constructor(
    private readonly projects: ProjectsStore,
    readonly projectId: number,
    readonly role: TeamRole,
  ) {
    makeAutoObservable<TeamStore, 'projects'>(this, { projects: false });
  }

  /** The candidates of the dialog's role, the least loaded first. */
  get ofRole(): StaffCandidate[] {
    return this.candidates
      .filter((candidate) => candidate.role === this.role)
      .sort((a, b) => a.load.openTasks - b.load.openTasks || a.load.projects - b.load.projects);
  }

  /** Whom the role has now, if anyone. */
  get current(): StaffCandidate | undefined {
    return this.ofRole.find((candidate) => candidate.onTeam);
  }

  /** Whether the chosen person is someone new for the role. */
  get canAssign(): boolean {
    return this.chosen !== null && this.chosen !== this.current?.id && !this.assigning;
  }

  async load(): Promise<void> {
    // A refusal stays said while the list is asked again after it.
    this.status = this.candidates.length ? this.status : 'loading';
    const result = await settle(call(endpoints.staffing.candidates, { params: { id: this.projectId } }, { name: `team-candidates-${this.projectId}` }));
    runInAction(() => {
      if (result.status === 'ready') {
        this.candidates = result.answer;
        // The choice stays while its person is still on the list; else the one on the team now, or for
        // an open role the least loaded.
        if (!this.ofRole.some((candidate) => candidate.id === this.chosen)) this.chosen = (this.current ?? this.ofRole[0])?.id ?? null;
      }
      this.status = result.status;
    });
  }

  choose(userId: number): void {
    this.chosen = userId;
    this.error = null;
  }

  /** Assigns the chosen person; answers whether it was done (else `error` says why). */
  async assign(): Promise<boolean> {
    if (this.chosen === null || !this.canAssign) return false;
    this.assigning = true;
    this.error = null;
    try {
      await this.projects.assignTeam(this.projectId, this.role, this.chosen);
      return true;
    } catch (failure) {
      runInAction(() => {
        this.error = messageOfError(failure);
      });
      // The list may have changed under the dialog (someone deactivated): it is asked again.
      void this.load();
      return false;
    } finally {
      runInAction(() => {
        this.assigning = false;
      });
    }
  }
}
