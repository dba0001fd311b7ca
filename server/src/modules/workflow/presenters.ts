import type { DocumentPermissions, TaskDocument, TaskEstimate } from '@negayno/shared/contract';
import { toUnix, toUnixOrNull } from '../../lib/time.js';
import type { DocumentRow, EstimateRow } from './repo.js';

export interface DocumentViewer {
  seesPrices: boolean;
  now: Date;
  currentOfferId: number | null;
  offerExpiration: Date | null;
  datePause: Date | null;
  performers: TaskDocument['performers'];
  /** The people who rejected offer versions, by id. */
  rejecters: Map<number, { id: number; firstname: string; lastname: string }>;
  can: DocumentPermissions;
}

export function toDocument(row: DocumentRow, viewer: DocumentViewer): TaskDocument {
  const current = row.type === 'contract' || row.id === viewer.currentOfferId;
  return {
    id: row.id,
    taskId: row.task_id,
    type: row.type,
    version: row.version,
    name: row.name,
    description: row.description,
    workList: row.work_list,
    cost: viewer.seesPrices ? Number(row.cost) : null,
    currency: row.currency,
    urgencies: row.urgencies.map((urgency) => ({ ...urgency, currency: row.currency, price: viewer.seesPrices ? urgency.price : null })),
    progress: row.progress,
    performers: row.type === 'contract' ? viewer.performers : [],
    dateStart: toUnixOrNull(row.date_start),
    dateDeadline: toUnixOrNull(row.date_deadline),
    dateUpdate: toUnix(row.updated_at),
    datePause: row.type === 'contract' ? toUnixOrNull(viewer.datePause) : null,
    // An older version, or the current one past its expiration, can no longer be answered.
    expired: row.type === 'offer' && (!current || (viewer.offerExpiration !== null && viewer.offerExpiration <= viewer.now)),
    current,
    rejection:
      row.type === 'offer' && row.rejected_at !== null
        ? { reason: row.reject_reason ?? '', by: (row.rejected_by !== null && viewer.rejecters.get(row.rejected_by)) || null, date: toUnix(row.rejected_at) }
        : null,
    can: current && row.type === 'offer' ? viewer.can : { accept: false, reject: false, update: false },
  };
}

export function toEstimate(row: EstimateRow): TaskEstimate {
  return {
    id: row.id,
    estimate: row.estimate,
    executionTime: row.execution_time,
    executionTimeBase: row.execution_time_base,
    delayStart: row.delay_start,
    jobItem: row.job_items,
    dateAutoSendForCheck: toUnixOrNull(row.date_auto_send_for_check),
    dateCreate: toUnix(row.created_at),
    performer: row.performer_id !== null && row.firstname !== null ? { id: row.performer_id, firstname: row.firstname, lastname: row.lastname ?? '' } : null,
  };
}
