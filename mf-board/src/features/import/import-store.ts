/**
 * The import dialog's data (issue 37): the chosen file, its preview (asked again when archived cards
 * are asked for or not), and the import itself with the upload's progress. One per open dialog; into a
 * new project (`projectId` null) or into the project shown.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { upload } from '@negayno/shared/api';
import { importEndpoints, type ImportPreview, type ImportResult } from '@negayno/shared/contract/project-import';
import { messageOfError, type Message } from '@negayno/shared/i18n';

export type ImportStep = 'choose' | 'reading' | 'preview' | 'importing';

export class ImportStore {
  file: File | null = null;
  includeArchived = false;
  /** The new project's name: the board's own until the person changes it. */
  name = '';
  preview: ImportPreview | null = null;
  step: ImportStep = 'choose';
  /** How much of the file the import has sent (0 to 1); null once the server is at work. */
  sent: number | null = null;
  /** Why the file was refused, in the catalogue's words. */
  error: Message | null = null;

  constructor(readonly projectId: number | null) {
    makeAutoObservable(this);
  }

  async choose(file: File): Promise<void> {
    this.file = file;
    this.name = '';
    await this.read();
  }

  async setIncludeArchived(value: boolean): Promise<void> {
    this.includeArchived = value;
    if (this.file) await this.read();
  }

  setName(name: string): void {
    this.name = name;
  }

  get canImport(): boolean {
    return this.step === 'preview' && this.preview !== null && this.preview.tasks > 0 && (this.projectId !== null || this.name.trim() !== '');
  }

  /** Makes the drafts; answers where they are. A refusal is kept in `error` and thrown. */
  async run(): Promise<ImportResult> {
    this.step = 'importing';
    this.sent = 0;
    this.error = null;
    try {
      const options = { onProgress: (fraction: number) => runInAction(() => (this.sent = fraction < 1 ? fraction : null)) };
      const fields = { includeArchived: this.includeArchived ? '1' : undefined, name: this.projectId === null ? this.name.trim() : undefined };
      return this.projectId === null
        ? await upload(importEndpoints.importNew, { fields, file: this.file! }, options)
        : await upload(importEndpoints.importInto, { params: { id: this.projectId }, fields, file: this.file! }, options);
    } catch (failure) {
      runInAction(() => {
        this.error = messageOfError(failure, 'file');
        this.step = 'preview';
      });
      throw failure;
    } finally {
      runInAction(() => (this.sent = null));
    }
  }

  private async read(): Promise<void> {
    const file = this.file!;
    this.step = 'reading';
    this.error = null;
    try {
      const fields = { includeArchived: this.includeArchived ? '1' : undefined };
      const preview =
        this.projectId === null
          ? await upload(importEndpoints.previewNew, { fields, file })
          : await upload(importEndpoints.previewInto, { params: { id: this.projectId }, fields, file });
      runInAction(() => {
        if (this.file !== file) return;
        this.preview = preview;
        this.name ||= preview.boardName;
        this.step = 'preview';
      });
    } catch (failure) {
      runInAction(() => {
        if (this.file !== file) return;
        this.preview = null;
        this.error = messageOfError(failure, 'file');
        this.step = 'choose';
      });
    }
  }
}
