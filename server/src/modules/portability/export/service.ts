/**
 * A project's export (issue 37): the policy asked first (a project the caller cannot see answers
 * `project_not_found`, a visible one they may not export `access_denied`), then a row is written and the
 * archive made in the background of this process (`writeArchive`), its progress on the row. When it is
 * ready the requester is notified; its link works for EXPORT_TTL_HOURS, after which the archive is
 * removed and the link answers `export_expired`.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProjectExport } from '@negayno/shared/contract/export';
import { exportEndpoints } from '@negayno/shared/contract/export';
import { fileUrl } from '@negayno/shared/contract/file-url';
import type { Db } from '../../../db/connection.js';
import { AppError } from '../../../http/app-error.js';
import type { ServedFile } from '../../../http/file-routes.js';
import type { AuthUser } from '../../../lib/auth-user.js';
import { toUnix, toUnixOrNull } from '../../../lib/time.js';
import type { FileStore } from '../../files/index.js';
import type { NotificationsService } from '../../notifications/index.js';
import { canExport, type ProjectAccess, type ProjectsService } from '../../projects/index.js';
import { canDownload, exportScopeOf } from '../policy.js';
import { writeArchive } from './archive.js';
import { createReadStream } from 'node:fs';
import {
  exportById,
  exporterOf,
  expiredArchives,
  failExport,
  finishExport,
  forgetArchive,
  insertExport,
  latestExportOf,
  projectOf,
  setProgress,
  type ExportRow,
} from './repo.js';

/** A running export whose row has not moved for this long was left by a stopped process. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

export interface ExportOptions {
  exportsDir: string;
  ttlHours: number;
  log: { error(object: unknown, message: string): void };
}

type Row = NonNullable<ExportRow>;

function statusOf(row: Row, now: Date): ProjectExport['status'] {
  if (row.status === 'running' && now.getTime() - row.updated_at.getTime() > ABANDONED_AFTER_MS) return 'failed';
  return row.status;
}

function isExpired(row: Row, now: Date): boolean {
  return row.expires_at !== null && row.expires_at.getTime() <= now.getTime();
}

export class ExportService {
  /** The archives being made by this process (a test or a stopping process waits for them). */
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly projects: Pick<ProjectsService, 'accessTo' | 'exists'>,
    private readonly store: Pick<FileStore, 'read'>,
    private readonly notifications: Pick<NotificationsService, 'notify'>,
    private readonly options: ExportOptions,
  ) {}

  /**
   * The caller's access when they may export: an operator reaches any live project, tied to it or not;
   * anyone else the projects they see. Refused like `ProjectsService.accessFor`.
   */
  private async accessOf(user: AuthUser, projectId: number): Promise<ProjectAccess> {
    let access = await this.projects.accessTo(user, projectId);
    if (!access && user.operator === true && (await this.projects.exists(projectId)))
      access = { projectId, role: user.role === 'user' ? 'guest' : user.role, operator: true };
    if (!access) throw new AppError('project_not_found');
    if (!canExport(access)) throw new AppError('access_denied');
    return access;
  }

  private present(row: Row, now = new Date()): ProjectExport {
    const status = statusOf(row, now);
    const downloadable = status === 'ready' && row.file_path !== null && !isExpired(row, now);
    return {
      id: row.id,
      projectId: row.project_id,
      status,
      progress: row.progress,
      size: row.size === null ? null : Number(row.size),
      dateCreate: toUnix(row.created_at),
      dateExpires: toUnixOrNull(row.expires_at),
      url: downloadable ? fileUrl(exportEndpoints.download, { id: row.project_id, exportId: row.id }) : null,
    };
  }

  /** Starts an export, or answers the caller's one still running for this project. */
  async start(user: AuthUser, projectId: number): Promise<ProjectExport> {
    const access = await this.accessOf(user, projectId);
    const latest = await latestExportOf(this.db, projectId, user.id);
    if (latest && statusOf(latest, new Date()) === 'running') return this.present(latest);
    await this.removeExpired();
    const row = await insertExport(this.db, projectId, user.id);
    const job = this.make(user, access, row.id).finally(() => this.running.delete(row.id));
    this.running.set(row.id, job);
    return this.present(row);
  }

  async latest(user: AuthUser, projectId: number): Promise<ProjectExport | null> {
    await this.accessOf(user, projectId);
    const row = await latestExportOf(this.db, projectId, user.id);
    return row ? this.present(row) : null;
  }

  async download(user: AuthUser, projectId: number, exportId: number): Promise<ServedFile> {
    await this.accessOf(user, projectId);
    const row = await exportById(this.db, exportId);
    if (!row || row.project_id !== projectId || !canDownload(user, { requestedBy: row.requested_by }) || statusOf(row, new Date()) !== 'ready') {
      throw new AppError('export_not_found');
    }
    if (isExpired(row, new Date()) || row.file_path === null) {
      await this.removeExpired();
      throw new AppError('export_expired');
    }
    const { name } = await projectOf(this.db, projectId);
    const stamp = row.created_at.toISOString().slice(0, 10);
    return {
      stream: createReadStream(row.file_path),
      size: Number(row.size),
      mime: 'application/zip',
      name: `${name} ${stamp}.zip`,
      inline: false,
    };
  }

  /** Waits for the archives this process is making (tests; a stopping process). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  /** Removes the archives whose link lapsed; the rows stay, answering `export_expired`. */
  async removeExpired(now = new Date()): Promise<void> {
    for (const row of await expiredArchives(this.db, now)) {
      await rm(row.file_path!, { force: true });
      await forgetArchive(this.db, row.id);
    }
  }

  private async make(user: AuthUser, access: ProjectAccess, exportId: number): Promise<void> {
    const zipPath = join(this.options.exportsDir, `${exportId}.zip`);
    const workDir = join(this.options.exportsDir, `${exportId}.work`);
    try {
      await mkdir(workDir, { recursive: true });
      const exporter = await exporterOf(this.db, user.id);
      const { size } = await writeArchive({
        db: this.db,
        store: this.store,
        scope: exportScopeOf(user, access),
        exporter,
        zipPath,
        workDir,
        // The share of tasks written moves the bar to 95%; packing the files and the rest is the last stretch.
        onProgress: (share) => setProgress(this.db, exportId, Math.floor(share * 95)),
      });
      const expiresAt = new Date(Date.now() + this.options.ttlHours * 3600 * 1000);
      await this.db.transaction().execute(async (trx) => {
        await finishExport(trx, exportId, { filePath: zipPath, size, expiresAt });
        await this.notifications.notify(trx, { kind: 'export_ready', actorId: null, userIds: [user.id], projectId: access.projectId });
      });
    } catch (error) {
      this.options.log.error({ err: error, exportId }, 'a project export failed');
      await rm(zipPath, { force: true }).catch(() => undefined);
      await failExport(this.db, exportId).catch(() => undefined);
    } finally {
      // Never a rejection: nobody awaits the job but `settled()`.
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}
