/**
 * The drawer's attachments (spec 2 "Attachments"): the task's files, uploads in progress with their
 * progress or their error, rename and delete. A file whose type is not in the table of spec 5 is
 * refused here already, with its own error; the server checks again, by content.
 */
import { call, upload, ApiError } from '@negayno/shared/api';
import { endpoints, fileKindOf, type TaskFile } from '@negayno/shared/contract';
import { rootStore, settle, type LoadStatus } from '@negayno/shared/stores';
import { makeAutoObservable, runInAction } from 'mobx';

export interface PendingUpload {
  key: string;
  name: string;
  /** 0 to 1 while sending; null once it failed. */
  progress: number | null;
  /** A catalogue code (or fileTypeNotSupported) when it failed. */
  error: string | null;
}

let nextKey = 0;

export class FilesStore {
  taskId: number | null = null;
  files: TaskFile[] = [];
  status: LoadStatus = 'idle';
  uploads: PendingUpload[] = [];

  constructor() {
    makeAutoObservable(this);
    rootStore.session.onCleared(() => this.show(null));
  }

  show(taskId: number | null): void {
    if (taskId === this.taskId) return;
    this.taskId = taskId;
    this.files = [];
    this.uploads = [];
    this.status = 'idle';
    if (taskId !== null) void this.load();
  }

  async load(): Promise<void> {
    const taskId = this.taskId;
    if (taskId === null) return;
    if (this.status !== 'ready') this.status = 'loading';
    const result = await settle(call(endpoints.files.list, { params: { id: taskId } }, { name: `get-files-${taskId}` }));
    runInAction(() => {
      if (this.taskId !== taskId) return;
      if (result.status === 'ready') this.files = result.answer;
      this.status = result.status === 'gone' ? 'error' : result.status;
    });
  }

  /** Each file on its own; folders and files of types outside the table never leave the browser. */
  upload(files: File[]): void {
    for (const file of files) void this.uploadOne(file);
  }

  private async uploadOne(file: File): Promise<void> {
    const taskId = this.taskId;
    if (taskId === null) return;
    const pending: PendingUpload = { key: `upload-${(nextKey += 1)}`, name: file.name, progress: 0, error: null };
    this.uploads.push(pending);
    const entry = this.uploads[this.uploads.length - 1]!;
    if (!fileKindOf(file.name)) {
      this.fail(entry, 'fileTypeNotSupported');
      return;
    }
    try {
      const stored = await upload(
        endpoints.files.upload,
        { params: { id: taskId }, file },
        {
          onProgress: (fraction) =>
            runInAction(() => {
              entry.progress = fraction;
            }),
        },
      );
      runInAction(() => {
        if (this.taskId !== taskId) return;
        this.uploads = this.uploads.filter((upload) => upload !== entry);
        if (!this.files.some((known) => known.id === stored.id)) this.files.push(stored);
      });
    } catch (error) {
      const code = error instanceof ApiError ? (error.code === 'file_is_invalid' ? 'fileTypeNotSupported' : error.code) : 'server_error';
      this.fail(entry, code);
    }
  }

  private fail(entry: PendingUpload, code: string): void {
    entry.progress = null;
    entry.error = code;
  }

  dismiss(key: string): void {
    this.uploads = this.uploads.filter((upload) => upload.key !== key);
  }

  async rename(file: TaskFile, name: string): Promise<void> {
    const trimmed = name.trim();
    if (!trimmed || trimmed === file.name) return;
    const result = await settle(call(endpoints.files.rename, { params: { id: file.id }, body: { name: trimmed } }));
    if (result.status === 'ready') this.replace(result.answer);
  }

  async remove(file: TaskFile): Promise<void> {
    const result = await settle(call(endpoints.files.delete, { params: { id: file.id } }));
    if (result.status === 'ready') runInAction(() => (this.files = this.files.filter((known) => known.id !== file.id)));
  }

  private replace(file: TaskFile): void {
    this.files = this.files.map((known) => (known.id === file.id ? file : known));
  }
}

export const filesStore = new FilesStore();
