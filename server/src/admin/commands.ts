/**
 * The commands of negayno-admin, the operator's tool for what has no screen (decisions 2): staff
 * accounts, invitation codes, login-as codes, the mail outbox. Each command parses its own options
 * and prints through `print`, so tests run them in-process against a test database.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, TEAM_ROLES, type StaffRole, type TeamRole } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { analyzeAll } from '../db/auto-analyze.js';
import { migrate } from '../db/migrate.js';
import type { InvitationKind } from '../db/schema.js';
import { readOutbox } from '../infra/mail/outbox.js';
import { findCredentials, LoginCodes } from '../modules/auth/index.js';
import { InvitationsService, type InvitationView } from '../modules/invitations/index.js';
import { listAudit, recordAudit } from '../modules/audit/index.js';
import { checkLedger } from '../modules/money/index.js';
import { setOperatorFlag } from '../modules/ops/index.js';
import { writeBackup } from './backup.js';
import { operatorPayouts } from './payouts.js';
import { RestoreRefused, restoreBackup } from './restore.js';
import { seedBenchProject, seedBenchSearch } from '../seed/bench.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from '../seed/demo.js';
import { createAccountServices } from '../services.js';
import { NotificationsService } from '../modules/notifications/index.js';
import { StaffingService } from '../modules/staffing/index.js';
import { taskAudience } from '../modules/tasks/index.js';

export interface AdminContext {
  database: DatabaseHandle;
  config: Config;
  print(line: string): void;
}

interface Command {
  usage: string;
  run(context: AdminContext, args: string[]): Promise<void>;
}

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** A command that ran and found a problem (the ledger check): its message printed, exit code 1. */
export class CommandFailed extends Error {}

export const USAGE_HEADER = 'Usage: negayno-admin <command> [options]\n\nCommands:';

const DAY_MS = 24 * 3600_000;

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], option: string): T {
  if (!value || !(allowed as readonly string[]).includes(value)) throw new UsageError(`${option} must be ${allowed.join(', ')}`);
  return value as T;
}

function positiveInt(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new UsageError(`${option} must be a positive whole number`);
  return number;
}

function required(value: string | undefined, option: string): string {
  if (!value) throw new UsageError(`${option} is required`);
  return value;
}

/** The id of the account behind --issuer, or null (the operator). */
async function issuerId(database: DatabaseHandle, email: string | undefined): Promise<number | null> {
  if (!email) return null;
  const account = await findCredentials(database.db, email);
  if (!account) throw new UsageError(`no account with the email ${email}`);
  return account.user.id;
}

/** The staffing service of the command line: no sockets to tell, notifications written for the server's outbox to deliver. */
function staffingOf(database: DatabaseHandle, config: Config): StaffingService {
  const { projects } = createAccountServices(database.db, config);
  return new StaffingService(database.db, config.staffing, projects, new NotificationsService(database.db, taskAudience), null);
}

