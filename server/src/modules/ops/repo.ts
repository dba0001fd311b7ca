/** The console's reads (issue 31): staff, projects with their teams, payouts, overdue tasks, money per month. */
import { WATCHED_EXPIRATIONS } from '@negayno/shared/contract/ops';
import { TEAM_ROLES, type Currency, type StaffRole, type TransactionStatus } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { StaffProjectRole } from '../../db/schema.js';
import type { OperatorFacts, WatchedStatus } from './policy.js';

/** `%text%` for LIKE, with the pattern's own characters escaped. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function operatorFactsOf(db: Db, userId: number): Promise<OperatorFacts | undefined> {
  const row = await db.selectFrom('users').select(['role', 'is_operator', 'deactivated_at']).where('id', '=', userId).executeTakeFirst();
  return row && { role: row.role, isOperator: row.is_operator, deactivatedAt: row.deactivated_at };
}

export async function setOperatorFlag(db: Db, userId: number, isOperator: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_operator: isOperator, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

// ── Staff ────────────────────────────────────────────────────────────────────────────────────────

export interface StaffRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: StaffRole;
  avatarPath: string | null;
  isOperator: boolean;
  lastSeenAt: Date | null;
  createdAt: Date;
  deactivatedAt: Date | null;
}

function selectStaff(db: Db) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.email',
      'u.firstname',
      'u.lastname',
      'u.role',
      'u.avatar_path as avatarPath',
      'u.is_operator as isOperator',
      'u.last_seen_at as lastSeenAt',
      'u.created_at as createdAt',
      'u.deactivated_at as deactivatedAt',
    ])
    .where('u.role', '<>', 'user');
}

/** Newest accounts first, `limit` below `backFrom`. */
export async function listStaff(
  db: Db,
  filter: { backFrom?: number; search?: string; role?: StaffRole; status?: 'active' | 'deactivated'; limit: number },
): Promise<StaffRow[]> {
  let query = selectStaff(db).orderBy('u.id', 'desc').limit(filter.limit);
  if (filter.backFrom !== undefined) query = query.where('u.id', '<', filter.backFrom);
  if (filter.role) query = query.where('u.role', '=', filter.role);
  if (filter.status === 'active') query = query.where('u.deactivated_at', 'is', null);
  if (filter.status === 'deactivated') query = query.where('u.deactivated_at', 'is not', null);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    query = query.where((eb) => eb.or([eb(sql`lower(u.email)`, 'like', pattern), eb(sql`lower(u.firstname || ' ' || u.lastname)`, 'like', pattern)]));
  }
  return (await query.execute()) as StaffRow[];
}

export async function findStaff(db: Db, id: number): Promise<StaffRow | undefined> {
  return (await selectStaff(db).where('u.id', '=', id).executeTakeFirst()) as StaffRow | undefined;
}

// ── Projects ─────────────────────────────────────────────────────────────────────────────────────

export interface ProjectOrderRow {
  id: number;
  unstaffed: boolean;
}

const lastActivityOf = sql<Date>`greatest(p.updated_at, coalesce((select max(t.updated_at) from tasks t where t.project_id = p.id), p.updated_at))`;
const unstaffedOf = sql<boolean>`(select count(distinct s.role) from project_staff s where s.project_id = p.id and s.role in ('am', 'pm', 'sm')) < 3`;

/**
 * Every live project's id in the console's order: unstaffed first, then by last activity (newest
 * first), then by id. The order is not by id, so a page is cut from this list after `backFrom`.
 */
export async function projectOrder(db: Db, filter: { search?: string; unstaffed: boolean }): Promise<ProjectOrderRow[]> {
  let query = db
    .selectFrom('projects as p')
    .leftJoin('users as c', 'c.id', 'p.created_by')
    .select(['p.id', unstaffedOf.as('unstaffed')])
    .where('p.deleted_at', 'is', null);
  if (filter.unstaffed) query = query.where(unstaffedOf);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    query = query.where((eb) => eb.or([eb(sql`lower(p.name)`, 'like', pattern), eb(sql`lower(coalesce(c.email, ''))`, 'like', pattern)]));
  }
  return query
    .orderBy(sql`${unstaffedOf} desc`)
    .orderBy(sql`${lastActivityOf} desc`)
    .orderBy('p.id', 'desc')
    .execute();
}

