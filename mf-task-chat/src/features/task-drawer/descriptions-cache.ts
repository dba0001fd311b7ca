/**
 * Spec 3: task descriptions are cached in browser storage under 'descriptions', a map from task id to
 * text, so a reopened task paints its description before the server answers.
 */
import { readStorage, STORAGE_KEYS, writeStorage } from '@negayno/shared/lib';

/** A cache, not an archive: beyond this many tasks the oldest (lowest ids: numeric keys keep numeric order) go. */
const MAX_ENTRIES = 50;

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.descriptions) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function cachedDescription(taskId: number): string | null {
  const value = readAll()[String(taskId)];
  return typeof value === 'string' ? value : null;
}

export function cacheDescription(taskId: number, description: string): void {
  const all = readAll();
  all[String(taskId)] = description;
  const keys = Object.keys(all);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete all[key];
  writeStorage(STORAGE_KEYS.descriptions, JSON.stringify(all));
}
