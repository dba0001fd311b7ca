import { sql } from 'kysely';
import { createProject, createTask, createUser } from '../seed/builders.js';
import { openTestDatabase } from '../test/test-database.js';
import type { DatabaseHandle } from './connection.js';
import { migrate, readMigrations } from './migrate.js';

describe('migrations', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('has recorded every file of the migrations folder once', async () => {
    const recorded = await database.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
    expect(recorded.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
    expect(readMigrations()[0]?.name).toBe('0001_core');
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(database)).toEqual([]);
  });

  it('applies a new file once even when two runs race', async () => {
    const probe = [{ name: '9001_probe', sql: 'CREATE TABLE probe (id integer); INSERT INTO probe VALUES (1);' }];
    const [first, second] = await Promise.all([migrate(database, probe), migrate(database, probe)]);
    expect([...first, ...second]).toEqual(['9001_probe']);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM probe`.execute(database.db);
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('rolls a failing file back completely and records nothing', async () => {
    const broken = [{ name: '9002_broken', sql: 'CREATE TABLE half_done (id integer); SELECT no_such_function();' }];
    await expect(migrate(database, broken)).rejects.toThrow(/no_such_function/);
    const recorded = await database.db.selectFrom('schema_migrations').select('name').where('name', '=', '9002_broken').execute();
    expect(recorded).toEqual([]);
    const table = await sql<{ t: string | null }>`SELECT to_regclass('half_done')::text AS t`.execute(database.db);
    expect(table.rows[0]?.t).toBeNull();
  });

  it('drops line breaks and tabs from names written before they were refused (issue 35 E5c)', async () => {
    const db = database.db;
    const owner = await createUser(db, { firstname: 'Ivan\r\nBcc: x@evil.test', lastname: 'Pe\ttrenko' });
    const project = await createProject(db, { owner, name: 'Shop\u2028Subject: forged' });
    const task = await createTask(db, { project, author: owner, name: 'Cart\nline' });
    const cleanup = readMigrations().find((migration) => migration.name === '0019_single_line_names')!;
    await migrate(database, [{ name: '9003_single_line_names_again', sql: cleanup.sql }]);
    expect(await db.selectFrom('users').select(['firstname', 'lastname']).where('id', '=', owner.id).executeTakeFirst()).toEqual({
      firstname: 'IvanBcc: x@evil.test',
      lastname: 'Petrenko',
    });
    expect(await db.selectFrom('projects').select('name').where('id', '=', project.id).executeTakeFirst()).toEqual({ name: 'ShopSubject: forged' });
    expect(await db.selectFrom('tasks').select('name').where('id', '=', task.id).executeTakeFirst()).toEqual({ name: 'Cartline' });
  });
});
