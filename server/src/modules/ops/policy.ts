/**
 * Who reaches the operators' console, and who is to move an overdue task on (issue 31, decisions 2
 * "Operators" and 3). The rules live here and nowhere else.
 */
import type { AccountRole, WATCHED_EXPIRATIONS } from '@negayno/shared/contract';

/** The facts of an account the console's door is decided from (read fresh from its row on every call). */
export interface OperatorFacts {
  role: AccountRole;
  isOperator: boolean;
  deactivatedAt: Date | null;
}

/** An operator is an active staff account with the operator flag; a client account never is, whatever its flag. */
export function isOperator(account: OperatorFacts | undefined): boolean {
  return account !== undefined && account.role !== 'user' && account.isOperator && account.deactivatedAt === null;
}

export type WatchedStatus = (typeof WATCHED_EXPIRATIONS)[number];

/**
 * Who is to move a task on from a status whose time ran out (decisions 3, "who moves it on"):
 * - published: the pm sends it to discussion (the am may too: the fallback when there is no pm);
 * - discussion: the pm sends it to estimation;
 * - estimation: an assigned performer finishes the estimate (the pm when none is assigned);
 * - offer: the client's administrator accepts, declines or asks to change it;
 * - testing: the client checks the work on test; once accepted there, the pm sends it to prod;
 * - review: the client's administrator accepts the work.
 * The client's administrator is the project's owner (its first administrator), else any administrator.
 */
export type ResponsibleKind = 'pm' | 'am' | 'performer' | 'client';

export function responsibleOrderOf(status: WatchedStatus, acceptedOnTest: boolean): ResponsibleKind[] {
  switch (status) {
    case 'published':
      return ['pm', 'am'];
    case 'discussion':
      return ['pm', 'am'];
    case 'estimation':
      return ['performer', 'pm'];
    case 'offer':
      return ['client'];
    case 'testing':
      return acceptedOnTest ? ['pm'] : ['client'];
    case 'review':
      return ['client'];
  }
}
