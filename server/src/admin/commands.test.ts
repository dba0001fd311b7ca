import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { FlowClient, NEW_PASSWORD, lastCodeTo, registerClient } from '../test/flows.js';
import { createProject, createTask, createUser } from '../seed/builders.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { SERVER_ROOT } from '../paths.js';
import { COMMANDS, UsageError, usage } from './commands.js';

describe('negayno-admin commands', () => {
  let ctx: TestContext;
  let lines: string[];

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function admin(command: string, ...args: string[]): Promise<string[]> {
    lines = [];
    await COMMANDS[command]!.run({ database: ctx.database, config: ctx.config, print: (line) => lines.push(line) }, args);
    return lines;
  }

  it('creates staff of every staff role, with a generated password when none is given', async () => {
    for (const role of ['am', 'pm', 'sm', 'performer']) {
      const out = await admin(
        'create-staff',
        '--role',
        role,
        '--email',
        `${role}-staff@example.test`,
        '--firstname',
        'Штат',
        '--lastname',
        'Новий',
        '--password',
        'staff-password-1',
      );
      expect(out[0]).toMatch(new RegExp(`^Created ${role} #\\d+ ${role}-staff@example.test$`));
      const cookie = await ctx.login(`${role}-staff@example.test`, 'staff-password-1');
      expect((await ctx.get('/api/user/profile', { cookie })).body).toMatchObject({ data: { role } });
    }
    const generated = await admin('create-staff', '--role', 'pm', '--email', 'generated@example.test', '--firstname', 'Г', '--lastname', 'П');
    const password = /^Password: (\S+)$/.exec(generated[1]!)?.[1];
    expect(password!.length).toBeGreaterThanOrEqual(16);
    await ctx.login('generated@example.test', password);
    await expect(admin('create-staff', '--role', 'user', '--email', 'x@example.test')).rejects.toThrow(UsageError);
    await expect(admin('create-staff', '--role', 'am', '--email', 'generated@example.test', '--firstname', 'A', '--lastname', 'B')).rejects.toMatchObject({
      code: 'email_already_added',
    });
  });

  it('issues invitation codes that work, and lists them with their uses', async () => {
    await createUser(ctx.db, { email: 'sales@example.test', role: 'sm' });
    const [line] = await admin(
      'issue-invitation',
      '--kind',
      'client',
      '--uses',
      '2',
      '--expires-in-days',
      '7',
      '--issuer',
      'sales@example.test',
      '--note',
      'ТОВ Ромашка',
    );
    const code = line!.split(/\s+/)[0]!;
    expect(line).toMatch(/client\s+0\/2\s+active\s+expires \d{4}-\d\d-\d\d \d\d:\d\d UTC\s+sales@example\.test\s+ТОВ Ромашка/);
    await registerClient(ctx, code, { email: 'via-cli@example.test' });

    const named = await admin('issue-invitation', '--kind', 'performer', '--unlimited', '--code', 'TEAM-A', '--code', 'TEAM-B');
    expect(named.map((item) => item.split(/\s+/).slice(0, 3))).toEqual([
      ['TEAM-A', 'performer', '0/∞'],
      ['TEAM-B', 'performer', '0/∞'],
    ]);
    expect(await admin('issue-invitation', '--kind', 'client', '--count', '3')).toHaveLength(3);

    const listed = await admin('list-invitations', '--kind', 'client');
    expect(listed.find((item) => item.startsWith(code))).toMatch(/1\/2\s+active/);
    expect(listed.some((item) => item.startsWith('TEAM-'))).toBe(false);
    expect((await admin('list-invitations', '--kind', 'performer')).map((item) => item.split(/\s+/)[0])).toEqual(expect.arrayContaining(['TEAM-A', 'TEAM-B']));

    await expect(admin('issue-invitation', '--kind', 'guests')).rejects.toThrow('--kind must be client, performer');
    await expect(admin('issue-invitation', '--kind', 'client', '--uses', '0')).rejects.toThrow(UsageError);
    await expect(admin('issue-invitation', '--kind', 'client', '--issuer', 'nobody@example.test')).rejects.toThrow('no account');
  });

  it('revokes a code so nobody else gets in with it', async () => {
    await admin('issue-invitation', '--kind', 'client', '--unlimited', '--code', 'LEAKED-1');
    expect(await admin('revoke-invitation', '--code', 'leaked-1')).toEqual(['Revoked LEAKED-1.']);
    expect((await new FlowClient(ctx, 'registration').call('check-invitation-code', { code: 'LEAKED-1' })).body).toMatchObject({ code: 'code_is_expired' });
    await expect(admin('revoke-invitation', '--code', 'LEAKED-1')).rejects.toThrow('no active invitation code');
  });

  it('issues a login-as code that signs the user in', async () => {
    const user = await createUser(ctx.db, { email: 'helpme@example.test' });
    const out = await admin('issue-login-code', '--email', 'HelpMe@example.test');
    const code = /: ([A-Z2-9]{5}-[A-Z2-9]{5})$/.exec(out[0]!)?.[1];
    expect(out[1]).toMatch(/^Valid once, until .* UTC, at \/login-as\.$/);
    const response = await ctx.post('/api/login-as', { code });
    expect(response.body).toMatchObject({ status: 'ok', data: { id: user.id } });
    await expect(admin('issue-login-code', '--email', 'nobody@example.test')).rejects.toThrow('no account');
  });

  it('shows the outbox, newest first, for one recipient', async () => {
    expect(await admin('outbox', '--to', 'quiet@example.test')).toEqual(['No mail to quiet@example.test in the outbox.']);
    const flow = new FlowClient(ctx, 'restore-password');
    const user = await createUser(ctx.db, { email: 'quiet@example.test' });
    await flow.ok('email', { email: user.email });
    const code = await lastCodeTo(ctx, user.email);
    const [line] = await admin('outbox', '--to', user.email);
    expect(line).toContain(`quiet@example.test  Відновлення пароля Negayno: ${code}  [code ${code}]`);
    await flow.ok('check-email', { code });
    await flow.ok('password', { password: NEW_PASSWORD });
  });

  it('grants and revokes the operator flag, audited, and lists the audit log', async () => {
    const staff = await createUser(ctx.db, { email: 'to-operate@example.test', role: 'pm' });
    const cookie = await ctx.login('to-operate@example.test');
    expect((await ctx.get('/api/ops/staff', { cookie })).status).toBe(404);
    expect(await admin('grant-operator', '--email', 'TO-operate@example.test')).toEqual(['TO-operate@example.test is an operator now.']);
    expect((await ctx.get('/api/ops/staff', { cookie })).status).toBe(200);
    expect((await ctx.get('/api/user/profile', { cookie })).body).toMatchObject({ data: { can: { ops: true } } });
    await admin('revoke-operator', '--email', 'to-operate@example.test');
    expect((await ctx.get('/api/ops/staff', { cookie })).status).toBe(404);

    await createUser(ctx.db, { email: 'a-client@example.test' });
    await expect(admin('grant-operator', '--email', 'a-client@example.test')).rejects.toThrow(UsageError);
    await expect(admin('grant-operator', '--email', 'nobody@example.test')).rejects.toThrow(UsageError);
    await expect(admin('grant-operator')).rejects.toThrow(UsageError);

    const entries = await ctx.db
      .selectFrom('operator_audit')
      .select(['operator_id', 'action', 'before', 'after'])
      .where('target_id', '=', String(staff.id))
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        operator_id: null,
        action: 'operator.grant',
        before: { email: 'to-operate@example.test', operator: false },
        after: { email: 'to-operate@example.test', operator: true },
      },
      {
        operator_id: null,
        action: 'operator.revoke',
        before: { email: 'to-operate@example.test', operator: true },
        after: { email: 'to-operate@example.test', operator: false },
      },
    ]);
    const listed = await admin('audit', '--limit', '2');
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatch(new RegExp(`negayno-admin  operator\\.revoke user#${staff.id}  before .*"operator":true.*after .*"operator":false`));
    await expect(admin('audit', '--limit', 'x')).rejects.toThrow(UsageError);
  });

  it('puts staff on a project (audited), lists projects with their teams and the unstaffed ones, and deactivates staff', async () => {
    const owner = await createUser(ctx.db, { email: 'cli-client@example.test' });
    const am = await createUser(ctx.db, { email: 'cli-am@example.test', role: 'am' });
    const pm = await createUser(ctx.db, { email: 'cli-pm@example.test', role: 'pm' });
    const nextAm = await createUser(ctx.db, { email: 'cli-next-am@example.test', role: 'am' });
    const project = await createProject(ctx.db, { owner, name: 'CLI проєкт' });
    await createTask(ctx.db, { project, author: owner, status: 'published' });

    const unstaffed = await admin('list-projects', '--unstaffed');
    expect(unstaffed.find((line) => line.startsWith(`#${project.id} `))).toMatch(
      /CLI проєкт {2}client cli-client@example\.test {2}missing am, pm, sm {2}published 1 {2}due \d{4}-/,
    );

    expect(await admin('assign-staff', '--project', String(project.id), '--am', 'cli-am@example.test', '--pm', 'CLI-PM@example.test')).toEqual([
      `Project #${project.id}: am is cli-am@example.test`,
      `Project #${project.id}: pm is cli-pm@example.test`,
    ]);
    const all = await admin('list-projects');
    expect(all.find((line) => line.startsWith(`#${project.id} `))).toMatch(/am cli-am@example\.test {2}pm cli-pm@example\.test {2}sm —$/);
    const audit = await ctx.db
      .selectFrom('operator_audit')
      .select(['operator_id', 'action', 'after'])
      .where('target_id', '=', String(project.id))
      .where('target_kind', '=', 'project')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { operator_id: null, action: 'team.assign', after: { role: 'am', userId: am.id } },
      { operator_id: null, action: 'team.assign', after: { role: 'pm', userId: pm.id } },
    ]);
    await expect(admin('assign-staff', '--project', String(project.id), '--sm', 'cli-pm@example.test')).rejects.toMatchObject({ code: 'staff_role_is_wrong' });
    await expect(admin('assign-staff', '--project', String(project.id), '--sm', 'nobody@example.test')).rejects.toThrow(UsageError);
    await expect(admin('assign-staff', '--project', String(project.id))).rejects.toThrow(UsageError);
    await expect(admin('assign-staff', '--am', 'cli-am@example.test')).rejects.toThrow(UsageError);

    const cookie = await ctx.login('cli-am@example.test');
    expect(await admin('deactivate-staff', '--email', 'cli-am@example.test', '--successor', 'cli-next-am@example.test')).toEqual([
      'Deactivated am cli-am@example.test (1 session(s) ended).',
      `Project #${project.id}: am to #${nextAm.id}`,
    ]);
    expect((await ctx.get('/api/user/profile', { cookie })).status).toBe(401);
    await expect(ctx.login('cli-am@example.test')).rejects.toThrow(/login of cli-am@example.test failed/);
    expect(
      (await ctx.db.selectFrom('project_staff').select('user_id').where('project_id', '=', project.id).where('role', '=', 'am').executeTakeFirstOrThrow())
        .user_id,
    ).toBe(nextAm.id);
    await expect(admin('deactivate-staff', '--email', 'cli-pm@example.test', '--successor', 'cli-next-am@example.test')).rejects.toMatchObject({
      code: 'staff_role_is_wrong',
    });
  });

  it('lists every command in the usage', () => {
    for (const name of Object.keys(COMMANDS)) expect(usage()).toContain(`  ${name}`);
  });
  it('makes a benchmark project of admin@demo.test with the tasks spread over the board statuses, set-based', async () => {
    const [id] = await admin('bench-project', '--tasks', '25');
    expect(id).toMatch(/^\d+$/);
    // Analysed before the first reader: the planner does not guess from an empty table.
    const analysed = await sql<{
      tablename: string;
    }>`select distinct tablename from pg_stats where tablename in ('tasks', 'task_performers', 'projects')`.execute(ctx.db);
    expect(analysed.rows.map((row) => row.tablename).sort()).toEqual(['projects', 'task_performers', 'tasks']);
    const cookie = await ctx.login('admin@demo.test', 'negayno-demo');
    const cards = (await ctx.get<Array<{ number: number; status: string; column: number }>>(`/api/project/${id}/tasks`, { cookie })).body;
    if (cards.status !== 'ok') throw new Error(JSON.stringify(cards));
    expect(cards.data.map((card) => card.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(new Set(cards.data.map((card) => card.status)).size).toBe(10);
    const performerCookie = await ctx.login('performer@demo.test', 'negayno-demo');
    const performed = (await ctx.get<unknown[]>(`/api/project/${id}/tasks`, { cookie: performerCookie })).body;
    expect(performed).toMatchObject({ status: 'ok', data: expect.arrayContaining([expect.objectContaining({ status: 'in_work' })]) });
    // The next task continues the numbering.
    const next = await ctx.post(`/api/project/${id}/new-task`, { name: 'Ще одна' }, { cookie });
    expect(next.body).toMatchObject({ data: { number: 26 } });
    await expect(admin('bench-project')).rejects.toThrow(UsageError);
  });
});

// The program runs on its own embedded database (PGlite in a temporary DATA_DIR), whichever engine the
// rest of this file tests.
describe('the negayno-admin program', () => {
  const run = promisify(execFile);
  const dataDir = mkdtempSync(join(tmpdir(), 'negayno-cli-'));
  const cli = (...args: string[]) =>
    run(process.execPath, ['--conditions', 'negayno-source', '--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: SERVER_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints its usage, refuses an unknown command and a wrong option, and issues a code into its database', async () => {
    expect((await cli('--help')).stdout).toContain('issue-invitation --kind client|performer');
    await expect(cli('frobnicate')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown command: frobnicate') });
    const issued = await cli('issue-invitation', '--kind', 'client', '--code', 'FROM-THE-SHELL');
    expect(issued.stdout).toMatch(/^FROM-THE-SHELL\s+client\s+0\/1\s+active/);
    await expect(cli('revoke-invitation')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--code is required') });
  }, 240_000);
});
