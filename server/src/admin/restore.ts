/**
 * `negayno-admin restore --from FILE` (issue 37): a backup (backup-format.ts) into this install's
 * database and files directory, whichever engine wrote it.
 *
 * All of the database changes in one transaction, so a restore that fails leaves the database as it was:
 * the application's schema is dropped and built again by running this build's migrations up to the
 * backup's schema version, the rows are loaded (foreign keys and triggers set aside meanwhile, so neither
 * the order of the tables nor of their rows matters, and put back after, which checks every reference),
 * the sequences set, then the migrations the backup predates are run forward. The files are unpacked
 * into a working folder and moved into place once the transaction has committed.
 *
 * Refused before anything is touched: a backup of a newer schema than this build knows (naming the
 * migration it needs), and an install that already holds accounts or files unless `--force`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import { extract as tarExtract, type Entry } from 'tar-stream';
import { analyzeAll } from '../db/auto-analyze.js';
import type { DatabaseHandle, Db } from '../db/connection.js';
import { applyMigration, lockMigrations, readMigrations, type Migration } from '../db/migrate.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  fileOfEntry,
  filesDirEntries,
  listTables,
  tableOfEntry,
  type BackupManifest,
  type BackupTable,
} from './backup-format.js';

export interface RestoreOptions {
  from: string;
  filesDir: string;
  /** Replace an install that already holds accounts or files. */
  force: boolean;
  /** This build's migrations (tests pass a shorter or longer list). */
  migrations?: Migration[];
}

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: number;
  files: number;
  /** Migrations run after the load: those this build has and the backup's schema did not. */
  migratedForward: string[];
}

/** A restore refused or a backup found unusable: the message says why and what to do. */
export class RestoreRefused extends Error {}

/** Unpacked here first, inside the files directory so that moving into place is a rename. */
const STAGING = '.restoring';

export async function restoreBackup(handle: DatabaseHandle, options: RestoreOptions): Promise<RestoreSummary> {
  const migrations = options.migrations ?? readMigrations();
  const extract = tarExtract();
  const unpacked = pipeline(createReadStream(options.from), createGunzip(), extract);
  // Reported through the entries' loop (the extract stream is destroyed with the error); awaited at the end.
  unpacked.catch(() => undefined);
  const entries = extract[Symbol.asyncIterator]();
  const staging = join(options.filesDir, STAGING);
  try {
    const first = await entries.next();
    const manifest = await readManifest(first.done ? null : first.value);
    const known = new Set(migrations.map((migration) => migration.name));
    const unknown = manifest.migrations.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new RestoreRefused(
        `The backup's schema is newer than this build: it is at ${manifest.schemaVersion}, this build's newest migration is ${migrations.at(-1)?.name ?? 'none'}. ` +
          `Restore it with a build of Negayno that has migration ${unknown.at(-1)} (or newer).`,
      );
    }
    await refuseNonEmpty(handle.db, options);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });

    const backupSet = new Set(manifest.migrations);
    const loaded = new Map(manifest.tables.map((table) => [table.name, 0]));
    let files = 0;
    const migratedForward = await handle.db.transaction().execute(async (trx) => {
      await lockMigrations(trx);
      await dropSchema(trx);
      await lockMigrations(trx);
      for (const migration of migrations) if (backupSet.has(migration.name)) await applyMigration(handle, trx, migration);
      const tables = await listTables(trx);
      const byName = new Map(manifest.tables.map((table) => [table.name, table]));
      const missing = manifest.tables.filter((table) => !tables.some((existing) => existing.name === table.name));
      if (missing.length > 0)
        throw new RestoreRefused(`The schema built for ${manifest.schemaVersion} has no table ${missing.map((table) => table.name).join(', ')}.`);
      // Rows a migration inserted (a singleton's row) are in the backup too, as they were then.
      if (tables.length > 0) await sql`TRUNCATE ${sql.join(tables.map((table) => sql.table(table.name)))}`.execute(trx);
      const foreignKeys = await setForeignKeysAside(trx);
      for (const table of tables) await sql`ALTER TABLE ${sql.table(table.name)} DISABLE TRIGGER USER`.execute(trx);

      for (let next = await entries.next(); !next.done; next = await entries.next()) {
        const entry = next.value;
        const tableName = tableOfEntry(entry.header.name);
        const file = fileOfEntry(entry.header.name);
        if (tableName !== null) {
          const table = byName.get(tableName);
          if (!table) throw new RestoreRefused(`The backup holds rows of ${tableName}, which its manifest does not list.`);
          loaded.set(tableName, loaded.get(tableName)! + (await loadChunk(trx, table, await readAll(entry))));
        } else if (file !== null && entry.header.type === 'file') {
          const target = join(staging, file);
          await mkdir(dirname(target), { recursive: true });
          await pipeline(entry, createWriteStream(target));
          files += 1;
        } else {
          entry.resume();
        }
      }
      await unpacked;
      for (const table of manifest.tables) {
        if (loaded.get(table.name) !== table.rows)
          throw new RestoreRefused(`The backup is incomplete: ${table.name} has ${loaded.get(table.name)} of its ${table.rows} rows.`);
      }

      for (const table of tables) await sql`ALTER TABLE ${sql.table(table.name)} ENABLE TRIGGER USER`.execute(trx);
      for (const key of foreignKeys) await sql`ALTER TABLE ${sql.table(key.table)} ADD CONSTRAINT ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(trx);
      for (const sequence of manifest.sequences)
        await sql`SELECT setval(quote_ident(${sequence.name})::regclass, ${sequence.lastValue}, ${sequence.isCalled})`.execute(trx);
      const forward = migrations.filter((migration) => !backupSet.has(migration.name));
      for (const migration of forward) await applyMigration(handle, trx, migration);
      return forward.map((migration) => migration.name);
    });

    await moveIntoPlace(options.filesDir, staging);
    await analyzeAll(handle.db);
    return { manifest, rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0), files, migratedForward };
  } catch (error) {
    extract.destroy();
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function readManifest(entry: Entry | null): Promise<BackupManifest> {
  if (!entry || entry.header.name !== MANIFEST_ENTRY) throw new RestoreRefused('This is not a Negayno backup: it does not start with manifest.json.');
  const manifest = JSON.parse((await readAll(entry)).toString('utf8')) as Partial<BackupManifest>;
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.migrations) || !Array.isArray(manifest.tables))
    throw new RestoreRefused('This is not a Negayno backup: its manifest.json is not one.');
  if (manifest.version !== BACKUP_FORMAT_VERSION)
    throw new RestoreRefused(
      `The backup's format is version ${manifest.version}; this build reads version ${BACKUP_FORMAT_VERSION}. Restore it with a newer build.`,
    );
  return manifest as BackupManifest;
}

