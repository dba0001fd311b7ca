/** The user's projects and the project being shown. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Project, ProjectListItem } from '@negayno/shared/contract';
import { ApiError, api } from '@negayno/shared/api';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export class ProjectsStore {
  list: ProjectListItem[] = [];
  listStatus: LoadStatus = 'idle';
  current: Project | null = null;
  currentStatus: LoadStatus = 'idle';

  constructor() {
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    this.listStatus = this.list.length ? 'ready' : 'loading';
    try {
      const list = await api.get<ProjectListItem[]>('/projects', { name: 'get-projects' });
      runInAction(() => {
        this.list = list;
        this.listStatus = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.listStatus = 'error';
      });
      throw error;
    }
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
    try {
      const project = await api.get<Project>(`/project/${id}`, { name: `get-project-${id}` });
      runInAction(() => {
        this.current = project;
        this.currentStatus = 'ready';
      });
      return 'ok';
    } catch (error) {
      runInAction(() => {
        this.currentStatus = 'error';
      });
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return 'gone';
      throw error;
    }
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
}
