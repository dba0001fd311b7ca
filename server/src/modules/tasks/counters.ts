import type { ColumnCounters } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { boardScopeOf, columnOf } from './policy.js';
import { countByStatus } from './repo.js';

/** Cards per column of the viewer's board, for several projects in one query. */
export async function columnCountersFor(db: Db, user: AuthUser, projectIds: number[]): Promise<Map<number, ColumnCounters>> {
  const scope = boardScopeOf(user);
  const rows = await countByStatus(db, { projectIds, performerId: scope.kind === 'performer' ? scope.userId : undefined });
  const counters = new Map<number, ColumnCounters>(projectIds.map((id) => [id, [0, 0, 0, 0]]));
  for (const row of rows) {
    const column = columnOf(user, row.status);
    if (column !== null) counters.get(row.projectId)![column - 1] += row.count;
  }
  return counters;
}