/** Any account by email, a deactivated one too (findCredentials answers only those who may sign in). */
async function accountByEmail(database: DatabaseHandle, email: string): Promise<{ id: number; role: string; email: string }> {
  const account = await database.db
    .selectFrom('users')
    .select(['id', 'role', 'email'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (!account) throw new UsageError(`no account with the email ${email}`);
  return account;
}

function dateText(date: Date | null): string {
  return date ? date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—';
}

function invitationLine(item: InvitationView): string {
  const uses = `${item.useCount}/${item.maxUses ?? '∞'}`;
  return [
    item.code.padEnd(14),
    item.kind.padEnd(9),
    uses.padEnd(7),
    item.status.padEnd(7),
    `expires ${dateText(item.expiresAt)}`.padEnd(30),
    item.issuerEmail ?? 'operator',
    item.note ? `  ${item.note}` : '',
  ].join(' ');
}

export const COMMANDS: Record<string, Command> = {
  migrate: {
    usage: 'migrate                      apply pending database migrations',
    async run({ database, print }) {
      const applied = await migrate(database);
      print(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Nothing to apply.');
    },
  },

  'seed-demo': {
    usage: 'seed-demo                    add the demo users, projects, tasks and invitation codes (once; never in production)',
    async run({ database, config, print }) {
      if (config.isProduction) throw new UsageError('the demo is never seeded in production');
      await migrate(database);
      const seeded = await seedDemo(database.db);
      if (seeded) await analyzeAll(database.db);
      print(seeded ? 'Demo seeded.' : 'The demo is already there.');
      print(`Logins (password: ${DEMO_PASSWORD}): ${DEMO_LOGINS.map((login) => login.email).join(', ')}`);
    },
  },

  'bench-project': {
    usage: 'bench-project --tasks N          a project of admin@demo.test with N tasks over every board status (benchmarks); prints its id',
    async run({ database, config, print }, args) {
      if (config.isProduction) throw new UsageError('benchmark projects are never made in production');
      const { values } = parseArgs({ args, options: { tasks: { type: 'string' } } });
      const tasks = positiveInt(required(values.tasks, '--tasks'), '--tasks')!;
      await migrate(database);
      await seedDemo(database.db);
      const { projectId } = await seedBenchProject(database.db, tasks);
      await analyzeAll(database.db);
      print(String(projectId));
    },
  },

  'bench-search': {
    usage: 'bench-search --projects P --tasks N --messages M   a large install for the search benchmark (issue 38)',
    async run({ database, config, print }, args) {
      if (config.isProduction) throw new UsageError('benchmark data is never made in production');
      const { values } = parseArgs({ args, options: { projects: { type: 'string' }, tasks: { type: 'string' }, messages: { type: 'string' } } });
      const sizes = {
        projects: positiveInt(required(values.projects, '--projects'), '--projects')!,
        tasks: positiveInt(required(values.tasks, '--tasks'), '--tasks')!,
        messages: positiveInt(required(values.messages, '--messages'), '--messages')!,
      };
      await migrate(database);
      await seedDemo(database.db);
      await seedBenchSearch(database.db, sizes);
      await analyzeAll(database.db);
      print(`${sizes.projects} projects, ${sizes.tasks} tasks, ${sizes.messages} messages`);
    },
  },

  'create-staff': {
    usage: `create-staff --role ${STAFF_ROLES.join('|')} --email E --firstname F --lastname L [--password P]
                               create a staff account (a password is generated and printed when none is given)`,
    async run({ database, config, print }, args) {
      const { values } = parseArgs({
        args,
        options: {
          role: { type: 'string' },
          email: { type: 'string' },
          firstname: { type: 'string' },
          lastname: { type: 'string' },
          password: { type: 'string' },
        },
      });
      const role = oneOf<StaffRole>(values.role, STAFF_ROLES, '--role');
      await migrate(database);
      const { users } = createAccountServices(database.db, config);
      const password = values.password ?? randomBytes(12).toString('base64url');
      const id = await users.createAccount({ email: values.email ?? '', password, firstname: values.firstname ?? '', lastname: values.lastname ?? '', role });
      await recordAudit(database.db, {
        operatorId: null,
        action: 'staff.create',
        targetKind: 'user',
        targetId: id,
        after: { email: values.email, role, firstname: values.firstname, lastname: values.lastname },
      });
      print(`Created ${role} #${id} ${values.email}`);
      if (!values.password) print(`Password: ${password}`);
    },
  },

  'issue-invitation': {
    usage: `issue-invitation --kind client|performer [--uses N | --unlimited] [--expires-in-days D]
                 [--code CODE]... [--count N] [--issuer EMAIL] [--note TEXT]
                               issue invitation codes (single use and no expiry unless told;
                               --code names them, --count generates several)`,
    async run({ database, print }, args) {
      const { values } = parseArgs({
        args,
        options: {
          kind: { type: 'string' },
          uses: { type: 'string' },
          unlimited: { type: 'boolean' },
          'expires-in-days': { type: 'string' },
          code: { type: 'string', multiple: true },
          count: { type: 'string' },
          issuer: { type: 'string' },
          note: { type: 'string' },
        },
      });
      const kind = oneOf<InvitationKind>(values.kind, ['client', 'performer'], '--kind');
      if (values.unlimited && values.uses) throw new UsageError('--uses and --unlimited exclude each other');
      const maxUses = values.unlimited ? null : (positiveInt(values.uses, '--uses') ?? 1);
      const days = positiveInt(values['expires-in-days'], '--expires-in-days');
      const count = positiveInt(values.count, '--count');
      if (count && values.code) throw new UsageError('--count generates codes; --code names them: use one of them');
      await migrate(database);
      const invitations = new InvitationsService(database.db);
      const issuedBy = await issuerId(database, values.issuer);
      const expiresAt = days ? new Date(Date.now() + days * DAY_MS) : null;
      const codes: Array<string | undefined> = values.code ?? Array.from({ length: count ?? 1 }, () => undefined);
      for (const code of codes) {
        const issued = await database.db.transaction().execute(async (trx) => {
          const invitation = await invitations.issue({ kind, maxUses, expiresAt, issuedBy, note: values.note ?? null, code }, trx);
          await recordAudit(trx, {
            operatorId: null,
            action: 'invitation.issue',
            targetKind: 'invitation',
            targetId: invitation.id,
            after: { code: invitation.code, kind, maxUses, status: invitation.status, note: invitation.note },
          });
          return invitation;
        });
        print(invitationLine(issued));
      }
    },
  },

  'list-invitations': {
    usage: 'list-invitations [--kind client|performer] [--limit N]\n                               the newest invitation codes with their uses and status',
    async run({ database, print }, args) {
      const { values } = parseArgs({ args, options: { kind: { type: 'string' }, limit: { type: 'string' } } });
      const kind = values.kind === undefined ? undefined : oneOf<InvitationKind>(values.kind, ['client', 'performer'], '--kind');
      const list = await new InvitationsService(database.db).list({ kind, limit: positiveInt(values.limit, '--limit') ?? 50 });
      if (list.length === 0) print('No invitation codes yet. Issue one with: negayno-admin issue-invitation --kind client');
      for (const item of list) print(invitationLine(item));
    },
  },

  'revoke-invitation': {
    usage: 'revoke-invitation --code CODE  stop an invitation code from letting anyone else in',
    async run({ database, print }, args) {
      const { values } = parseArgs({ args, options: { code: { type: 'string' } } });
      const code = required(values.code, '--code');
      const revoked = await database.db.transaction().execute(async (trx) => {
        const invitations = new InvitationsService(trx);
        const before = await invitations.byCode(code, trx);
        if (!before || !(await invitations.revokeById(before.id, trx))) return false;
        await recordAudit(trx, {
          operatorId: null,
          action: 'invitation.revoke',
          targetKind: 'invitation',
          targetId: before.id,
          before: { code: before.code, status: before.status },
          after: { code: before.code, status: 'revoked' },
        });
        return true;
      });
      if (!revoked) throw new UsageError(`no active invitation code ${code}`);
      print(`Revoked ${code.toUpperCase()}.`);
    },
  },

  'assign-staff': {
    usage: `assign-staff --project ID [--am E] [--pm E] [--sm E]
                               put staff on a project's team, replacing whoever held the role (audited)`,
    async run({ database, config, print }, args) {
      const { values } = parseArgs({ args, options: { project: { type: 'string' }, am: { type: 'string' }, pm: { type: 'string' }, sm: { type: 'string' } } });
      const projectId = positiveInt(values.project, '--project');
      if (projectId === undefined) throw new UsageError('--project is required');
      const roles = TEAM_ROLES.filter((role) => values[role] !== undefined);
      if (roles.length === 0) throw new UsageError('name at least one of --am, --pm, --sm');
      const staffing = staffingOf(database, config);
      for (const role of roles) {
        const account = await accountByEmail(database, values[role]!);
        await staffing.setTeamMember(null, projectId, role, account.id);
        print(`Project #${projectId}: ${role} is ${account.email}`);
      }
    },
  },

  'list-projects': {
    usage: `list-projects [--unstaffed]  every live project with its client and team, oldest first
                               (--unstaffed: only those missing an am, pm or sm, with their staffing deadline)`,
    async run({ database, config, print }, args) {
      const { values } = parseArgs({ args, options: { unstaffed: { type: 'boolean' } } });
      const staffing = staffingOf(database, config);
      if (values.unstaffed) {
        const queue = await staffing.unstaffed();
        if (queue.length === 0) print('Every project has its team.');
        for (const project of queue) {
          const due = dateText(new Date(project.dueAt * 1000));
          print(
            `#${String(project.id).padEnd(6)} ${project.name}  client ${project.client.email}  missing ${project.missing.join(', ')}  published ${project.publishedTasks}  due ${due}`,
          );
        }
        return;
      }
      const projects = await staffing.teams();
      if (projects.length === 0) print('No projects yet.');
      for (const project of projects) {
        const team = TEAM_ROLES.map((role: TeamRole) => `${role} ${project.team.find((member) => member.role === role)?.email ?? '—'}`).join('  ');
        print(`#${String(project.id).padEnd(6)} ${project.name}  client ${project.clientEmail ?? '—'}  ${team}`);
      }
    },
  },

  'deactivate-staff': {
    usage: `deactivate-staff --email E [--successor E]
                               end a staff account's sessions and sign-ins; its projects go to the successor
                               (or the least-loaded other of the role, or the queue); audited`,
    async run({ database, config, print }, args) {
      const { values } = parseArgs({ args, options: { email: { type: 'string' }, successor: { type: 'string' } } });
      const account = await accountByEmail(database, required(values.email, '--email'));
      const successor = values.successor ? await accountByEmail(database, values.successor) : null;
      const result = await staffingOf(database, config).deactivate(null, account.id, successor?.id ?? null);
      print(`Deactivated ${account.role} ${account.email} (${result.sessions} session(s) ended).`);
      for (const moved of result.moved) print(`Project #${moved.projectId}: ${moved.role} ${moved.to === null ? 'left to the queue' : `to #${moved.to}`}`);
    },
  },

  'issue-login-code': {
    usage: 'issue-login-code --email E [--issuer EMAIL]\n                               a one-time code that signs E in at /login-as within 10 minutes',
    async run({ database, config, print }, args) {
      const { values } = parseArgs({ args, options: { email: { type: 'string' }, issuer: { type: 'string' } } });
      const email = required(values.email, '--email');
      const account = await findCredentials(database.db, email);
      if (!account) throw new UsageError(`no account with the email ${email}`);
      const issuedBy = await issuerId(database, values.issuer);
      const { code, expiresAt } = await database.db.transaction().execute(async (trx) => {
        const issued = await new LoginCodes(trx, config.secret).issue(account.user.id, issuedBy, trx);
        await recordAudit(trx, {
          operatorId: null,
          action: 'support.login_code',
          targetKind: 'user',
          targetId: account.user.id,
          after: { email: account.user.email },
        });
        return issued;
      });
      print(`Login code for ${account.user.email} (${account.user.role}): ${code}`);
      print(`Valid once, until ${dateText(expiresAt)}, at /login-as.`);
    },
  },

  payouts: {
    usage: 'payouts                      the pending payout requests, oldest first',
    async run({ database, config, print }) {
      const pending = await operatorPayouts(database.db, config).pending();
      if (pending.length === 0) print('No pending payouts.');
      for (const payout of pending) {
        print(
          `#${String(payout.id).padEnd(8)} ${(payout.amount / 100).toFixed(2).padStart(12)} ${payout.currency}  ${dateText(payout.createdAt)}  ${payout.email ?? '—'}`,
        );
      }
    },
  },

  payout: {
    usage: 'payout complete|reject N     settle the pending payout number N (the money was sent, or it goes back to the wallet)',
    async run({ database, config, print }, args) {
      const [action, number] = args;
      const outcome = action === 'complete' ? 'completed' : action === 'reject' ? 'rejected' : null;
      if (!outcome) throw new UsageError('payout needs complete or reject');
      const id = positiveInt(number, 'N');
      if (id === undefined) throw new UsageError('N is required');
      await operatorPayouts(database.db, config).settle(id, outcome, {
        operatorId: null,
        alsoWithin: (trx) =>
          recordAudit(trx, {
            operatorId: null,
            action: outcome === 'completed' ? 'payout.complete' : 'payout.reject',
            targetKind: 'payout',
            targetId: id,
            after: { status: outcome },
          }),
      });
      print(`Payout #${id} ${outcome}.`);
    },
  },

  'grant-operator': {
    usage: 'grant-operator --email E       make the staff account E an operator (it reaches the console at /ops)',
    async run({ database, print }, args) {
      await setOperator(database, args, true);
      print(`${required(parseArgs({ args, options: { email: { type: 'string' } } }).values.email, '--email')} is an operator now.`);
    },
  },

  'revoke-operator': {
    usage: 'revoke-operator --email E      take the operator flag from E (their next call to /ops is refused)',
    async run({ database, print }, args) {
      await setOperator(database, args, false);
      print(`${required(parseArgs({ args, options: { email: { type: 'string' } } }).values.email, '--email')} is no longer an operator.`);
    },
  },

  audit: {
    usage: 'audit [--limit N]            the newest operator actions (who, what, on what, before and after)',
    async run({ database, print }, args) {
      const { values } = parseArgs({ args, options: { limit: { type: 'string' } } });
      const entries = await listAudit(database.db, { limit: positiveInt(values.limit, '--limit') ?? 20 });
      if (entries.length === 0) print('No operator actions yet.');
      for (const entry of entries) {
        const when = dateText(new Date(entry.date * 1000));
        const who = entry.operator?.email ?? 'negayno-admin';
        const change = [
          entry.before === null ? null : `before ${JSON.stringify(entry.before)}`,
          entry.after === null ? null : `after ${JSON.stringify(entry.after)}`,
        ]
          .filter(Boolean)
          .join('  ');
        print(`${when}  ${who}  ${entry.action} ${entry.target.kind}#${entry.target.id ?? '—'}  ${change}`.trimEnd());
      }
    },
  },

  ledger: {
    usage: 'ledger check                 recompute every balance from its postings; exit 1 on any difference',
    async run({ database, print }, args) {
      if (args[0] !== 'check') throw new UsageError('ledger needs check');
      const result = await checkLedger(database.db);
      for (const line of result.lines) print(line);
      if (!result.ok) throw new CommandFailed(`The ledger check found ${result.lines.length} difference(s).`);
      print('The ledger is consistent: every balance equals the sum of its postings, every transaction sums to zero.');
    },
  },

  backup: {
    usage: `backup --to FILE             the whole install (database and files on disk) in one file, consistent while
                               the server runs on PostgreSQL; with PGlite stop the server first (docs/operations.md)`,
    async run({ database, config, print }, args) {
      const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
      const to = required(values.to, '--to');
      const summary = await writeBackup(database, { to, filesDir: config.filesDir, attachmentsInS3: config.s3 !== null });
      const { manifest } = summary;
      print(
        `Backup written to ${to}: schema ${manifest.schemaVersion}, ${manifest.tables.length} tables, ${summary.rows} rows, ${summary.files} files (${summary.fileBytes} bytes).`,
      );
      if (config.s3) print(`Attachments are on S3 (bucket ${config.s3.bucket}) and not in this file: the bucket's own versioning keeps them.`);
    },
  },

  restore: {
    usage: `restore --from FILE [--force]   a backup into this install (either engine); refuses one that already holds
                               accounts or files unless --force, which replaces everything. Stop the server first`,
    async run({ database, config, print }, args) {
      const { values } = parseArgs({ args, options: { from: { type: 'string' }, force: { type: 'boolean' } } });
      const from = required(values.from, '--from');
      const summary = await restoreBackup(database, { from, filesDir: config.filesDir, force: values.force === true }).catch((error: unknown) => {
        throw error instanceof RestoreRefused ? new CommandFailed(`Refused: ${error.message}`) : error;
      });
      const { manifest } = summary;
      print(
        `Restored ${from} (taken ${manifest.createdAt} on ${manifest.engine}, schema ${manifest.schemaVersion}): ${manifest.tables.length} tables, ${summary.rows} rows, ${summary.files} files.`,
      );
      if (summary.migratedForward.length > 0) print(`Migrated forward: ${summary.migratedForward.join(', ')}.`);
      if (manifest.attachmentsInS3 !== (config.s3 !== null))
        print(
          manifest.attachmentsInS3
            ? 'The backup was taken with attachments on S3: point S3_URL at that bucket (the attachments are not in this file).'
            : 'The backup holds attachments from a disk, but this install reads them from S3 (S3_URL): copy them into the bucket, or unset S3_URL.',
        );
    },
  },

  outbox: {
    usage: 'outbox [--to EMAIL] [--limit N]  mail kept while no SMTP_URL is set, newest first',
    async run({ database, print }, args) {
      const { values } = parseArgs({ args, options: { to: { type: 'string' }, limit: { type: 'string' } } });
      const mails = await readOutbox(database.db, { to: values.to, limit: positiveInt(values.limit, '--limit') ?? 20 });
      if (mails.length === 0) print(values.to ? `No mail to ${values.to} in the outbox.` : 'The outbox is empty.');
      for (const mail of mails) print(`${dateText(mail.createdAt)}  ${mail.recipient}  ${mail.subject}${mail.code ? `  [code ${mail.code}]` : ''}`);
    },
  },
};

/** Grants or revokes the operator flag of a staff account, audited in the same transaction. */
async function setOperator(database: DatabaseHandle, args: string[], operator: boolean): Promise<void> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
  const email = required(values.email, '--email');
  const account = await findCredentials(database.db, email);
  if (!account) throw new UsageError(`no account with the email ${email}`);
  if (account.user.role === 'user') throw new UsageError('only staff accounts can be operators');
  await database.db.transaction().execute(async (trx) => {
    await setOperatorFlag(trx, account.user.id, operator);
    await recordAudit(trx, {
      operatorId: null,
      action: operator ? 'operator.grant' : 'operator.revoke',
      targetKind: 'user',
      targetId: account.user.id,
      before: { email: account.user.email, operator: account.user.operator === true },
      after: { email: account.user.email, operator },
    });
  });
}

export function usage(): string {
  return `${USAGE_HEADER}\n${Object.values(COMMANDS)
    .map((command) => `  ${command.usage}`)
    .join('\n')}\n`;
}
