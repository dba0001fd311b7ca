/**
 * The machine-readable part of a project's export (issue 37): `project.json` at the root of the
 * archive. Negayno's own importer reads it back (the round trip), so its top-level names and the
 * `format`/`version` pair are a promise: a change that breaks a reader raises `version`. Types only,
 * imported through `@negayno/shared/contract/export-format`, never the contract's index (the first
 * screen does not need them). Times are ISO 8601 strings (UTC); money is in minor units.
 */
import type { ChatKey, Currency, ProjectRole, TaskStatus } from './enums.js';
import type { SystemNote } from './system-notes.js';

export const EXPORT_FORMAT = 'negayno-export';
export const EXPORT_FORMAT_VERSION = 1;

/** An ISO 8601 time, `2026-11-28T23:45:10.000Z`. */
export type IsoTime = string;

export interface ExportPerson {
  id: number;
  firstname: string;
  lastname: string;
}

export interface ExportMember extends ExportPerson {
  /** The client's people: administrator, user, guest; the staff: am, pm, sm. */
  kind: 'member' | 'staff';
  role: ProjectRole | 'am' | 'pm' | 'sm';
  /** Members only, and only when the exporter may see the members' contacts. */
  email?: string;
  isOwner?: boolean;
}

export interface ExportDescriptionVersion {
  id: number;
  author: ExportPerson | null;
  /** The description as it was then (sanitised HTML). */
  description: string;
  createdAt: IsoTime;
}

export interface ExportDocument {
  id: number;
  type: 'offer' | 'contract';
  version: number;
  name: string;
  description: string;
  workList: string[];
  currency: Currency;
  /** Null when the exporter is not shown prices (spec 6). */
  cost: number | null;
  urgencies: Array<{ urgency: number; price: number | null; dateDeadline: number }>;
  urgency: number | null;
  progress: number;
  authorId: number | null;
  /** A contract's offer. */
  offerId: number | null;
  dateStart: IsoTime | null;
  dateDeadline: IsoTime | null;
  rejectedBy: number | null;
  rejectedAt: IsoTime | null;
  rejectReason: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface ExportMessageFile {
  name: string;
  mime: string;
  size: number;
  /** Where the bytes are inside the archive. */
  path: string;
}

export interface ExportMessage {
  id: number;
  author: ExportPerson | null;
  body: string;
  parentId: number | null;
  quote: string | null;
  /** A system line's note (workflow steps); null for a person's message. */
  systemNote: SystemNote | null;
  dateDeadline: IsoTime | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
  deletedAt: IsoTime | null;
  file: ExportMessageFile | null;
}

export interface ExportChat {
  kind: ChatKey;
  messages: ExportMessage[];
}

export interface ExportFile {
  id: number;
  name: string;
  extension: string;
  mime: string;
  size: number;
  /** Where the bytes are inside the archive: `files/<taskNumber>/<name>`. */
  path: string;
  authorId: number | null;
  createdAt: IsoTime;
}

/** Every column of a task, by its contract name, plus what hangs off it. */
export interface ExportTask {
  id: number;
  number: number;
  name: string;
  status: TaskStatus;
  authorId: number;
  description: string;
  importance: number;
  negayno: boolean;
  performerIds: number[];
  deletionRequestedAt: IsoTime | null;
  deletionReason: string | null;
  archivedFrom: TaskStatus | null;
  rating: number | null;
  review: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
  /** The life cycle's dates (`datePublish`, `dateDeadline`, `dateArchived`, …), each null or a time. */
  dates: Record<string, IsoTime | null>;
  descriptionHistory: ExportDescriptionVersion[];
  documents: ExportDocument[];
  /** Only the chats the exporter may read: a client's export has `main` alone. */
  chats: ExportChat[];
  files: ExportFile[];
}

export interface ExportTransaction {
  id: number;
  paymentType: string;
  status: string;
  amount: number;
  currency: Currency;
  taskId: number | null;
  taskNumber: number | null;
  senderId: number | null;
  recipientId: number | null;
  documentName: string | null;
  settlementNote: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface ProjectExportFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_FORMAT_VERSION;
  exportedAt: IsoTime;
  /** Who exported it, and so whose reading rules shaped it. */
  exportedBy: ExportPerson;
  project: { id: number; name: string; currency: Currency; createdAt: IsoTime; archivedAt: IsoTime | null };
  members: ExportMember[];
  tasks: ExportTask[];
  /** Empty unless the exporter may see the project's money (its administrators, operators). */
  transactions: ExportTransaction[];
}