async function refuseNonEmpty(db: Db, options: RestoreOptions): Promise<void> {
  if (options.force) return;
  const { rows: schema } = await sql<{ users: boolean }>`SELECT to_regclass('users') IS NOT NULL AS users`.execute(db);
  if (schema[0]?.users) {
    const { rows } = await sql<{ accounts: number }>`SELECT count(*)::int AS accounts FROM users`.execute(db);
    const accounts = rows[0]!.accounts;
    if (accounts > 0) throw new RestoreRefused(`The database already holds ${accounts} account(s). Restore replaces everything only with --force.`);
  }
  const present = filesDirEntries(options.filesDir);
  if (present.length > 0)
    throw new RestoreRefused(
      `The files directory ${options.filesDir} already holds files (${present.slice(0, 3).join(', ')}). Restore replaces them only with --force.`,
    );
}

/** Every object of the application's schema (not an extension's): the migrations build it again. */
async function dropSchema(trx: Db): Promise<void> {
  const notOfExtension = (catalog: string, oid: string) =>
    sql.raw(`NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`);
  const relations = await sql<{ name: string; kind: string }>`
    SELECT c.relname AS name, c.relkind AS kind FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${notOfExtension('pg_class', 'c.oid')}`.execute(
    trx,
  );
  const ofKind = (kinds: string) => relations.rows.filter((relation) => kinds.includes(relation.kind)).map((relation) => sql.table(relation.name));
  const views = ofKind('v');
  if (views.length > 0) await sql`DROP VIEW IF EXISTS ${sql.join(views)} CASCADE`.execute(trx);
  const materialized = ofKind('m');
  if (materialized.length > 0) await sql`DROP MATERIALIZED VIEW IF EXISTS ${sql.join(materialized)} CASCADE`.execute(trx);
  const foreign = ofKind('f');
  if (foreign.length > 0) await sql`DROP FOREIGN TABLE IF EXISTS ${sql.join(foreign)} CASCADE`.execute(trx);
  const tables = ofKind('rp');
  if (tables.length > 0) await sql`DROP TABLE IF EXISTS ${sql.join(tables)} CASCADE`.execute(trx);
  const sequences = ofKind('S');
  if (sequences.length > 0) await sql`DROP SEQUENCE IF EXISTS ${sql.join(sequences)} CASCADE`.execute(trx);
  const routines = await sql<{ signature: string }>`
    SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace AND p.prokind IN ('f', 'p') AND ${notOfExtension('pg_proc', 'p.oid')}`.execute(trx);
  for (const { signature } of routines.rows) await sql`DROP ROUTINE IF EXISTS ${sql.raw(signature)} CASCADE`.execute(trx);
  const types = await sql<{ name: string }>`
    SELECT t.oid::regtype::text AS name FROM pg_type t
    WHERE t.typnamespace = current_schema()::regnamespace AND ${notOfExtension('pg_type', 't.oid')}
      AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))`.execute(trx);
  for (const { name } of types.rows) await sql`DROP TYPE IF EXISTS ${sql.raw(name)} CASCADE`.execute(trx);
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** Drops the schema's foreign keys and answers them, to be added back (and so checked) once the rows are in. */
async function setForeignKeysAside(trx: Db): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
    WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace
    ORDER BY c.relname, k.conname`.execute(trx);
  for (const key of rows) await sql`ALTER TABLE ${sql.table(key.table)} DROP CONSTRAINT ${sql.id(key.name)}`.execute(trx);
  return rows;
}

/** One chunk's rows (lines of row_to_json text) in one statement; PostgreSQL turns each field back into its column's type. */
async function loadChunk(trx: Db, table: BackupTable, chunk: Buffer): Promise<number> {
  const lines = chunk
    .toString('utf8')
    .split('\n')
    .filter((line) => line.length > 0);
  if (lines.length === 0) return 0;
  const columns = sql.join(table.columns.map((column) => sql.ref(column)));
  await sql`INSERT INTO ${sql.table(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
    SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table.name)}, ${`[${lines.join(',')}]`}::json)`.execute(trx);
  return lines.length;
}

async function readAll(entry: Entry): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of entry) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The restored files replace what the files directory held (its working folders stay). */
async function moveIntoPlace(filesDir: string, staging: string): Promise<void> {
  for (const name of filesDirEntries(filesDir)) await rm(join(filesDir, name), { recursive: true, force: true });
  for (const name of await readdir(staging)) await rename(join(staging, name), join(filesDir, name));
  await rm(staging, { recursive: true, force: true });
}
