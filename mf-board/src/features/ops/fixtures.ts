/** Console entities for the tests (and jsdom's missing ResizeObserver, which Fluent's MessageBar watches its size with). */
import type { AuditEntry, OpsInvitation, OpsPayout, OpsProject, OpsStaffMember } from '@negayno/shared/contract';

globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
} as unknown as typeof ResizeObserver;

export function staffMember(id: number, overrides: Partial<OpsStaffMember> = {}): OpsStaffMember {
  return {
    id,
    firstname: `Staff${id}`,
    lastname: 'Test',
    email: `staff${id}@demo.test`,
    role: 'am',
    avatarUrl: null,
    operator: false,
    load: { projects: 1, openTasks: 2 },
    lastSeen: 1_700_000_000,
    dateCreate: 1_690_000_000,
    dateDeactivated: null,
    ...overrides,
  };
}

export function opsProject(id: number, overrides: Partial<OpsProject> = {}): OpsProject {
  return {
    id,
    name: `Project ${id}`,
    client: { id: 100 + id, firstname: 'Client', lastname: `${id}`, email: `client${id}@demo.test` },
    team: [{ id: 1, firstname: 'Anna', lastname: 'Am', role: 'am', avatarUrl: null }],
    missing: ['pm', 'sm'],
    balance: 50_000,
    currency: 'UAH',
    openTasks: 3,
    dateCreate: 1_690_000_000,
    lastActivity: 1_700_000_000,
    ...overrides,
  };
}

export function invitation(id: number, overrides: Partial<OpsInvitation> = {}): OpsInvitation {
  return {
    id,
    code: `CODE-${id}`,
    kind: 'client',
    maxUses: 5,
    useCount: 1,
    status: 'active',
    dateExpires: null,
    note: null,
    issuer: null,
    dateCreate: 1_700_000_000,
    ...overrides,
  };
}

export function payout(number: number, overrides: Partial<OpsPayout> = {}): OpsPayout {
  return {
    number,
    amount: 60_000,
    currency: 'UAH',
    status: 'pending',
    dateCreate: 1_700_000_000,
    payee: { id: 7, firstname: 'Petro', lastname: 'Performer', email: 'performer@demo.test', role: 'performer' },
    walletBalance: 10_000,
    settlementNote: null,
    ...overrides,
  };
}

export function auditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    operator: { id: 9, firstname: 'Olha', lastname: 'Ops', email: 'ops@demo.test' },
    action: 'invitation.revoke',
    target: { kind: 'invitation', id: String(id), label: `CODE-${id}` },
    before: { status: 'active' },
    after: { status: 'revoked' },
    date: 1_700_000_000,
    ...overrides,
  };
}
