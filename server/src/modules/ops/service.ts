/**
 * The operators' console (issue 31, decisions 2 "Operators"): staff, projects and teams, invitation
 * codes, payouts, deadlines, money, login-as codes and the audit log. Every change an operator makes
 * is written to the audit log inside the transaction of the change itself.
 */
import { OPS_PAGE_SIZE } from '@negayno/shared/contract/ops';
import { randomBytes } from 'node:crypto';
import {
  TEAM_ROLES,
  type AuditEntry,
  type CreateStaffBody,
  type IssueInvitationBody,
  type Language,
  type OpsDeadlines,
  type OpsInvitation,
  type OpsInvitationsPage,
  type OpsLoginCode,
  type OpsMoney,
  type OpsMoneyMonth,
  type OpsPayout,
  type OpsPayoutsPage,
  type OpsProject,
  type OpsProjectsPage,
  type OpsStaffMember,
  type OpsStaffPage,
  type OverdueTask,
  type Paged,
  type TeamRole,
  type TransactionsPage,
  type UnstaffedProject,
} from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { staffWelcomeMail } from '../../infra/mail/templates.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { toUnix, toUnixOrNull } from '../../lib/time.js';
import { listAudit, recordAudit } from '../audit/index.js';
import { hashPassword, type LoginCodes } from '../auth/index.js';
import type { InvitationsService, InvitationView } from '../invitations/index.js';
import { lastMonths, type PayoutsService, type Statements } from '../money/index.js';
import { loadsOf } from '../staffing/index.js';
import { avatarUrlOf, colorFor, emailIsTaken, findUserByEmail, insertUser } from '../users/index.js';
import { isOperator, responsibleOrderOf } from './policy.js';
import {
  clientAdminsOf,
  findStaff,
  listPayouts,
  listStaff,
  moneyByMonth,
  operatorFactsOf,
  overdueTasks,
  performersOf,
  projectDetails,
  projectOrder,
  teamsOf,
  type PayoutRow,
  type StaffRow,
} from './repo.js';

const DAY_MS = 24 * 3600_000;
const MONEY_MONTHS = 12;
/** The deadlines view shows the oldest overdue tasks first, this many at most. */
const OVERDUE_LIMIT = 200;
const CONSOLE_CURRENCY = 'UAH';

/** What the console asks of the staffing module (its service, wired in services.ts). */
export interface StaffingPort {
  deactivate(actorId: number | null, userId: number, successorId: number | null): Promise<unknown>;
  reactivate(actorId: number | null, userId: number): Promise<unknown>;
  /** The queue of unstaffed projects (every one, oldest first). */
  queue(): Promise<UnstaffedProject[]>;
}

export interface OpsOptions {
  publicUrl: string;
}

function page<T>(rows: T[]): Paged<T> {
  return { list: rows.slice(0, OPS_PAGE_SIZE), hasMore: rows.length > OPS_PAGE_SIZE };
}

