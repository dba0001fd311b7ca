/**
 * A task's attachments (spec 2 "Attachments", spec 5, spec 7 "Tasks and files"): listed and served to
 * whoever may read the task, added, renamed and deleted by whoever may edit it (spec 6). Every change
 * is a unit of work that records the task's files as changed (`task.files.update` to its room once
 * committed) and, when their count moved, the task itself (its card shows the count).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOf, fileKindOf, type FileKind, type TaskFile } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { IncomingUpload, ServedFile } from '../../http/file-routes.js';
import type { UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { TasksService } from '../tasks/index.js';
import { HEAD_BYTES, contentFitsExtension, detect, mimeOf } from './content-check.js';
import type { FileStore } from './file-store.js';
import { cleanFileName, withExtension } from './names.js';
import { toTaskFile } from './presenters.js';
import { deleteFile, filesOfTask, findFile, insertFile, renameFile, type FileRow } from './repo.js';
import { makePreview } from './thumbnails.js';

/** An upload as the route hands it over: the name the browser gave and the byte stream. */
export type IncomingFile = IncomingUpload;
export type { ServedFile };

/** What an upload turned out to be, once checked and stored: the columns of the caller's row. */
export interface StoredUpload {
  name: string;
  extension: string;
  kind: FileKind;
  mime: string;
  size: number;
  storage_key: string;
  thumb_key: string | null;
  color: string;
  width: number | null;
  height: number | null;
}

async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly tasks: TasksService,
    private readonly store: FileStore,
    readonly maxBytes: number,
  ) {}

  async list(user: AuthUser, taskId: number): Promise<TaskFile[]> {
    if (!(await this.tasks.canSee(user, taskId))) throw new AppError('task_not_found');
    return (await filesOfTask(this.db, taskId)).map(toTaskFile);
  }

  /** Asked before the body is read: nobody streams bytes at a task they may not edit. */
  async assertMayUpload(user: AuthUser, taskId: number): Promise<void> {
    await this.tasks.editable(user, taskId);
  }

  /** Attaches a file `receive` checked and stored (the route discards it if this refuses). */
  async upload(user: AuthUser, taskId: number, stored: StoredUpload): Promise<TaskFile> {
    const { task } = await this.tasks.editable(user, taskId);
    const row = await this.units.run(async (unit) => {
      const inserted = await insertFile(unit.trx, { task_id: taskId, author_id: user.id, ...stored });
      unit.changed.files(taskId);
      await this.tasks.touch(unit, { id: taskId, projectId: task.project_id });
      return inserted;
    });
    return toTaskFile(row);
  }

  /**
   * The checks and the storing of an upload, for every module that takes files (a task's attachments,
   * a chat message's file): the bytes are kept under `keyPrefix/` and what they are is answered for the
   * caller's own row. Refusals are `file_is_invalid`, `file_is_empty`, `file_is_too_large`.
   */
  async receive(keyPrefix: string, incoming: IncomingFile): Promise<StoredUpload> {
    const cleaned = cleanFileName(incoming.filename);
    const extension = extensionOf(cleaned);
    const kind = fileKindOf(cleaned);
    const temp = join(await this.store.tempDir(), randomUUID());
    try {
      if (!kind) {
        incoming.stream.resume();
        throw new AppError('file_is_invalid');
      }
      await pipeline(incoming.stream, createWriteStream(temp));
      if (incoming.stream.truncated) throw new AppError('file_is_too_large');
      const head = await headOf(temp);
      if (head.length === 0) throw new AppError('file_is_empty');
      if (!contentFitsExtension(extension, head)) throw new AppError('file_is_invalid');
      const { size } = await stat(temp);
      const preview = await makePreview(temp, extension, kind);
      const key = `${keyPrefix}/${randomUUID()}.${extension}`;
      const thumbKey = preview.thumbPath ? `${key}.thumb.webp` : null;
      await this.store.putFile(key, temp);
      if (preview.thumbPath && thumbKey) await this.store.putFile(thumbKey, preview.thumbPath);
      return {
        name: withExtension(cleaned, extension),
        extension,
        kind,
        mime: mimeOf(extension, detect(head)),
        size,
        storage_key: key,
        thumb_key: thumbKey,
        color: preview.color,
        width: preview.width,
        height: preview.height,
      };
    } finally {
      await rm(temp, { force: true });
      await rm(`${temp}.thumb.webp`, { force: true });
    }
  }

  /** Removes the bytes of a stored upload (its row is gone, or was never written). */
  async discard(stored: Pick<StoredUpload, 'storage_key' | 'thumb_key'>): Promise<void> {
    await Promise.all([this.store.remove(stored.storage_key), stored.thumb_key ? this.store.remove(stored.thumb_key) : undefined]);
  }

  /** The bytes of a stored upload (or its thumbnail), for a caller that checked who may read it. */
  async serve(stored: StoredUpload, variant: 'content' | 'thumb'): Promise<ServedFile> {
    const key = variant === 'thumb' ? stored.thumb_key : stored.storage_key;
    const found = key ? await this.store.read(key) : null;
    if (!found) throw new AppError('file_not_found');
    const inline = variant === 'thumb' || (['image', 'video', 'audio'].includes(stored.kind) && stored.extension !== 'svg' && stored.extension !== 'svgz');
    return { ...found, mime: variant === 'thumb' ? 'image/webp' : stored.mime, name: stored.name, inline };
  }

  /** Spec 5: a non-empty new name; the extension is kept, or put back when the new name lacks it. */
  async rename(user: AuthUser, fileId: number, name: string): Promise<TaskFile> {
    const { file } = await this.editableFile(user, fileId);
    const cleaned = cleanFileName(name);
    if (!cleaned) throw new AppError('name_is_empty');
    const renamed = withExtension(cleaned, file.extension);
    if (renamed === file.name) return toTaskFile(file);
    const row = await this.units.run(async ({ trx, changed }) => {
      changed.files(file.task_id);
      return renameFile(trx, fileId, renamed);
    });
    return toTaskFile(row);
  }

  async delete(user: AuthUser, fileId: number): Promise<null> {
    const { file, task } = await this.editableFile(user, fileId);
    await this.units.run(async (unit) => {
      await deleteFile(unit.trx, fileId);
      unit.changed.files(file.task_id);
      await this.tasks.touch(unit, { id: file.task_id, projectId: task.project_id });
    });
    // The row is gone first: a failure to remove the bytes leaves an orphan, never a broken card.
    await this.discard(file);
    return null;
  }

  /** The bytes of a file (or its thumbnail) for a reader of its task; anyone else hears file_not_found. */
  async open(user: AuthUser, fileId: number, variant: 'content' | 'thumb'): Promise<ServedFile> {
    const file = await findFile(this.db, fileId);
    if (!file || !(await this.tasks.canSee(user, file.task_id))) throw new AppError('file_not_found');
    return this.serve(file, variant);
  }

  private async editableFile(user: AuthUser, fileId: number): Promise<{ file: FileRow; task: { project_id: number } }> {
    const file = await findFile(this.db, fileId);
    if (!file || !(await this.tasks.canSee(user, file.task_id))) throw new AppError('file_not_found');
    const { task } = await this.tasks.editable(user, file.task_id);
    return { file, task };
  }
}
