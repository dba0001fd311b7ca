/**
 * What a viewer's search may read (issue 38): exactly what the rest of the product lets them open. The
 * rules are the owners' own — the projects the viewer sees (projects policy), the tasks of those they may
 * open and the chats they may read (tasks policy), the offers they are shown (workflow policy) — put
 * together here as the sets the queries filter by; people are found by staff only.
 */
import type { ChatKey, SearchKind, TaskStatus } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProjectAccess } from '../projects/index.js';
import { boardScopeOf, readableChatKeys, visibleStatusesOf } from '../tasks/index.js';
import { canSeeDocuments } from '../workflow/index.js';

export interface SearchScope {
  /** The live projects the viewer sees (a removed member's former project is not among them). */
  projectIds: number[];
  /** Of those, the projects whose offers the viewer is shown (guests see none). */
  documentProjectIds: number[];
  statuses: TaskStatus[];
  /** A performer finds only the tasks they perform. */
  performerId: number | null;
  /** Clients never find the technical chat (`work`), performers only it. */
  chatKeys: ChatKey[];
  people: boolean;
}

/** Staff look people up across the install; clients and performers meet people inside tasks only. */
export function canSearchPeople(user: AuthUser): boolean {
  return user.role === 'am' || user.role === 'pm' || user.role === 'sm';
}

export function searchScopeOf(user: AuthUser, accesses: ProjectAccess[]): SearchScope {
  const scope = boardScopeOf(user);
  return {
    projectIds: accesses.map((access) => access.projectId),
    documentProjectIds: accesses.filter(canSeeDocuments).map((access) => access.projectId),
    statuses: visibleStatusesOf(user),
    performerId: scope.kind === 'performer' ? scope.userId : null,
    chatKeys: readableChatKeys(user),
    people: canSearchPeople(user),
  };
}

/** The groups a scope has anything to search in. */
export function kindsOf(scope: SearchScope): SearchKind[] {
  const kinds: SearchKind[] = [];
  if (scope.projectIds.length > 0) kinds.push('tasks', 'descriptions');
  if (scope.documentProjectIds.length > 0) kinds.push('documents');
  if (scope.projectIds.length > 0 && scope.chatKeys.length > 0) kinds.push('messages');
  if (scope.people) kinds.push('people');
  return kinds;
}