export class OpsService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly invitations: InvitationsService,
    private readonly payouts: PayoutsService,
    private readonly statements: Statements,
    private readonly loginCodes: LoginCodes,
    private readonly staffing: StaffingPort,
    private readonly options: OpsOptions,
  ) {}

  /** The console's door, read from the account's row on every call (a revoked flag counts at once). */
  async isOperator(user: AuthUser): Promise<boolean> {
    return isOperator(await operatorFactsOf(this.db, user.id));
  }

  // ── Staff ──────────────────────────────────────────────────────────────────────────────────────

  async staff(query: { backFrom?: number; q?: string; role?: OpsStaffMember['role']; status?: 'active' | 'deactivated' }): Promise<OpsStaffPage> {
    const rows = await listStaff(this.db, { backFrom: query.backFrom, search: query.q, role: query.role, status: query.status, limit: OPS_PAGE_SIZE + 1 });
    const paged = page(rows);
    return { list: await this.presentStaff(paged.list), hasMore: paged.hasMore };
  }

  async staffMember(id: number): Promise<OpsStaffMember> {
    const row = await findStaff(this.db, id);
    if (!row) throw new AppError('user_not_found');
    return (await this.presentStaff([row]))[0]!;
  }

  /**
   * A staff account with a password nobody knows (random, hashed, never shown): the person sets their
   * own through the mailed link to password recovery, which proves they own the address.
   */
  async createStaff(operatorId: number | null, body: CreateStaffBody, language: Language): Promise<OpsStaffMember> {
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        if (await emailIsTaken(trx, body.email)) throw new AppError('email_already_added', { email: 'email_already_added' });
        const userId = await insertUser(trx, {
          email: body.email,
          password_hash: unusable,
          firstname: body.firstname,
          lastname: body.lastname,
          role: body.role,
          language,
          color: colorFor(body.email),
        });
        await recordAudit(trx, {
          operatorId,
          action: 'staff.create',
          targetKind: 'user',
          targetId: userId,
          after: { email: body.email, role: body.role, firstname: body.firstname, lastname: body.lastname },
        });
        return userId;
      })
      .catch((error: unknown) => {
        // Two creations of one email at once: the unique index lets one in.
        if (error instanceof AppError) throw error;
        if (String((error as { constraint?: string }).constraint ?? '').includes('email'))
          throw new AppError('email_already_added', { email: 'email_already_added' });
        throw error;
      });
    const link = `${this.options.publicUrl}/restore-password?email=${encodeURIComponent(body.email)}`;
    await this.mailer.send(staffWelcomeMail(body.email, { firstname: body.firstname, role: body.role, link }, language));
    return this.staffMember(id);
  }

  async deactivate(operatorId: number | null, userId: number, successorId: number | null): Promise<OpsStaffMember> {
    await this.staffMember(userId);
    await this.staffing.deactivate(operatorId, userId, successorId);
    return this.staffMember(userId);
  }

  async reactivate(operatorId: number | null, userId: number): Promise<OpsStaffMember> {
    await this.staffMember(userId);
    await this.staffing.reactivate(operatorId, userId);
    return this.staffMember(userId);
  }

  private async presentStaff(rows: StaffRow[]): Promise<OpsStaffMember[]> {
    const loads = await loadsOf(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      role: row.role,
      avatarUrl: avatarUrlOf(row.avatarPath),
      operator: row.isOperator,
      load: loads.get(row.id) ?? { projects: 0, openTasks: 0 },
      lastSeen: toUnixOrNull(row.lastSeenAt),
      dateCreate: toUnix(row.createdAt),
      dateDeactivated: toUnixOrNull(row.deactivatedAt),
    }));
  }

  // ── Projects ───────────────────────────────────────────────────────────────────────────────────

  async projects(query: { backFrom?: number; q?: string; unstaffed: boolean }): Promise<OpsProjectsPage> {
    const order = await projectOrder(this.db, { search: query.q, unstaffed: query.unstaffed });
    let start = 0;
    if (query.backFrom !== undefined) {
      const at = order.findIndex((row) => row.id === query.backFrom);
      if (at < 0) throw new AppError('backFrom_not_found');
      start = at + 1;
    }
    const slice = order.slice(start, start + OPS_PAGE_SIZE);
    const ids = slice.map((row) => row.id);
    const [details, teams] = await Promise.all([projectDetails(this.db, ids), teamsOf(this.db, ids)]);
    const byId = new Map(details.map((row) => [row.id, row]));
    const list = ids.flatMap((id): OpsProject[] => {
      const row = byId.get(id);
      if (!row) return [];
      const team = teams
        .filter((member) => member.projectId === id)
        .map((member) => ({
          id: member.id,
          firstname: member.firstname,
          lastname: member.lastname,
          role: member.role as TeamRole,
          avatarUrl: avatarUrlOf(member.avatarPath),
        }));
      return [
        {
          id,
          name: row.name,
          client:
            row.clientId === null
              ? null
              : { id: row.clientId, firstname: row.clientFirstname ?? '', lastname: row.clientLastname ?? '', email: row.clientEmail ?? '' },
          team,
          missing: TEAM_ROLES.filter((role) => !team.some((member) => member.role === role)),
          balance: row.balance ?? 0,
          currency: row.currency,
          openTasks: row.openTasks,
          dateCreate: toUnix(row.createdAt),
          lastActivity: toUnix(new Date(row.lastActivity)),
        },
      ];
    });
    return { list, hasMore: start + OPS_PAGE_SIZE < order.length };
  }

  // ── Invitation codes ───────────────────────────────────────────────────────────────────────────

  async invitationList(query: { backFrom?: number; q?: string; kind?: OpsInvitation['kind'] }): Promise<OpsInvitationsPage> {
    const rows = await this.invitations.list({ kind: query.kind, backFrom: query.backFrom, search: query.q, limit: OPS_PAGE_SIZE + 1 });
    const paged = page(rows);
    return { list: paged.list.map(toOpsInvitation), hasMore: paged.hasMore };
  }

  async issueInvitation(operatorId: number | null, body: IssueInvitationBody): Promise<OpsInvitation> {
    const issued = await this.db.transaction().execute(async (trx) => {
      const invitation = await this.invitations.issue(
        {
          kind: body.kind,
          maxUses: body.maxUses,
          expiresAt: body.expiresInDays === null ? null : new Date(Date.now() + body.expiresInDays * DAY_MS),
          issuedBy: operatorId,
          note: body.note || null,
        },
        trx,
      );
      await recordAudit(trx, {
        operatorId,
        action: 'invitation.issue',
        targetKind: 'invitation',
        targetId: invitation.id,
        after: auditedInvitation(invitation),
      });
      return invitation;
    });
    return toOpsInvitation(issued);
  }

  async revokeInvitation(operatorId: number | null, id: number): Promise<OpsInvitation> {
    const revoked = await this.db.transaction().execute(async (trx) => {
      const before = await this.invitations.byId(id, trx);
      if (!before) throw new AppError('invitation_not_found');
      if (!(await this.invitations.revokeById(id, trx))) throw new AppError('method_not_allowed');
      const after = (await this.invitations.byId(id, trx))!;
      await recordAudit(trx, {
        operatorId,
        action: 'invitation.revoke',
        targetKind: 'invitation',
        targetId: id,
        before: auditedInvitation(before),
        after: auditedInvitation(after),
      });
      return after;
    });
    return toOpsInvitation(revoked);
  }

  // ── Payouts ────────────────────────────────────────────────────────────────────────────────────

  async payoutList(query: { backFrom?: number; status?: 'pending' | 'settled' }): Promise<OpsPayoutsPage> {
    const rows = await listPayouts(this.db, { settled: query.status === 'settled', backFrom: query.backFrom, limit: OPS_PAGE_SIZE + 1 });
    const paged = page(rows);
    return { list: paged.list.map(toOpsPayout), hasMore: paged.hasMore };
  }

  async walletHistory(operator: AuthUser, userId: number): Promise<TransactionsPage> {
    const payee = await findStaff(this.db, userId);
    if (!payee) throw new AppError('user_not_found');
    return this.statements.page(operator, { kind: 'user_wallet', userId }, CONSOLE_CURRENCY);
  }

  /** Completes (with the reference the payee sees) or rejects (with the reason; the money goes back) a pending payout, once. */
  async settlePayout(operatorId: number | null, number: number, outcome: 'completed' | 'rejected', note: string): Promise<OpsPayout> {
    const before = await this.payout(number);
    await this.payouts.settle(number, outcome, {
      note,
      operatorId,
      alsoWithin: (trx) =>
        recordAudit(trx, {
          operatorId,
          action: outcome === 'completed' ? 'payout.complete' : 'payout.reject',
          targetKind: 'payout',
          targetId: number,
          before: { status: before.status, amount: before.amount, payee: before.payee.email },
          after: { status: outcome, note },
        }),
    });
    return this.payout(number);
  }

  private async payout(number: number): Promise<OpsPayout> {
    const [row] = await listPayouts(this.db, { settled: false, onlyId: number, limit: 1 });
    if (!row) throw new AppError('payout_not_found');
    return toOpsPayout(row);
  }

  // ── Deadlines ──────────────────────────────────────────────────────────────────────────────────

  async deadlines(now = new Date()): Promise<OpsDeadlines> {
    const overdue = await overdueTasks(this.db, OVERDUE_LIMIT);
    const taskIds = overdue.map((row) => row.id);
    const projectIds = [...new Set(overdue.map((row) => row.projectId))];
    const [teams, performers, admins, queue] = await Promise.all([
      teamsOf(this.db, projectIds),
      performersOf(this.db, taskIds),
      clientAdminsOf(this.db, projectIds),
      this.staffing.queue(),
    ]);
    const tasks: OverdueTask[] = overdue.map((row) => {
      let responsible: OverdueTask['responsible'] = null;
      for (const kind of responsibleOrderOf(row.status, row.acceptedOnTest)) {
        const person =
          kind === 'performer'
            ? performers.find((performer) => performer.taskId === row.id)
            : kind === 'client'
              ? admins.find((admin) => admin.projectId === row.projectId)
              : teams.find((member) => member.projectId === row.projectId && member.role === kind);
        if (person) {
          responsible = { id: person.id, firstname: person.firstname, lastname: person.lastname, role: kind };
          break;
        }
      }
      return {
        id: row.id,
        number: row.number,
        name: row.name,
        status: row.status,
        project: { id: row.projectId, name: row.projectName },
        dateExpired: toUnix(new Date(row.expiredAt)),
        responsible,
      };
    });
    // By person (nobody last), then the longest overdue first within each.
    const personKey = (task: OverdueTask) =>
      task.responsible ? `${task.responsible.lastname} ${task.responsible.firstname} ${task.responsible.id}` : '\uffff';
    tasks.sort((a, b) => personKey(a).localeCompare(personKey(b)) || a.dateExpired - b.dateExpired);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    return { tasks, projects: queue.filter((project) => project.dueAt < nowSeconds) };
  }

  // ── Money ──────────────────────────────────────────────────────────────────────────────────────

  async money(now = new Date()): Promise<OpsMoney> {
    const rows = await moneyByMonth(this.db, CONSOLE_CURRENCY);
    const months = lastMonths(now, MONEY_MONTHS);
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    // Escrow held at a month's end: every change up to it.
    let escrow = rows.filter((row) => row.month < months[0]!).reduce((sum, row) => sum + row.escrowDelta, 0);
    const list: OpsMoneyMonth[] = months.map((month) => {
      const row = byMonth.get(month);
      escrow += row?.escrowDelta ?? 0;
      return {
        month,
        revenue: row?.revenue ?? 0,
        escrow,
        payoutsPending: row?.payoutsPending ?? 0,
        payoutsPaid: row?.payoutsPaid ?? 0,
        topUps: row?.topUps ?? 0,
      };
    });
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    return {
      currency: CONSOLE_CURRENCY,
      months: list,
      totals: {
        revenue: sum((row) => row.revenue),
        escrow: sum((row) => row.escrowDelta),
        payoutsPending: sum((row) => row.payoutsPending),
        payoutsPaid: sum((row) => row.payoutsPaid),
        topUps: sum((row) => row.topUps),
      },
    };
  }

  // ── Support ────────────────────────────────────────────────────────────────────────────────────

  /** A one-time login-as code, shown once and never kept (its hash is); its use is notified to the user. */
  async loginCode(operatorId: number | null, email: string): Promise<OpsLoginCode> {
    const user = await findUserByEmail(this.db, email);
    if (!user) throw new AppError('user_not_found', { email: 'user_not_found' });
    const issued = await this.db.transaction().execute(async (trx) => {
      const code = await this.loginCodes.issue(user.id, operatorId, trx);
      await recordAudit(trx, {
        operatorId,
        action: 'support.login_code',
        targetKind: 'user',
        targetId: user.id,
        after: { email: user.email, expires: toUnix(code.expiresAt) },
      });
      return code;
    });
    return {
      code: issued.code,
      dateExpires: toUnix(issued.expiresAt),
      user: { id: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email },
    };
  }

  // ── Audit ──────────────────────────────────────────────────────────────────────────────────────

  async audit(query: { backFrom?: number; q?: string }): Promise<Paged<AuditEntry>> {
    return page(await listAudit(this.db, { backFrom: query.backFrom, search: query.q, limit: OPS_PAGE_SIZE + 1 }));
  }
}