export interface ProjectDetailRow {
  id: number;
  name: string;
  currency: Currency;
  createdAt: Date;
  lastActivity: Date;
  clientId: number | null;
  clientFirstname: string | null;
  clientLastname: string | null;
  clientEmail: string | null;
  balance: number | null;
  openTasks: number;
}

export async function projectDetails(db: Db, ids: number[]): Promise<ProjectDetailRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('projects as p')
    .leftJoin('users as c', 'c.id', 'p.created_by')
    .leftJoin('accounts as a', (join) => join.onRef('a.project_id', '=', 'p.id').on('a.kind', '=', 'project').onRef('a.currency', '=', 'p.currency'))
    .select([
      'p.id',
      'p.name',
      'p.currency',
      'p.created_at as createdAt',
      lastActivityOf.as('lastActivity'),
      'c.id as clientId',
      'c.firstname as clientFirstname',
      'c.lastname as clientLastname',
      'c.email as clientEmail',
      'a.balance',
      sql<number>`(select count(*) from tasks t where t.project_id = p.id and t.status not in ('draft', 'archived'))::int`.as('openTasks'),
    ])
    .where('p.id', 'in', ids)
    .execute();
  return rows.map((row) => ({ ...row, balance: row.balance === null ? null : Number(row.balance), openTasks: Number(row.openTasks) }));
}

export interface TeamRow {
  projectId: number;
  role: StaffProjectRole;
  id: number;
  firstname: string;
  lastname: string;
  avatarPath: string | null;
}

export function teamsOf(db: Db, projectIds: number[]): Promise<TeamRow[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('project_staff as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.project_id as projectId', 's.role', 'u.id', 'u.firstname', 'u.lastname', 'u.avatar_path as avatarPath'])
    .where('s.project_id', 'in', projectIds)
    .where('s.role', 'in', [...TEAM_ROLES])
    .orderBy('s.project_id')
    .execute();
}

// ── Payouts ──────────────────────────────────────────────────────────────────────────────────────

export interface PayoutRow {
  id: number;
  amount: number;
  currency: Currency;
  status: TransactionStatus;
  createdAt: Date;
  settlementNote: string | null;
  payeeId: number;
  firstname: string;
  lastname: string;
  email: string;
  role: StaffRole;
  walletBalance: number | null;
}

/** Pending: oldest first, after `backFrom`; settled (completed or rejected): newest first, before it. */
export async function listPayouts(db: Db, filter: { settled: boolean; backFrom?: number; limit: number; onlyId?: number }): Promise<PayoutRow[]> {
  let query = db
    .selectFrom('ledger_transactions as t')
    .innerJoin('users as u', 'u.id', 't.sender_id')
    .leftJoin('accounts as w', (join) => join.onRef('w.user_id', '=', 'u.id').on('w.kind', '=', 'user_wallet').onRef('w.currency', '=', 't.currency'))
    .select([
      't.id',
      't.amount',
      't.currency',
      't.status',
      't.created_at as createdAt',
      't.settlement_note as settlementNote',
      'u.id as payeeId',
      'u.firstname',
      'u.lastname',
      'u.email',
      'u.role',
      'w.balance as walletBalance',
    ])
    .where('t.payment_type', '=', 'payout')
    .limit(filter.limit);
  if (filter.onlyId !== undefined) query = query.where('t.id', '=', filter.onlyId);
  else if (filter.settled) {
    query = query.where('t.status', 'in', ['completed', 'rejected']).orderBy('t.id', 'desc');
    if (filter.backFrom !== undefined) query = query.where('t.id', '<', filter.backFrom);
  } else {
    query = query.where('t.status', '=', 'pending').orderBy('t.id', 'asc');
    if (filter.backFrom !== undefined) query = query.where('t.id', '>', filter.backFrom);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    walletBalance: row.walletBalance === null ? null : Number(row.walletBalance),
    role: row.role as StaffRole,
  }));
}

// ── Deadlines ────────────────────────────────────────────────────────────────────────────────────

const EXPIRATION_COLUMN: Record<WatchedStatus, string> = {
  published: 'date_publish_expiration',
  discussion: 'date_discuss_expiration',
  estimation: 'date_calc_expiration',
  offer: 'date_offer_expiration',
  testing: 'date_test_expiration',
  review: 'date_prod_expiration',
};

export interface OverdueRow {
  id: number;
  number: number;
  name: string;
  status: WatchedStatus;
  projectId: number;
  projectName: string;
  expiredAt: Date;
  acceptedOnTest: boolean;
}

