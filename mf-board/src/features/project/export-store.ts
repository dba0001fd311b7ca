/**
 * The project menu's export (issue 37): the viewer's latest export of the project, a new one started on
 * request, and its progress polled while the server makes it. One per open menu; polling stops with it.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { call } from '@negayno/shared/api';
import { exportEndpoints, type ProjectExport } from '@negayno/shared/contract/export';
import { messageOfError, type Message } from '@negayno/shared/i18n';

/** How often a running export is asked about: the bar moves a page of tasks at a time. */
export const EXPORT_POLL_MS = 1500;

export class ExportStore {
  latest: ProjectExport | null = null;
  starting = false;
  error: Message | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly projectId: number) {
    makeAutoObservable<ExportStore, 'timer'>(this, { timer: false });
  }

  get running(): boolean {
    return this.latest?.status === 'running';
  }

  async load(): Promise<void> {
    try {
      this.show(await call(exportEndpoints.latest, { params: { id: this.projectId } }, { quiet: true }));
    } catch (failure) {
      runInAction(() => {
        this.error = messageOfError(failure);
      });
    }
  }

  async start(): Promise<void> {
    this.starting = true;
    this.error = null;
    try {
      this.show(await call(exportEndpoints.start, { params: { id: this.projectId } }, { quiet: true }));
    } catch (failure) {
      runInAction(() => {
        this.error = messageOfError(failure);
      });
    } finally {
      runInAction(() => {
        this.starting = false;
      });
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private show(answer: ProjectExport | null): void {
    this.latest = answer;
    this.stop();
    if (answer?.status === 'running') this.timer = setTimeout(() => void this.load(), EXPORT_POLL_MS);
  }
}