function auditedInvitation(invitation: InvitationView) {
  return {
    code: invitation.code,
    kind: invitation.kind,
    maxUses: invitation.maxUses,
    status: invitation.status,
    expires: invitation.expiresAt ? toUnix(invitation.expiresAt) : null,
    note: invitation.note,
  };
}

function toOpsInvitation(invitation: InvitationView): OpsInvitation {
  return {
    id: invitation.id,
    code: invitation.code,
    kind: invitation.kind,
    maxUses: invitation.maxUses,
    useCount: invitation.useCount,
    status: invitation.status,
    dateExpires: toUnixOrNull(invitation.expiresAt),
    note: invitation.note,
    issuer:
      invitation.issuerId === null
        ? null
        : {
            id: invitation.issuerId,
            firstname: invitation.issuerFirstname ?? '',
            lastname: invitation.issuerLastname ?? '',
            email: invitation.issuerEmail ?? '',
          },
    dateCreate: toUnix(invitation.createdAt),
  };
}

function toOpsPayout(row: PayoutRow): OpsPayout {
  return {
    number: row.id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    dateCreate: toUnix(row.createdAt),
    payee: { id: row.payeeId, firstname: row.firstname, lastname: row.lastname, email: row.email, role: row.role },
    walletBalance: row.walletBalance ?? 0,
    settlementNote: row.settlementNote,
  };
}
