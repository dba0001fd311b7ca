/**
 * `negayno-admin backup --to FILE` (issue 37): the whole install in one file (backup-format.ts).
 *
 * Consistent while the server writes: every table is read in one REPEATABLE READ, READ ONLY transaction,
 * so the file holds the database as it was at one instant (a ledger transaction is in whole or not at
 * all). Tables are read through a cursor and written in bounded chunks, files are streamed: memory stays
 * flat whatever the install's size. The files directory is read after the snapshot: a file deleted in
 * between is missing from the backup (its row is too, or the row points at a file already gone from the
 * server), a file added in between is there without its row (unused, as an upload whose request failed).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import { sql } from 'kysely';
import { pack as tarPack, type Pack } from 'tar-stream';
import type { DatabaseHandle, Db } from '../db/connection.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  CHUNK_BYTES,
  CHUNK_ROWS,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  appliedMigrations,
  chunkEntry,
  isWorkingFolder,
  listTables,
  type BackupManifest,
  type BackupSequence,
  type BackupTable,
} from './backup-format.js';

export interface BackupOptions {
  /** The file to write; written beside as `<to>.partial` and renamed when whole. */
  to: string;
  filesDir: string;
  attachmentsInS3: boolean;
}

export interface BackupSummary {
  manifest: BackupManifest;
  rows: number;
  files: number;
  fileBytes: number;
}

export async function writeBackup(handle: DatabaseHandle, options: BackupOptions): Promise<BackupSummary> {
  const partial = `${options.to}.partial`;
  const pack = tarPack();
  const gzip = createGzip();
  const written = pipeline(pack, gzip, createWriteStream(partial));
  // A write failure (a full disk) surfaces here and stops the reading below at its next entry.
  let failure: unknown = null;
  written.catch((error: unknown) => {
    failure = error;
  });
  const out = new Writer(pack, gzip, () => failure);
  try {
    const manifest = await handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        // The snapshot is taken by the first statement: sequences read in it are at least every id it sees.
        const sequences = await readSequences(trx);
        const migrations = await appliedMigrations(trx);
        if (migrations.length === 0) throw new Error('The database has no schema yet (no migration applied): nothing to back up.');
        const tables: BackupTable[] = [];
        for (const table of await listTables(trx)) {
          const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.table(table.name)}`.execute(trx);
          tables.push({ ...table, rows: rows[0]!.count });
        }
        const manifest: BackupManifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_FORMAT_VERSION,
          schemaVersion: migrations.at(-1)!,
          migrations,
          engine: handle.engine,
          createdAt: new Date().toISOString(),
          tables,
          sequences,
          attachmentsInS3: options.attachmentsInS3,
        };
        await out.entry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
        for (const table of tables) {
          const copied = await copyTable(trx, table, out);
          if (copied !== table.rows) throw new Error(`${table.name}: counted ${table.rows} rows, read ${copied}`);
        }
        return manifest;
      });
    const files = await copyFiles(options.filesDir, '', out);
    pack.finalize();
    await written;
    await rename(partial, options.to);
    return { manifest, rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0), ...files };
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw failure ?? error;
  }
}

/** Puts entries into the tar, waiting while the compressor is behind so that only a chunk or two is ever held. */
class Writer {
  constructor(
    private readonly pack: Pack,
    private readonly gzip: Gzip,
    private readonly failure: () => unknown,
  ) {}

  async entry(name: string, content: Buffer): Promise<void> {
    this.check();
    await new Promise<void>((resolve, reject) => this.pack.entry({ name, size: content.length }, content, (error) => (error ? reject(error) : resolve())));
    if (this.gzip.writableNeedDrain) await once(this.gzip, 'drain');
  }

  async stream(name: string, size: number, source: NodeJS.ReadableStream): Promise<void> {
    this.check();
    await pipeline(source, this.pack.entry({ name, size }));
    if (this.gzip.writableNeedDrain) await once(this.gzip, 'drain');
  }

  private check(): void {
    const failure = this.failure();
    if (failure) throw failure;
  }
}

async function readSequences(trx: Db): Promise<BackupSequence[]> {
  const { rows: names } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class WHERE relkind = 'S' AND relnamespace = current_schema()::regnamespace ORDER BY relname`.execute(trx);
  const sequences: BackupSequence[] = [];
  for (const { name } of names) {
    const { rows } = await sql<{ lastValue: number; isCalled: boolean }>`
      SELECT last_value AS "lastValue", is_called AS "isCalled" FROM ${sql.table(name)}`.execute(trx);
    sequences.push({ name, ...rows[0]! });
  }
  return sequences;
}

/** One table through a cursor into chunks; answers the rows copied. */
async function copyTable(trx: Db, table: BackupTable, out: Writer): Promise<number> {
  const columns = sql.join(table.columns.map((column) => sql.ref(column)));
  await sql`DECLARE backup_rows NO SCROLL CURSOR FOR
    SELECT row_to_json(r)::text AS row FROM (SELECT ${columns} FROM ${sql.table(table.name)}) r`.execute(trx);
  let copied = 0;
  let chunk: string[] = [];
  let chunkBytes = 0;
  let index = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    index += 1;
    await out.entry(chunkEntry(table.name, index), Buffer.from(chunk.join('\n') + '\n'));
    chunk = [];
    chunkBytes = 0;
  };
  for (;;) {
    const { rows } = await sql<{ row: string }>`FETCH FORWARD ${sql.lit(CHUNK_ROWS)} FROM backup_rows`.execute(trx);
    for (const { row } of rows) {
      chunk.push(row);
      chunkBytes += row.length;
      copied += 1;
      if (chunk.length >= CHUNK_ROWS || chunkBytes >= CHUNK_BYTES) await flush();
    }
    if (rows.length < CHUNK_ROWS) break;
  }
  await flush();
  await sql`CLOSE backup_rows`.execute(trx);
  return copied;
}

/** The files directory, recursively, its working folders left out; a file gone while walking is skipped. */
async function copyFiles(root: string, dir: string, out: Writer): Promise<{ files: number; fileBytes: number }> {
  const totals = { files: 0, fileBytes: 0 };
  let entries;
  try {
    entries = await readdir(join(root, dir), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return totals;
    throw error;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (dir === '' && isWorkingFolder(entry.name)) continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      const inner = await copyFiles(root, path, out);
      totals.files += inner.files;
      totals.fileBytes += inner.fileBytes;
    } else if (entry.isFile()) {
      // Opened first: a file deleted after this is still read whole (the open handle keeps it).
      const file = await open(join(root, path)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!file) continue;
      const { size } = await file.stat();
      if (size === 0) {
        await file.close();
        await out.entry(FILES_PREFIX + path, Buffer.alloc(0));
      } else {
        // Only the bytes there at stat: the tar header has promised this size.
        await out.stream(FILES_PREFIX + path, size, file.createReadStream({ start: 0, end: size - 1 }));
      }
      totals.files += 1;
      totals.fileBytes += size;
    }
  }
  return totals;
}
