/**
 * Applies the numbered plain-SQL files of ./migrations (0001_core.sql, 0002_….sql, …) in name order,
 * each exactly once and each in its own transaction, recorded in schema_migrations. Every step takes a
 * transaction-scoped advisory lock first, so several server processes starting at once on one
 * PostgreSQL server apply each file once: the others wait, then see it recorded and skip it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from './connection.js';

/** Beside this file in src (tests, tsx) and in dist (the build copies the .sql files). */
export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** An arbitrary constant naming "the migration lock" among the advisory locks of the database. */
const MIGRATION_LOCK_KEY = 7_215_004_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }));
}

/**
 * Inside a transaction: waits for any other process migrating, then makes sure the record of applied
 * migrations exists. A restore (admin/restore.ts) rebuilding the schema holds the same lock.
 */
export async function lockMigrations(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(trx);
}

/** Runs one migration's script in the caller's transaction and records it. */
export async function applyMigration(handle: DatabaseHandle, trx: Db, migration: Migration): Promise<void> {
  await handle.runScript(trx, migration.sql);
  await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
}

/** Applies what is pending; answers the names applied by this call. */
export async function migrate(handle: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of migrations) {
    const didApply = await handle.db.transaction().execute(async (trx) => {
      await lockMigrations(trx);
      const done = await trx.selectFrom('schema_migrations').select('name').where('name', '=', migration.name).executeTakeFirst();
      if (done) return false;
      await applyMigration(handle, trx, migration);
      return true;
    });
    if (didApply) applied.push(migration.name);
  }
  return applied;
}
