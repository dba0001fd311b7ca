/**
 * The backup file of `negayno-admin backup` and `restore` (issue 37): one gzipped tar, the same for
 * both engines, so a PGlite install's backup restores into PostgreSQL and back.
 *
 *   manifest.json                    what follows: schema version, tables and their row counts, sequences
 *   tables/<table>/<n>.ndjson        the table's rows, one JSON object a line (PostgreSQL's row_to_json),
 *                                    in chunks of bounded size so neither side holds a table in memory
 *   files/<path>                     the files directory (attachments on disk, avatars)
 *
 * A row is written and read as PostgreSQL's own JSON text and never parsed in JavaScript: timestamps keep
 * their microseconds, numbers their digits, bytea its bytes (hex), whatever the engine.
 */
import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

export const BACKUP_FORMAT = 'negayno-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const TABLES_PREFIX = 'tables/';
export const FILES_PREFIX = 'files/';

/** A chunk of a table ends at this many rows or bytes, whichever comes first: the memory either side holds. */
export const CHUNK_ROWS = 1000;
export const CHUNK_BYTES = 4 * 1024 * 1024;

export interface BackupTable {
  name: string;
  /** The columns written (generated ones are left out: the database computes them again). */
  columns: string[];
  rows: number;
}

export interface BackupSequence {
  name: string;
  lastValue: number;
  isCalled: boolean;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The last migration applied: the schema the rows fit. */
  schemaVersion: string;
  /** Every migration applied, in order. */
  migrations: string[];
  engine: string;
  createdAt: string;
  tables: BackupTable[];
  sequences: BackupSequence[];
  /** Attachments lived on an S3-compatible store: not in this file (the bucket's versioning keeps them). */
  attachmentsInS3: boolean;
}

/** The record of applied migrations: rebuilt by running the migrations, never copied as data. */
const MIGRATIONS_TABLE = 'schema_migrations';

/** The application's tables of the current schema with their stored (not generated) columns, by name. */
export async function listTables(db: Db): Promise<Array<{ name: string; columns: string[] }>> {
  const { rows } = await sql<{ table: string; columns: string[] }>`
    SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> ${MIGRATIONS_TABLE}
    GROUP BY c.relname
    ORDER BY c.relname`.execute(db);
  return rows.map((row) => ({ name: row.table, columns: row.columns }));
}

/** The names of the applied migrations, in order; empty when the database was never migrated. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows: exists } = await sql<{ found: boolean }>`SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS found`.execute(db);
  if (!exists[0]?.found) return [];
  const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

/** A chunk's entry name; numbered so a listing (`tar tzf`) reads in order. */
export function chunkEntry(table: string, index: number): string {
  return `${TABLES_PREFIX}${table}/${String(index).padStart(6, '0')}.ndjson`;
}

/** The table a chunk entry belongs to, or null for any other entry. */
export function tableOfEntry(name: string): string | null {
  const match = /^tables\/([^/]+)\/\d+\.ndjson$/.exec(name);
  return match ? match[1]! : null;
}

/**
 * The path under the files directory a files/ entry names, or null when it would leave the directory
 * (an absolute path, `..`) or land in one of the server's working folders.
 */
export function fileOfEntry(name: string): string | null {
  if (!name.startsWith(FILES_PREFIX)) return null;
  const path = posix.normalize(name.slice(FILES_PREFIX.length));
  if (path === '.' || path.startsWith('/') || path.startsWith('..') || isWorkingFolder(path.split('/')[0]!)) return null;
  return path;
}

/**
 * A top-level name starting with a dot is the server's own working folder, not data: uploads in progress
 * (`.uploads`), a restore being unpacked. Backups skip them and restores leave them.
 */
export function isWorkingFolder(topLevelName: string): boolean {
  return topLevelName.startsWith('.');
}

/** The data (not working folders) at the top of the files directory; none when it does not exist. */
export function filesDirEntries(filesDir: string): string[] {
  try {
    return readdirSync(filesDir).filter((name) => !isWorkingFolder(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
