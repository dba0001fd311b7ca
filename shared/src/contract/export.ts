/**
 * A project's export (issue 37): its administrators, its am and operators ask for one archive of the
 * project, made in the background; the browser polls its progress and downloads it once ready, until it
 * expires. Beside the endpoint table rather than in it, so the first screen's bundle (which holds the
 * table) does not carry these: only the project menu's chunk and the server import this file.
 */
import { endpoint, type FileBytes } from './endpoint.js';
import type { UnixSeconds } from './entities.js';
import { idParam } from './validation.js';

export const EXPORT_STATUSES = ['running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** One export as its requester sees it. */
export interface ProjectExport {
  id: number;
  projectId: number;
  status: ExportStatus;
  /** 0–100: tasks read, then files packed. */
  progress: number;
  /** The archive's size in bytes, once ready. */
  size: number | null;
  dateCreate: UnixSeconds;
  /** When the download link stops working (set once ready). */
  dateExpires: UnixSeconds | null;
  /** The download's address while ready and not expired; null otherwise. */
  url: string | null;
}

const params = { params: { id: idParam('project') } } as const;

export const exportEndpoints = {
  /** Starts an export, or answers the requester's one still running. */
  start: endpoint('POST', '/project/:id/export', params).answers<ProjectExport>(),
  /** The requester's latest export of the project (null: none yet). */
  latest: endpoint('GET', '/project/:id/export', params).answers<ProjectExport | null>(),
  /** The archive; 410 `export_expired` after `dateExpires`. */
  download: endpoint('GET', '/project/:id/export/:exportId', { params: { id: idParam('project'), exportId: idParam('export') } }).answers<FileBytes>(),
} as const;
