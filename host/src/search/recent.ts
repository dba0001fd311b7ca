/**
 * What the palette shows before anything is typed: the person's last searches and the tasks they last
 * opened from it, kept in this browser under their user id (another account signed in here never sees
 * them).
 */
import type { SearchTask } from '@negayno/shared/contract';
import { readStorage, writeStorage } from '@negayno/shared/lib';

const KEEP = 5;

export interface Recent {
  searches: string[];
  tasks: SearchTask[];
}

const keyOf = (userId: number) => `search.recent.${userId}`;

export function readRecent(userId: number): Recent {
  try {
    const stored = JSON.parse(readStorage(keyOf(userId)) ?? 'null') as Partial<Recent> | null;
    return {
      searches: Array.isArray(stored?.searches) ? stored.searches.filter((q): q is string => typeof q === 'string').slice(0, KEEP) : [],
      tasks: Array.isArray(stored?.tasks) ? stored.tasks.filter((task) => typeof task?.id === 'number').slice(0, KEEP) : [],
    };
  } catch {
    return { searches: [], tasks: [] };
  }
}

function write(userId: number, recent: Recent): void {
  writeStorage(keyOf(userId), JSON.stringify(recent));
}

/** The newest first, each once. */
export function rememberSearch(userId: number, q: string): void {
  const text = q.trim();
  if (!text) return;
  const recent = readRecent(userId);
  write(userId, { ...recent, searches: [text, ...recent.searches.filter((other) => other !== text)].slice(0, KEEP) });
}

export function rememberTask(userId: number, task: SearchTask): void {
  const recent = readRecent(userId);
  write(userId, { ...recent, tasks: [task, ...recent.tasks.filter((other) => other.id !== task.id)].slice(0, KEEP) });
}
