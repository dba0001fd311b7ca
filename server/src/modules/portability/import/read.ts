/**
 * A file as an import plan, or the catalogue's code saying why not: not JSON or not an export of either
 * kind (`import_is_not_an_export`), JSON cut off before its end (`import_is_truncated`), more cards than
 * IMPORT.maxCards (`import_has_too_many_cards`, counted before anything else is read). The file is held
 * whole, so IMPORT.maxBytes (the upload's limit) bounds the memory one import takes. Negayno's export
 * archive (a zip) is read for its `project.json` alone, itself held to IMPORT.maxBytes unpacked.
 */
import type { Language } from '@negayno/shared/contract';
import { IMPORT } from '@negayno/shared/contract/project-import';
import yauzl from 'yauzl';
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

/** A zip begins with a local file header, `PK\x03\x04`. */
function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
}

/**
 * `project.json` of an export archive. A zip that does not open, or holds no such entry, is not an
 * export; an entry that unpacks past IMPORT.maxBytes (whatever its header claims) is too large.
 */
async function projectJsonOf(zip: Buffer): Promise<Buffer> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(new AppError('import_is_not_an_export')) : resolve(opened))),
  );
  return new Promise<Buffer>((resolve, reject) => {
    const fail = (error: unknown) => {
      archive.close();
      reject(error instanceof AppError ? error : new AppError('import_is_not_an_export'));
    };
    archive.on('error', fail);
    archive.on('end', () => fail(new AppError('import_is_not_an_export')));
    archive.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== 'project.json') return archive.readEntry();
      if (entry.uncompressedSize > IMPORT.maxBytes) return fail(new AppError('file_is_too_large'));
      archive.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > IMPORT.maxBytes) {
            stream.destroy();
            return fail(new AppError('file_is_too_large'));
          }
          chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          archive.close();
          resolve(Buffer.concat(chunks));
        });
      });
    });
    archive.readEntry();
  });
}

function countOf(file: Record<string, unknown>, key: 'cards' | 'tasks'): number {
  const entries = file[key];
  return Array.isArray(entries) ? entries.length : 0;
}

export async function planOf(bytes: Buffer, options: ImportOptions, language: Language): Promise<ImportPlan> {
  const file = parse(isZip(bytes) ? await projectJsonOf(bytes) : bytes);
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
