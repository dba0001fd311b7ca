/**
 * What a project's export holds for the person who asks (issue 37): exactly what the rest of the product
 * lets them read. Who may export is the projects policy's `canExport` (its administrators, its am,
 * operators); the parts are the owners' own rules put together — the tasks the exporter's board shows
 * (tasks policy), the chats they may read (a client's export has `main` only), the offers and prices
 * they are shown (workflow policy), the members' contacts (projects policy) and the project's money
 * (shown to its administrators; operators look after every balance).
 */
import type { ChatKey, TaskStatus } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import { canSeeMemberContacts, type ProjectAccess } from '../projects/index.js';
import { readableChatKeys, visibleStatusesOf } from '../tasks/index.js';
import { canSeeDocuments, canSeePrices } from '../workflow/index.js';

export interface ExportScope {
  projectId: number;
  statuses: TaskStatus[];
  chatKeys: ChatKey[];
  documents: boolean;
  prices: boolean;
  memberContacts: boolean;
  transactions: boolean;
}

export function exportScopeOf(user: AuthUser, access: ProjectAccess): ExportScope {
  return {
    projectId: access.projectId,
    statuses: visibleStatusesOf(user),
    chatKeys: readableChatKeys(user),
    documents: canSeeDocuments(access),
    prices: canSeePrices(access),
    memberContacts: canSeeMemberContacts(access),
    transactions: access.role === 'administrator' || access.operator === true,
  };
}

/** Only the person who asked downloads an archive: it was cut to their reading rules. */
export function canDownload(user: AuthUser, exported: { requestedBy: number }): boolean {
  return exported.requestedBy === user.id;
}
