import type { DocumentPermissions, TaskDocument } from '@negayno/shared/contract';
import { toUnix, toUnixOrNull } from '../../lib/time.js';
import type { DocumentRow } from './repo.js';

export interface DocumentViewer {
  seesPrices: boolean;
  now: Date;
  currentOfferId: number | null;
  offerExpiration: Date | null;
  datePause: Date | null;
  performers: TaskDocument['performers'];
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
    can: current && row.type === 'offer' ? viewer.can : { accept: false, reject: false, update: false },
  };
}
