/**
 * A file as an import plan, or the catalogue's code saying why not: not JSON or not an export of either
 * kind (`import_is_not_an_export`), JSON cut off before its end (`import_is_truncated`), more cards than
 * IMPORT.maxCards (`import_has_too_many_cards`, counted before anything else is read). The file is held
 * whole, so IMPORT.maxBytes (the upload's limit) bounds the memory one import takes.
 */
import type { Language } from '@negayno/shared/contract';
import { IMPORT } from '@negayno/shared/contract/project-import';
import { AppError } from '../../../http/app-error.js';
import { negaynoExport, planFromNegayno } from './negayno.js';
import type { ImportOptions, ImportPlan } from './plan.js';
import { planFromTrello, trelloBoard } from './trello.js';
import { IMPORT_WORDS } from './words.js';

/** A parse that failed at the very end of the text (or inside a string never closed) ran out of file. */
function isTruncated(text: string, error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON input|Unterminated string/i.test(message)) return true;
  const position = /at position (\d+)/.exec(message);
  return position !== null && Number(position[1]) >= text.trimEnd().length - 1;
}

function parse(bytes: Buffer): unknown {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*[{[]/.test(text)) throw new AppError('import_is_not_an_export');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError(isTruncated(text, error) ? 'import_is_truncated' : 'import_is_not_an_export');
  }
}

function countOf(file: Record<string, unknown>, key: 'cards' | 'tasks'): number {
  const entries = file[key];
  return Array.isArray(entries) ? entries.length : 0;
}

export async function planOf(bytes: Buffer, options: ImportOptions, language: Language): Promise<ImportPlan> {
  const file = parse(bytes);
  if (!file || typeof file !== 'object' || Array.isArray(file)) throw new AppError('import_is_not_an_export');
  const fields = file as Record<string, unknown>;
  if (Math.max(countOf(fields, 'cards'), countOf(fields, 'tasks')) > IMPORT.maxCards) throw new AppError('import_has_too_many_cards');
  if (fields.format === 'negayno-export') {
    const read = negaynoExport.safeParse(file);
    if (read.success) return planFromNegayno(read.data, options);
    throw new AppError('import_is_not_an_export');
  }
  const read = trelloBoard.safeParse(file);
  if (!read.success) throw new AppError('import_is_not_an_export');
  return planFromTrello(read.data, options, IMPORT_WORDS[language]);
}
