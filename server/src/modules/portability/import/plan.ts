/**
 * What a file becomes before anything is written: the drafts to make (name, clean description, importance,
 * deadline) and the preview that tells the person what maps to what. Both formats (Trello, Negayno's own
 * export) are read into this one shape, so the writing and the preview are shared.
 */
import { asSingleLine, LENGTH } from '@negayno/shared/contract';
import type { DroppedKind, ImportPreview } from '@negayno/shared/contract/project-import';
import type { Draft } from '../../tasks/index.js';

export interface ImportPlan {
  preview: ImportPreview;
  /** Drafts in the file's order, descriptions sanitised. */
  tasks: Draft[];
}

/** What the person chose beside the file. */
export interface ImportOptions {
  includeArchived: boolean;
}

/** A task name: one line within LENGTH.name (a Trello card's name may hold line breaks). */
export function taskName(name: string): string {
  const single = asSingleLine(name.replace(/[\r\n\t\u0085\u2028\u2029]+/g, ' ')).trim();
  return (single || '—').slice(0, LENGTH.name);
}

/** The preview's `dropped`: only what there was some of. */
export function droppedList(counts: Partial<Record<DroppedKind, number>>): ImportPreview['dropped'] {
  return Object.entries(counts)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([kind, count]) => ({ kind: kind as DroppedKind, count: count! }));
}

/** Items mapped between two turns of the event loop. */
const BREAK_EVERY = 20;

/**
 * `items.map(work)`, letting other requests be served every few items: cleaning a description takes a
 * few milliseconds (a DOM parse), and a file holds thousands.
 */
export async function mapWithBreaks<T, R>(items: T[], work: (item: T) => R): Promise<R[]> {
  const done: R[] = [];
  for (const item of items) {
    done.push(work(item));
    if (done.length % BREAK_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}