/** Live tasks of live projects whose current status's expiration has passed (paused ones wait for their pm, not the clock). */
export async function overdueTasks(db: Db, limit: number): Promise<OverdueRow[]> {
  const expiration = sql.raw(`case t.status ${WATCHED_EXPIRATIONS.map((status) => `when '${status}' then t.${EXPIRATION_COLUMN[status]}`).join(' ')} end`);
  const rows = await db
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select([
      't.id',
      't.number',
      't.name',
      't.status',
      'p.id as projectId',
      'p.name as projectName',
      sql<Date>`${expiration}`.as('expiredAt'),
      sql<boolean>`t.date_accept_on_test is not null`.as('acceptedOnTest'),
    ])
    .where('p.deleted_at', 'is', null)
    .where('p.archived_at', 'is', null)
    .where('t.status', 'in', [...WATCHED_EXPIRATIONS])
    .where('t.date_pause', 'is', null)
    .where(sql<boolean>`${expiration} < now()`)
    .orderBy(sql`${expiration}`)
    .limit(limit)
    .execute();
  return rows as OverdueRow[];
}

export interface PersonRow {
  id: number;
  firstname: string;
  lastname: string;
}

export function performersOf(db: Db, taskIds: number[]): Promise<Array<PersonRow & { taskId: number }>> {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_performers as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(['tp.task_id as taskId', 'u.id', 'u.firstname', 'u.lastname'])
    .where('tp.task_id', 'in', taskIds)
    .orderBy('tp.created_at')
    .execute();
}

/** Each project's client administrators, the owner first. */
export function clientAdminsOf(db: Db, projectIds: number[]): Promise<Array<PersonRow & { projectId: number }>> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.project_id as projectId', 'u.id', 'u.firstname', 'u.lastname'])
    .where('m.project_id', 'in', projectIds)
    .where('m.role', '=', 'administrator')
    .orderBy('m.is_owner', 'desc')
    .orderBy('m.created_at')
    .execute();
}

// ── Money ────────────────────────────────────────────────────────────────────────────────────────

export interface MoneyMonthRow {
  month: string;
  revenue: number;
  escrowDelta: number;
  payoutsPending: number;
  payoutsPaid: number;
  topUps: number;
}

const month = (column: string) => sql.raw(`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`);

/**
 * Per month (UTC) of all time, in one currency: the platform's revenue (its account's postings),
 * the change of the money held in escrow, payouts asked and still pending, payouts completed (by when
 * they were settled), and card top-ups confirmed.
 */
export async function moneyByMonth(db: Db, currency: Currency): Promise<MoneyMonthRow[]> {
  const result = await sql<{ month: string; kind: string; total: string | number }>`
    select ${month('p.created_at')} as month, 'revenue' as kind, sum(p.amount) as total
      from postings p join accounts a on a.id = p.account_id join ledger_transactions t on t.id = p.transaction_id
      where a.kind = 'platform' and a.currency = ${currency} and t.status = 'completed' group by 1
    union all
    select ${month('p.created_at')}, 'escrow', sum(p.amount)
      from postings p join accounts a on a.id = p.account_id
      where a.kind = 'escrow' and a.currency = ${currency} group by 1
    union all
    select ${month('t.created_at')}, 'payoutsPending', sum(t.amount)
      from ledger_transactions t where t.payment_type = 'payout' and t.status = 'pending' and t.currency = ${currency} group by 1
    union all
    select ${month('t.updated_at')}, 'payoutsPaid', sum(t.amount)
      from ledger_transactions t where t.payment_type = 'payout' and t.status = 'completed' and t.currency = ${currency} group by 1
    union all
    select ${month('o.settled_at')}, 'topUps', sum(o.amount)
      from payment_orders o where o.status = 'completed' and o.currency = ${currency} and o.settled_at is not null group by 1
  `.execute(db);
  const months = new Map<string, MoneyMonthRow>();
  for (const row of result.rows) {
    const entry = months.get(row.month) ?? { month: row.month, revenue: 0, escrowDelta: 0, payoutsPending: 0, payoutsPaid: 0, topUps: 0 };
    const total = Number(row.total);
    if (row.kind === 'revenue') entry.revenue += total;
    else if (row.kind === 'escrow') entry.escrowDelta += total;
    else if (row.kind === 'payoutsPending') entry.payoutsPending += total;
    else if (row.kind === 'payoutsPaid') entry.payoutsPaid += total;
    else if (row.kind === 'topUps') entry.topUps += total;
    months.set(row.month, entry);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}
