/**
 * Bringing a board in (issue 37): a Trello board's JSON export, or Negayno's own project export, becomes
 * draft tasks in column 1 of a new project or of an existing one. Two steps, each an upload of the same
 * file: the preview says what maps to what and what is dropped, the import does it in one transaction.
 * Beside the endpoints table rather than in it, so the first screen's bundle does not carry it: only the
 * import dialog's chunk and the server use it.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { LENGTH } from './limits.js';
import { asSingleLine, idParam } from './validation.js';

export const IMPORT = {
  /** The largest file read: it is parsed whole, so this bounds the memory an import takes. */
  maxBytes: 32 * 1024 * 1024,
  /** More cards than this in one file are refused (`import_has_too_many_cards`) before anything is written. */
  maxCards: 5000,
} as const;

/** What a file was read as. */
export const IMPORT_SOURCES = ['trello', 'negayno'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** A multipart field is text: '1' or 'true' asks for it. */
const flag = z
  .string()
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** The text fields sent beside the file. */
export const importFields = z.object({
  /** Archived cards (and the cards of archived lists) come too; skipped by default. */
  includeArchived: flag,
  /** The new project's name (import into a new project); the board's own name when empty. */
  name: z.string({ error: 'name_is_too_long' }).overwrite(asSingleLine).trim().max(LENGTH.name, { error: 'name_is_too_long' }).optional(),
});
export type ImportFields = z.input<typeof importFields>;

/** One list of the board (a Trello list; Negayno's export has one, its project): where its cards go. */
export interface ImportListPreview {
  name: string;
  /** Cards that become draft tasks. */
  tasks: number;
  /** Archived cards left out (0 when they were asked for). */
  skippedArchived: number;
  archived: boolean;
}

/** What is not carried over, counted, so the preview can say so. */
export const DROPPED_KINDS = [
  'archivedCards',
  'cardMembers',
  'votes',
  'customFields',
  'otherActivity',
  'chats',
  'documents',
  'files',
  'transactions',
  'members',
] as const;
export type DroppedKind = (typeof DROPPED_KINDS)[number];

export interface ImportPreview {
  source: ImportSource;
  /** The board's (or exported project's) name: the new project's name unless another is given. */
  boardName: string;
  lists: ImportListPreview[];
  /** Draft tasks the import makes, all in column 1. */
  tasks: number;
  /** What each task's description gains from the file. */
  carried: { descriptions: number; checklists: number; comments: number; labels: number; dueDates: number; attachmentLinks: number };
  dropped: Array<{ kind: DroppedKind; count: number }>;
}

export interface ImportResult {
  projectId: number;
  tasks: number;
}

const upload = { upload: { file: 'required' }, body: importFields } as const;
const into = { params: { id: idParam('project') }, ...upload } as const;

export const importEndpoints = {
  /** What a new project made from the file would hold (client accounts, who may create projects). */
  previewNew: endpoint('POST', '/project/import/preview', upload).answers<ImportPreview>(),
  /** A new project of the caller's, filled with the file's cards as drafts. */
  importNew: endpoint('POST', '/project/import', upload).answers<ImportResult>(),
  /** What importing into this project would add (`can.importTasks`; 404 for a project the caller does not see). */
  previewInto: endpoint('POST', '/project/:id/import/preview', into).answers<ImportPreview>(),
  importInto: endpoint('POST', '/project/:id/import', into).answers<ImportResult>(),
} as const;
