/**
 * The operators' console's calls (issue 31): 404 to anyone who is not an operator. Beside the endpoint
 * table, not in it: the contract's index is shared whole with every page (module federation keeps every
 * export of a shared module), and these entries and their schemas are needed by the console's chunk and
 * the server alone, which import them from `@negayno/shared/contract/ops-endpoints`.
 */
import { endpoint } from './endpoint.js';
import type { TransactionsPage } from './money.js';
import {
  completePayoutBody,
  createStaffBody,
  deactivateStaffBody,
  issueInvitationBody,
  loginCodeBody,
  opsAuditQuery,
  opsInvitationsQuery,
  opsPayoutsQuery,
  opsProjectsQuery,
  opsStaffQuery,
  rejectPayoutBody,
  type OpsAuditPage,
  type OpsDeadlines,
  type OpsInvitation,
  type OpsInvitationsPage,
  type OpsLoginCode,
  type OpsMoney,
  type OpsPayout,
  type OpsPayoutsPage,
  type OpsProjectsPage,
  type OpsStaffMember,
  type OpsStaffPage,
} from './ops.js';
import { idParam } from './validation.js';

const id = { user: idParam('user'), invitation: idParam('invitation'), number: idParam('transaction') };

export const opsEndpoints = {
  staff: endpoint('GET', '/ops/staff', { query: opsStaffQuery }).answers<OpsStaffPage>(),
  createStaff: endpoint('POST', '/ops/staff', { body: createStaffBody }).answers<OpsStaffMember>(),
  deactivateStaff: endpoint('POST', '/ops/staff/:id/deactivate', { params: { id: id.user }, body: deactivateStaffBody }).answers<OpsStaffMember>(),
  reactivateStaff: endpoint('POST', '/ops/staff/:id/reactivate', { params: { id: id.user } }).answers<OpsStaffMember>(),
  projects: endpoint('GET', '/ops/projects', { query: opsProjectsQuery }).answers<OpsProjectsPage>(),
  invitations: endpoint('GET', '/ops/invitations', { query: opsInvitationsQuery }).answers<OpsInvitationsPage>(),
  issueInvitation: endpoint('POST', '/ops/invitations', { body: issueInvitationBody }).answers<OpsInvitation>(),
  revokeInvitation: endpoint('POST', '/ops/invitation/:id/revoke', { params: { id: id.invitation } }).answers<OpsInvitation>(),
  payouts: endpoint('GET', '/ops/payouts', { query: opsPayoutsQuery }).answers<OpsPayoutsPage>(),
  /** The payee's wallet history beside a payout request. */
  walletHistory: endpoint('GET', '/ops/user/:id/transactions', { params: { id: id.user } }).answers<TransactionsPage>(),
  completePayout: endpoint('POST', '/ops/payout/:number/complete', { params: { number: id.number }, body: completePayoutBody }).answers<OpsPayout>(),
  rejectPayout: endpoint('POST', '/ops/payout/:number/reject', { params: { number: id.number }, body: rejectPayoutBody }).answers<OpsPayout>(),
  deadlines: endpoint('GET', '/ops/deadlines', {}).answers<OpsDeadlines>(),
  money: endpoint('GET', '/ops/money', {}).answers<OpsMoney>(),
  loginCode: endpoint('POST', '/ops/login-code', { body: loginCodeBody }).answers<OpsLoginCode>(),
  audit: endpoint('GET', '/ops/audit', { query: opsAuditQuery }).answers<OpsAuditPage>(),
} as const;
