/**
 * "New clients" (issue 31): the queue of unstaffed projects every am sees on their home, and taking one.
 * It lives in the `staff` chunk with the staff home, so a client never downloads it. The list follows
 * the server live: a project's change, a notification (a project waits, a task was published in one
 * without an am), a reconnect and the window's focus ask again.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { endpoints, type UnstaffedProject } from '@negayno/shared/contract';
import { ApiError, call, getSocket, onReconnect } from '@negayno/shared/api';
import { messageOfError, type Message } from '@negayno/shared/i18n';
import { settle, type LoadStatus } from '@negayno/shared/stores';
import type { ProjectsStore } from '@negayno/shared/work-stores';

/** What the last take left to say: done, or refused (another am was first, …). */
export type TakeOutcome = { kind: 'taken'; name: string } | { kind: 'refused'; message: Message };

export class QueueStore {
  projects: UnstaffedProject[] = [];
  status: LoadStatus = 'idle';
  /** The project being taken now. */
  taking: number | null = null;
  outcome: TakeOutcome | null = null;
  private loads = 0;

  constructor(private readonly projectsStore: ProjectsStore) {
    makeAutoObservable<QueueStore, 'projectsStore' | 'loads'>(this, { projectsStore: false, loads: false });
  }

  get count(): number {
    return this.projects.length;
  }

  /** Loads the queue; a newer load's answer wins over an older one still on its way. */
  async load(): Promise<void> {
    const load = ++this.loads;
    if (this.status !== 'ready') this.status = 'loading';
    // Not named: a later refresh must not join a read that may have left before the change it follows.
    const result = await settle(call(endpoints.staffing.queue, {}, { quiet: true }));
    if (load !== this.loads) return;
    runInAction(() => {
      // The queue holds every project short of a role; one with an am is that am's to complete, so
      // "New clients" lists those nobody has taken yet.
      if (result.status === 'ready') this.projects = result.answer.filter((project) => project.missing.includes('am'));
      // A list already shown stays shown through a failed refresh.
      if (result.status === 'ready' || !this.projects.length) this.status = result.status;
    });
  }

  /**
   * Takes a project: the viewer becomes its am, and it joins their projects (and so their board). When
   * another am was first (409 project_already_staffed) it says so; either way the list is asked again.
   */
  async take(project: UnstaffedProject): Promise<boolean> {
    if (this.taking !== null) return false;
    this.taking = project.id;
    this.outcome = null;
    try {
      await call(endpoints.staffing.take, { params: { id: project.id } }, { name: `take-project-${project.id}`, quiet: true });
      runInAction(() => {
        this.projects = this.projects.filter((item) => item.id !== project.id);
        this.outcome = { kind: 'taken', name: project.name };
      });
      void this.projectsStore.load().catch(() => undefined);
      return true;
    } catch (failure) {
      runInAction(() => {
        this.outcome = { kind: 'refused', message: messageOfError(failure) };
        if (failure instanceof ApiError && failure.code === 'project_already_staffed') {
          this.projects = this.projects.filter((item) => item.id !== project.id);
        }
      });
      return false;
    } finally {
      runInAction(() => {
        this.taking = null;
      });
      void this.load();
    }
  }

  dismissOutcome(): void {
    this.outcome = null;
  }

  /** Keeps the queue live while the panel is shown; answers how to stop. */
  follow(): () => void {
    const refresh = () => void this.load();
    const socket = getSocket();
    socket.on('project.update', refresh);
    socket.on('notification.new', refresh);
    const stopReconnect = onReconnect(refresh);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      socket.off('project.update', refresh);
      socket.off('notification.new', refresh);
      stopReconnect();
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }
}
