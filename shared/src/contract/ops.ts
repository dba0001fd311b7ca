/**
 * The operators' console (issue 31, decisions 2 "Operators"): staff, projects and teams, invitation
 * codes, payouts, deadlines, money totals, login-as codes and the audit log. Every call is under
 * `/ops/…` and answers 404 (`request_not_found`-like: the server's not-found) to anyone who is not an
 * operator, so the console's existence is not told to others. Lists are paged by 20 with `backFrom`
 * (the last item's id) in the query, filters beside it.
 */
import { z } from 'zod';
import type { PersonRef, UnixSeconds } from './entities.js';
import type { Paged } from './envelope.js';
import { LENGTH, MAX_ID } from './limits.js';
import type { Transaction } from './money.js';
import { STAFF_ROLES, type StaffRole } from './enums.js';
import type { StaffLoad, TeamRole, UnstaffedProject } from './staffing.js';
import { emailField, optionalText, requiredText, singleLineText } from './validation.js';

export const OPS_PAGE_SIZE = 20;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const backFrom = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(MAX_ID).optional()).catch(undefined);
const search = z.preprocess(blankToUndefined, z.string().trim().max(LENGTH.name).optional()).catch(undefined);

// ── Staff ────────────────────────────────────────────────────────────────────────────────────────

export interface OpsStaffMember extends PersonRef {
  email: string;
  role: StaffRole;
  avatarUrl: string | null;
  operator: boolean;
  load: StaffLoad;
  lastSeen: UnixSeconds | null;
  dateCreate: UnixSeconds;
  /** Null while active. */
  dateDeactivated: UnixSeconds | null;
}

export const opsStaffQuery = z.object({
  backFrom,
  q: search,
  role: z.preprocess(blankToUndefined, z.enum(STAFF_ROLES).optional()).catch(undefined),
  status: z.preprocess(blankToUndefined, z.enum(['active', 'deactivated']).optional()).catch(undefined),
});
export type OpsStaffQuery = z.infer<typeof opsStaffQuery>;

/** `POST /ops/staff`: the person gets a mail with a link to set their password (no password is ever shown or logged). */
export const createStaffBody = z.object({
  role: z.enum(STAFF_ROLES, { error: 'role_not_found' }),
  email: emailField(),
  firstname: singleLineText('firstname', LENGTH.personName),
  lastname: singleLineText('lastname', LENGTH.personName),
});
export type CreateStaffBody = z.infer<typeof createStaffBody>;

/**
 * `POST /ops/staff/{id}/deactivate`: who takes over the leaver's projects (a active staff member of the
 * same role); null lets the server pick the least-loaded one, or queue the projects when there is none.
 */
export const deactivateStaffBody = z.object({
  successorId: z.preprocess((value) => (value === undefined ? null : value), z.coerce.number().int().positive().max(MAX_ID).nullable()).catch(null),
});
export type DeactivateStaffBody = z.infer<typeof deactivateStaffBody>;

// ── Projects ─────────────────────────────────────────────────────────────────────────────────────

export interface OpsProject {
  id: number;
  name: string;
  client: (PersonRef & { email: string }) | null;
  team: Array<PersonRef & { role: TeamRole; avatarUrl: string | null }>;
  missing: TeamRole[];
  balance: number;
  currency: string;
  openTasks: number;
  dateCreate: UnixSeconds;
  lastActivity: UnixSeconds;
}

/** Unstaffed projects first, then by last activity. */
export const opsProjectsQuery = z.object({
  backFrom,
  q: search,
  unstaffed: z.preprocess((value) => value === 'true' || value === '1' || value === true, z.boolean()).catch(false),
});
export type OpsProjectsQuery = z.infer<typeof opsProjectsQuery>;

// ── Invitation codes ─────────────────────────────────────────────────────────────────────────────

export const INVITATION_KINDS = ['client', 'performer'] as const;
export type InvitationCodeKind = (typeof INVITATION_KINDS)[number];

export interface OpsInvitation {
  id: number;
  code: string;
  kind: InvitationCodeKind;
  maxUses: number | null;
  useCount: number;
  status: 'active' | 'used' | 'expired' | 'revoked';
  dateExpires: UnixSeconds | null;
  note: string | null;
  issuer: (PersonRef & { email: string }) | null;
  dateCreate: UnixSeconds;
}

