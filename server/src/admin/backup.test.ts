/**
 * Backup and restore (issue 37) across both engines: whichever Jest project runs this file, the source
 * and target databases are a PGlite and a PostgreSQL database each test opens itself.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/connection.js';
import { migrate, readMigrations } from '../db/migrate.js';
import { checkLedger } from '../modules/money/index.js';
import { SERVER_ROOT } from '../paths.js';
import { createChats, createProject, createTask, createUser, postMessage } from '../seed/builders.js';
import { createAccountServices } from '../services.js';
import { testConfig } from '../test/harness.js';
import { createPostgresTestDatabase, openPgliteTestDatabase } from '../test/test-database.js';
import { writeBackup } from './backup.js';
import { RestoreRefused, restoreBackup } from './restore.js';

const work = mkdtempSync(join(tmpdir(), 'negayno-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let dirs = 0;
const freshDir = (name: string) => {
  dirs += 1;
  const dir = join(work, `${name}-${dirs}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

interface Opened {
  handle: DatabaseHandle;
  url?: string;
  close(): Promise<void>;
}

/** An empty PostgreSQL database (no schema), or a migrated one. */
async function postgres(migrated: boolean): Promise<Opened> {
  const database = await createPostgresTestDatabase({ migrated });
  const handle = openPostgres(database.url);
  return {
    handle,
    url: database.url,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/** An in-memory PGlite with every migration applied. */
async function pglite(): Promise<Opened> {
  const handle = await openPgliteTestDatabase();
  return { handle, close: () => handle.close() };
}

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

/** An install's worth of rows: accounts (one invited by a code another issued), a project, tasks, a thread, money, an attachment and an avatar. */
async function seed(handle: DatabaseHandle, filesDir: string): Promise<void> {
  const { db } = handle;
  const admin = await createUser(db, { email: 'admin@backup.test', firstname: 'Ада' });
  const code = await db
    .insertInto('invitation_codes')
    .values({ code: 'BACKUP-1', kind: 'client', max_uses: 1, issued_by: admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = await createUser(db, { email: 'client@backup.test', lastname: 'Клієнт' });
  await db
    .updateTable('users')
    .set({ invitation_code_id: code.id, avatar_path: `avatars/${client.id}-0123456789abcdef.webp` })
    .where('id', '=', client.id)
    .execute();
  const project = await createProject(db, { owner: admin, name: 'Проєкт «Резерв»' });
  const task = await createTask(db, { project, author: admin, name: 'Задача з файлом', description: '<p>Опис із <b>розміткою</b>\nі рядками</p>' });
  await createTask(db, { project, author: client, status: 'published' });
  const chats = await createChats(db, task);
  const first = await postMessage(db, chats.main, client, 'Питання «в лапках» і \\ зворотна риска');
  const reply = await postMessage(db, chats.main, admin, 'Відповідь');
  await db.updateTable('messages').set({ parent_id: first }).where('id', '=', reply).execute();
  // Microseconds, which a JavaScript Date would lose on the way.
  await sql`UPDATE messages SET created_at = '2026-01-02 03:04:05.123456+00' WHERE id = ${first}`.execute(db);
  await db
    .insertInto('task_files')
    .values({
      task_id: task.id,
      author_id: admin.id,
      name: 'схема.png',
      extension: 'png',
      kind: 'image',
      mime: 'image/png',
      size: PNG_BYTES.length,
      storage_key: `${task.id}/a1b2.png`,
      color: '#123456',
    })
    .execute();
  await sql`INSERT INTO socket_io_attachments (payload) VALUES (${Buffer.from([0, 1, 2, 255])})`.execute(db);
  const { ledger } = createAccountServices(db, testConfig());
  await ledger.post({
    paymentType: 'deposit',
    currency: 'UAH',
    postings: [
      { account: { kind: 'provider' }, amount: -150_000 },
      { account: { kind: 'user_wallet', userId: client.id }, amount: 150_000 },
    ],
  });
  await ledger.post({
    paymentType: 'tips',
    currency: 'UAH',
    postings: [
      { account: { kind: 'user_wallet', userId: client.id }, amount: -20_000 },
      { account: { kind: 'user_wallet', userId: admin.id }, amount: 20_000 },
    ],
  });
  mkdirSync(join(filesDir, String(task.id)), { recursive: true });
  writeFileSync(join(filesDir, String(task.id), 'a1b2.png'), PNG_BYTES);
  mkdirSync(join(filesDir, 'avatars'), { recursive: true });
  writeFileSync(join(filesDir, 'avatars', `${client.id}-0123456789abcdef.webp`), 'avatar bytes');
  writeFileSync(join(filesDir, 'empty.txt'), '');
  // Uploads in progress are the server's working folder, not data.
  mkdirSync(join(filesDir, '.uploads'), { recursive: true });
  writeFileSync(join(filesDir, '.uploads', 'half-uploaded'), 'partial');
}

const KEY_TABLES = [
  'users',
  'invitation_codes',
  'projects',
  'project_members',
  'tasks',
  'chats',
  'messages',
  'task_files',
  'accounts',
  'ledger_transactions',
  'postings',
  'socket_io_attachments',
];

/** The key tables' rows as PostgreSQL prints them, in UTC: equal text means equal data, whatever the engine. */
async function contents(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  return handle.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TIME ZONE 'UTC'`.execute(trx);
    const result: Record<string, string[]> = {};
    for (const table of KEY_TABLES) {
      const { rows } = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(table)} t ORDER BY 1`.execute(trx);
      result[table] = rows.map((row) => row.row);
    }
    return result;
  });
}

function filesOf(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (path: string) => {
    for (const name of readdirSync(join(dir, path), { withFileTypes: true })) {
      const relative = path ? `${path}/${name.name}` : name.name;
      if (name.isDirectory()) walk(relative);
      else found[relative] = readFileSync(join(dir, relative)).toString('hex');
    }
  };
  if (existsSync(dir)) walk('');
  return found;
}

/** Rows added after a restore get fresh ids: the sequences came along. */
async function addsAnotherAccount(handle: DatabaseHandle): Promise<void> {
  const before = await handle.db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  const added = await createUser(handle.db);
  expect(added.id).toBeGreaterThan(Number(before.max));
}

// Each test builds a schema by running the migrations at least once (the restore does): seconds each, more on a busy machine.
jest.setTimeout(240_000);

describe('backup and restore (issue 37)', () => {
  it('restores a PGlite backup into an empty PostgreSQL database: rows, sequences and files compare equal', async () => {
    const source = await pglite();
    const target = await postgres(false);
    try {
      const sourceFiles = freshDir('files');
      await seed(source.handle, sourceFiles);
      const file = join(work, 'pglite.tar.gz');
      const backup = await writeBackup(source.handle, { to: file, filesDir: sourceFiles, attachmentsInS3: false });
      expect(backup.manifest).toMatchObject({ engine: 'pglite', schemaVersion: readMigrations().at(-1)!.name, attachmentsInS3: false });
      expect(backup.manifest.tables.find((table) => table.name === 'postings')?.rows).toBe(4);
      expect(backup.files).toBe(3);
      expect(existsSync(`${file}.partial`)).toBe(false);

      const targetFiles = freshDir('restored');
      const restored = await restoreBackup(target.handle, { from: file, filesDir: targetFiles, force: false });
      expect(restored).toMatchObject({ rows: backup.rows, files: 3, migratedForward: [] });
      expect(await contents(target.handle)).toEqual(await contents(source.handle));
      const { '.uploads/half-uploaded': _working, ...dataFiles } = filesOf(sourceFiles);
      expect(filesOf(targetFiles)).toEqual(dataFiles);
      expect(await checkLedger(target.handle.db)).toEqual({ ok: true, lines: [] });
      await addsAnotherAccount(target.handle);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('backs up PostgreSQL and restores into PGlite through the negayno-admin program', async () => {
    const source = await postgres(true);
    const dataDir = freshDir('pglite-data');
    const run = promisify(execFile);
    const cli = (env: Record<string, string>, ...args: string[]) =>
      run(process.execPath, ['--conditions', 'negayno-source', '--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: SERVER_ROOT,
        env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
      });
    try {
      const sourceFiles = freshDir('files');
      await seed(source.handle, sourceFiles);
      const file = join(work, 'postgres.tar.gz');
      const backedUp = await cli({ DATABASE_URL: source.url!, FILES_DIR: sourceFiles }, 'backup', '--to', file);
      expect(backedUp.stdout).toMatch(/^Backup written to .*postgres\.tar\.gz: schema \d{4}_\w+, \d+ tables, \d+ rows, 3 files \(\d+ bytes\)\./);

      const pgliteEnv = { DATABASE_URL: '', DATA_DIR: dataDir, FILES_DIR: join(dataDir, 'files') };
      const restored = await cli(pgliteEnv, 'restore', '--from', file);
      expect(restored.stdout).toMatch(/^Restored .* \(taken .* on postgres, schema \d{4}_\w+\): \d+ tables, \d+ rows, 3 files\./);
      // A second restore over the restored install is refused: it holds accounts now.
      await expect(cli(pgliteEnv, 'restore', '--from', file)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Refused: The database already holds 2 account(s). Restore replaces everything only with --force.'),
      });

      const target = await openPglite({ dataDir: join(dataDir, 'db') });
      try {
        expect(await contents(target)).toEqual(await contents(source.handle));
        expect(await checkLedger(target.db)).toEqual({ ok: true, lines: [] });
        await addsAnotherAccount(target);
      } finally {
        await target.close();
      }
      const { '.uploads/half-uploaded': _working, ...dataFiles } = filesOf(sourceFiles);
      expect(filesOf(join(dataDir, 'files'))).toEqual(dataFiles);
    } finally {
      await source.close();
    }
  });

  it('refuses a backup of a newer schema, naming the migration it needs, and leaves the database untouched', async () => {
    const source = await pglite();
    const target = await pglite();
    try {
      await seed(source.handle, freshDir('files'));
      const file = join(work, 'newer.tar.gz');
      await writeBackup(source.handle, { to: file, filesDir: freshDir('files'), attachmentsInS3: false });
      const older = readMigrations().slice(0, -1);
      const restoring = restoreBackup(target.handle, { from: file, filesDir: freshDir('restored'), force: true, migrations: older });
      await expect(restoring).rejects.toThrow(RestoreRefused);
      await expect(restoring).rejects.toThrow(
        `this build's newest migration is ${older.at(-1)!.name}. Restore it with a build of Negayno that has migration ${readMigrations().at(-1)!.name} (or newer).`,
      );
      const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM schema_migrations`.execute(target.handle.db);
      expect(rows[0]!.count).toBe(readMigrations().length);
      expect(await target.handle.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('restores a backup of an older schema and runs the newer migrations forward', async () => {
    const older = readMigrations().slice(0, -1);
    const source = await postgres(false);
    const target = await pglite();
    try {
      await migrate(source.handle, older);
      const admin = await createUser(source.handle.db, { email: 'old@backup.test' });
      const file = join(work, 'older.tar.gz');
      await writeBackup(source.handle, { to: file, filesDir: freshDir('files'), attachmentsInS3: false });
      const restored = await restoreBackup(target.handle, { from: file, filesDir: freshDir('restored'), force: false });
      expect(restored.manifest.schemaVersion).toBe(older.at(-1)!.name);
      expect(restored.migratedForward).toEqual([readMigrations().at(-1)!.name]);
      const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(target.handle.db);
      expect(rows.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
      expect(await target.handle.db.selectFrom('users').select('email').where('id', '=', admin.id).executeTakeFirst()).toEqual({ email: 'old@backup.test' });
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('refuses an install that holds accounts or files; --force replaces everything', async () => {
    const source = await pglite();
    const target = await postgres(true);
    try {
      await seed(source.handle, freshDir('files'));
      const file = join(work, 'force.tar.gz');
      await writeBackup(source.handle, { to: file, filesDir: freshDir('files'), attachmentsInS3: false });

      const targetFiles = freshDir('restored');
      writeFileSync(join(targetFiles, 'old-file'), 'old');
      await expect(restoreBackup(target.handle, { from: file, filesDir: targetFiles, force: false })).rejects.toThrow(
        `The files directory ${targetFiles} already holds files (old-file). Restore replaces them only with --force.`,
      );
      const existing = await createUser(target.handle.db, { email: 'existing@backup.test' });
      await expect(restoreBackup(target.handle, { from: file, filesDir: targetFiles, force: false })).rejects.toThrow(
        'The database already holds 1 account(s). Restore replaces everything only with --force.',
      );
      expect(await target.handle.db.selectFrom('users').select('id').execute()).toEqual([{ id: existing.id }]);

      await restoreBackup(target.handle, { from: file, filesDir: targetFiles, force: true });
      expect(await contents(target.handle)).toEqual(await contents(source.handle));
      expect(existsSync(join(targetFiles, 'old-file'))).toBe(false);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('refuses a file that is not a backup, and a cut one, leaving the database as it was', async () => {
    const source = await pglite();
    const target = await pglite();
    try {
      await seed(source.handle, freshDir('files'));
      const file = join(work, 'whole.tar.gz');
      await writeBackup(source.handle, { to: file, filesDir: freshDir('files'), attachmentsInS3: false });
      const cut = join(work, 'cut.tar.gz');
      const bytes = readFileSync(file);
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      await expect(restoreBackup(target.handle, { from: cut, filesDir: freshDir('restored'), force: false })).rejects.toThrow();
      const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM schema_migrations`.execute(target.handle.db);
      expect(rows[0]!.count).toBe(readMigrations().length);

      const notBackup = join(work, 'not-a-backup.tar.gz');
      writeFileSync(notBackup, 'just text');
      await expect(restoreBackup(target.handle, { from: notBackup, filesDir: freshDir('restored'), force: false })).rejects.toThrow();
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('takes a consistent backup of PostgreSQL while money moves: every restored transaction sums to zero', async () => {
    const source = await postgres(true);
    const target = await pglite();
    try {
      const { ledger } = createAccountServices(source.handle.db, testConfig());
      const payer = await createUser(source.handle.db);
      const payee = await createUser(source.handle.db);
      await ledger.post({
        paymentType: 'deposit',
        currency: 'UAH',
        postings: [
          { account: { kind: 'provider' }, amount: -10_000_000 },
          { account: { kind: 'user_wallet', userId: payer.id }, amount: 10_000_000 },
        ],
      });
      let writing = true;
      let posted = 0;
      const tip = () =>
        ledger.post({
          paymentType: 'tips',
          currency: 'UAH',
          postings: [
            { account: { kind: 'user_wallet', userId: payer.id }, amount: -100 },
            { account: { kind: 'user_wallet', userId: payee.id }, amount: 100 },
          ],
        });
      const writers = Array.from({ length: 4 }, async () => {
        while (writing) {
          await tip();
          posted += 1;
        }
      });
      while (posted < 20) await new Promise((resolve) => setTimeout(resolve, 10));
      const file = join(work, 'busy.tar.gz');
      const backup = await writeBackup(source.handle, { to: file, filesDir: freshDir('files'), attachmentsInS3: false });
      const postedAtEnd = posted;
      writing = false;
      await Promise.all(writers);
      // Written while the backup ran: the snapshot holds fewer transactions than the database has now.
      const inBackup = backup.manifest.tables.find((table) => table.name === 'ledger_transactions')!.rows;
      expect(inBackup).toBeLessThan(postedAtEnd + 1);

      await restoreBackup(target.handle, { from: file, filesDir: freshDir('restored'), force: false });
      expect(await checkLedger(target.handle.db)).toEqual({ ok: true, lines: [] });
      const { rows } = await sql<{ total: number; transactions: number }>`
        SELECT coalesce(sum(amount), 0)::int AS total, count(DISTINCT transaction_id)::int AS transactions FROM postings`.execute(target.handle.db);
      expect(rows[0]).toEqual({ total: 0, transactions: inBackup });
    } finally {
      await source.close();
      await target.close();
    }
  });
});
