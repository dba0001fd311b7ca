/** The export's rows as `project.json` writes them (issue 37): every column by its contract name, times as ISO text. */
import type {
  ExportDescriptionVersion,
  ExportDocument,
  ExportFile,
  ExportMember,
  ExportMessage,
  ExportPerson,
  ExportTask,
  ExportTransaction,
} from '@negayno/shared/contract/export-format';
import type { ExportScope } from '../policy.js';
import type { MessageRowOfExport, TaskRowOfExport, TransactionRowOfExport, membersOf, partsOfTasks } from './repo.js';

export function iso(date: Date): string {
  return date.toISOString();
}

export function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function personOf(row: { personId: number | null; firstname: string | null; lastname: string | null }): ExportPerson | null {
  return row.personId === null ? null : { id: row.personId, firstname: row.firstname ?? '', lastname: row.lastname ?? '' };
}

export function toMembers(rows: Awaited<ReturnType<typeof membersOf>>, scope: ExportScope): ExportMember[] {
  return [
    ...rows.members.map((row): ExportMember => ({
      id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      kind: 'member',
      role: row.role,
      isOwner: row.is_owner,
      ...(scope.memberContacts ? { email: row.email } : {}),
    })),
    ...rows.staff.map((row): ExportMember => ({ id: row.id, firstname: row.firstname, lastname: row.lastname, kind: 'staff', role: row.role })),
  ];
}

/** The task's columns that are not dates, by name; every `date_*` column goes to `dates` in camelCase. */
const NOT_DATES = new Set([
  'id',
  'project_id',
  'number',
  'name',
  'status',
  'author_id',
  'description',
  'importance',
  'negayno',
  'deletion_requested_at',
  'deletion_reason',
  'archived_from',
  'rating',
  'review',
  'created_at',
  'updated_at',
]);

function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

function datesOf(row: TaskRowOfExport): Record<string, string | null> {
  const dates: Record<string, string | null> = {};
  for (const [column, value] of Object.entries(row)) {
    if (NOT_DATES.has(column)) continue;
    dates[camel(column)] = value instanceof Date ? iso(value) : null;
  }
  return dates;
}

type Parts = Awaited<ReturnType<typeof partsOfTasks>>;

export function toHistory(row: Parts['history'][number]): ExportDescriptionVersion {
  return { id: row.id, author: personOf(row), description: row.description, createdAt: iso(row.created_at) };
}

export function toDocument(row: Parts['docs'][number], scope: ExportScope): ExportDocument {
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    name: row.name,
    description: row.description,
    workList: row.work_list,
    currency: row.currency,
    cost: scope.prices ? row.cost : null,
    urgencies: row.urgencies.map((urgency) => ({ urgency: urgency.urgency, price: scope.prices ? urgency.price : null, dateDeadline: urgency.dateDeadline })),
    urgency: row.urgency,
    progress: row.progress,
    authorId: row.author_id,
    offerId: row.offer_id,
    dateStart: isoOrNull(row.date_start),
    dateDeadline: isoOrNull(row.date_deadline),
    rejectedBy: row.rejected_by,
    rejectedAt: isoOrNull(row.rejected_at),
    rejectReason: row.reject_reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toFile(row: Parts['files'][number], path: string): ExportFile {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    mime: row.mime,
    size: row.size,
    path,
    authorId: row.author_id,
    createdAt: iso(row.created_at),
  };
}

/** A task without its chats (they are streamed after it). */
export function toTask(row: TaskRowOfExport, parts: Omit<ExportTask, keyof ReturnType<typeof taskColumns> | 'chats'>): Omit<ExportTask, 'chats'> {
  return { ...taskColumns(row), ...parts };
}

function taskColumns(row: TaskRowOfExport) {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    status: row.status,
    authorId: row.author_id,
    description: row.description,
    importance: row.importance,
    negayno: row.negayno,
    deletionRequestedAt: isoOrNull(row.deletion_requested_at),
    deletionReason: row.deletion_reason,
    archivedFrom: row.archived_from,
    rating: row.rating,
    review: row.review,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    dates: datesOf(row),
  };
}

export function toMessage(row: MessageRowOfExport, filePath: string | null): ExportMessage {
  return {
    id: row.id,
    author: personOf(row),
    body: row.body,
    parentId: row.parent_id,
    quote: row.quote,
    systemNote: row.system_note,
    dateDeadline: isoOrNull(row.date_deadline),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    deletedAt: isoOrNull(row.deleted_at),
    file: filePath !== null && row.fileName !== null ? { name: row.fileName, mime: row.fileMime ?? '', size: row.fileSize ?? 0, path: filePath } : null,
  };
}

export function toTransaction(row: TransactionRowOfExport): ExportTransaction {
  return {
    id: row.id,
    paymentType: row.payment_type,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    taskId: row.task_id,
    taskNumber: row.task_number,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    documentName: row.document_name,
    settlementNote: row.settlement_note,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const CSV_HEADER = 'id,createdAt,paymentType,status,amount,currency,taskNumber,senderId,recipientId,documentName,settlementNote\n';

/** RFC 4180: a field with a comma, quote or line break is quoted; a text opening with =+-@ is defused for spreadsheets. */
function csvText(value: string | null): string {
  if (value === null) return '';
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvNumber(value: number | null): string {
  return value === null ? '' : String(value);
}

export function csvRow(transaction: ExportTransaction): string {
  return (
    [
      csvNumber(transaction.id),
      csvText(transaction.createdAt),
      csvText(transaction.paymentType),
      csvText(transaction.status),
      (transaction.amount / 100).toFixed(2),
      csvText(transaction.currency),
      csvNumber(transaction.taskNumber),
      csvNumber(transaction.senderId),
      csvNumber(transaction.recipientId),
      csvText(transaction.documentName),
      csvText(transaction.settlementNote),
    ].join(',') + '\n'
  );
}
