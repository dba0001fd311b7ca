/**
 * Negayno's own project export (`project.json` of the archive) read into an import plan: its tasks come
 * back as drafts with their name, description, importance and deadline. Chats, documents, files,
 * transactions and members stay in the archive: the preview counts them as dropped.
 */
import { IMPORTANCE_LEVELS, type Importance } from '@negayno/shared/contract';
import type { DroppedKind } from '@negayno/shared/contract/project-import';
import { z } from 'zod';
import { cleanDescription } from './description.js';
import type { Draft } from '../../tasks/index.js';
import { droppedList, mapWithBreaks, taskName, type ImportOptions, type ImportPlan } from './plan.js';

/** Seconds since 1970 (the contract's dates), or an ISO text. */
const when = z.union([z.number(), z.string()]).nullish();

const exportedTask = z.object({
  name: z.string(),
  description: z.string().nullish(),
  importance: z.number().nullish(),
  status: z.string().optional(),
  dateDeadline: when,
  deadline: when,
  /** Where the export writes the life cycle's dates (export-format.ts): `dates.dateDeadline`, ISO. */
  dates: z.record(z.string(), z.string().nullable()).optional(),
  documents: z.unknown().optional(),
  chats: z.unknown().optional(),
  files: z.unknown().optional(),
});

export const negaynoExport = z.object({
  format: z.literal('negayno-export'),
  version: z.literal(1),
  project: z.object({ name: z.string() }),
  members: z.unknown().optional(),
  tasks: z.array(exportedTask),
  transactions: z.unknown().optional(),
});
export type NegaynoExport = z.infer<typeof negaynoExport>;

function dateOf(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function deadlineOf(task: z.infer<typeof exportedTask>): Date | null {
  return dateOf(task.dates?.dateDeadline ?? task.dateDeadline ?? task.deadline);
}

function importanceOf(value: number | null | undefined): Importance {
  return (IMPORTANCE_LEVELS as readonly number[]).includes(value ?? 0) ? (value as Importance) : 0;
}

/** How many entries an exported collection holds (a list, or an object keyed by chat). */
function countOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return value && typeof value === 'object' ? Object.keys(value).length : 0;
}

export async function planFromNegayno(file: NegaynoExport, options: ImportOptions): Promise<ImportPlan> {
  const kept: NegaynoExport['tasks'] = [];
  const carried = { descriptions: 0, checklists: 0, comments: 0, labels: 0, dueDates: 0, attachmentLinks: 0 };
  const dropped: Partial<Record<DroppedKind, number>> = { archivedCards: 0, chats: 0, documents: 0, files: 0 };
  for (const task of file.tasks) {
    if (task.status === 'archived' && !options.includeArchived) {
      dropped.archivedCards! += 1;
      continue;
    }
    kept.push(task);
    if (task.description?.trim()) carried.descriptions += 1;
    if (deadlineOf(task)) carried.dueDates += 1;
    dropped.chats! += countOf(task.chats);
    dropped.documents! += countOf(task.documents);
    dropped.files! += countOf(task.files);
  }
  const tasks: Draft[] = await mapWithBreaks(kept, (task) => ({
    name: taskName(task.name),
    // Stored descriptions were clean when written; a file may have been edited since.
    description: cleanDescription(task.description ?? '', task.description ?? ''),
    importance: importanceOf(task.importance),
    deadline: deadlineOf(task),
  }));
  dropped.transactions = countOf(file.transactions);
  dropped.members = countOf(file.members);
  return {
    tasks,
    preview: {
      source: 'negayno',
      boardName: file.project.name,
      lists: [{ name: file.project.name, tasks: tasks.length, skippedArchived: dropped.archivedCards!, archived: false }],
      tasks: tasks.length,
      carried,
      dropped: droppedList(dropped),
    },
  };
}