export const opsInvitationsQuery = z.object({
  backFrom,
  q: search,
  kind: z.preprocess(blankToUndefined, z.enum(INVITATION_KINDS).optional()).catch(undefined),
});

/** `POST /ops/invitations`: maxUses null = unlimited, expiresInDays null = never. */
export const issueInvitationBody = z.object({
  kind: z.enum(INVITATION_KINDS, { error: 'option_not_found' }),
  maxUses: z
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(1, { error: 'invalid_value' })
    .max(100_000, { error: 'invalid_value' })
    .nullable(),
  expiresInDays: z
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(1, { error: 'invalid_value' })
    .max(3650, { error: 'invalid_value' })
    .nullable(),
  note: optionalText('note', LENGTH.name),
});
export type IssueInvitationBody = z.infer<typeof issueInvitationBody>;

// ── Payouts ──────────────────────────────────────────────────────────────────────────────────────

export interface OpsPayout {
  /** The transaction's number (its id in the ledger). */
  number: number;
  amount: number;
  currency: string;
  status: Transaction['status'];
  dateCreate: UnixSeconds;
  payee: PersonRef & { email: string; role: StaffRole };
  /** The payee's wallet balance now (available, after the reserve). */
  walletBalance: number;
  /** What the payee sees: the reference of a completed payout, the reason of a rejected one. */
  settlementNote: string | null;
}

/** Pending oldest first (the default); `settled` newest first. */
export const opsPayoutsQuery = z.object({
  backFrom,
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'settled']).optional()).catch(undefined),
});

export const completePayoutBody = z.object({ reference: requiredText('reference', LENGTH.name) });
export const rejectPayoutBody = z.object({ reason: requiredText('reason', LENGTH.name) });

// ── Deadlines ────────────────────────────────────────────────────────────────────────────────────

/** The statuses whose expiration the console watches, and the date that runs out in each. */
export const WATCHED_EXPIRATIONS = ['published', 'discussion', 'estimation', 'offer', 'testing', 'review'] as const;

export interface OverdueTask {
  id: number;
  number: number;
  name: string;
  status: (typeof WATCHED_EXPIRATIONS)[number];
  project: { id: number; name: string };
  /** When the status's time ran out. */
  dateExpired: UnixSeconds;
  /** Who is to move it on (decisions 3), or null when nobody is attached. */
  responsible: (PersonRef & { role: string }) | null;
}

export interface OpsDeadlines {
  tasks: OverdueTask[];
  /** Projects past the staffing SLA with a role still unfilled. */
  projects: UnstaffedProject[];
}

// ── Money ────────────────────────────────────────────────────────────────────────────────────────

export interface OpsMoneyMonth {
  /** `2026-11`. */
  month: string;
  revenue: number;
  /** Escrow held at the month's end. */
  escrow: number;
  payoutsPending: number;
  payoutsPaid: number;
  topUps: number;
}

export interface OpsMoney {
  currency: string;
  months: OpsMoneyMonth[];
  totals: { revenue: number; escrow: number; payoutsPending: number; payoutsPaid: number; topUps: number };
}

// ── Support ──────────────────────────────────────────────────────────────────────────────────────

export const loginCodeBody = z.object({ email: emailField() });

/** The code is shown once; its use is notified to the user it signs in as. */
export interface OpsLoginCode {
  code: string;
  dateExpires: UnixSeconds;
  user: PersonRef & { email: string };
}

// ── Audit ────────────────────────────────────────────────────────────────────────────────────────

export interface AuditEntry {
  id: number;
  operator: (PersonRef & { email: string }) | null;
  /** `staff.create`, `staff.deactivate`, `team.assign`, `invitation.issue`, `payout.complete`, … */
  action: string;
  target: { kind: string; id: string | null; label: string | null };
  before: unknown;
  after: unknown;
  date: UnixSeconds;
}

export const opsAuditQuery = z.object({ backFrom, q: search });

export type OpsStaffPage = Paged<OpsStaffMember>;
export type OpsProjectsPage = Paged<OpsProject>;
export type OpsInvitationsPage = Paged<OpsInvitation>;
export type OpsPayoutsPage = Paged<OpsPayout>;
export type OpsAuditPage = Paged<AuditEntry>;
