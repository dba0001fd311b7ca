/**
 * The operators' audit log (issue 31): every operator action, written in the transaction of the change
 * it records, so an action and its entry are kept or lost together.
 */
import type { AuditEntry } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { toUnix } from '../../lib/time.js';

export interface AuditRecord {
  /** The operator who acted; null for the command-line tool. */
  operatorId: number | null;
  /** `staff.create`, `staff.deactivate`, `team.assign`, `invitation.issue`, `payout.complete`, … */
  action: string;
  targetKind: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('operator_audit')
    .values({
      operator_id: record.operatorId,
      action: record.action,
      target_kind: record.targetKind,
      target_id: record.targetId === null ? null : String(record.targetId),
      before: record.before === undefined ? null : JSON.stringify(record.before),
      after: record.after === undefined ? null : JSON.stringify(record.after),
    })
    .execute();
}

/**
 * Newest first, `limit` entries older than `backFrom`; `search` matches the action, the target's id, the
 * target person's email (an operator looks up what was done to someone by their address) or the operator's.
 */
export async function listAudit(db: Db, page: { backFrom?: number; search?: string; limit: number }): Promise<AuditEntry[]> {
  let query = db
    .selectFrom('operator_audit as a')
    .leftJoin('users as u', 'u.id', 'a.operator_id')
    .leftJoin('users as t', (join) => join.on('a.target_kind', '=', 'user').on(sql`t.id::text`, '=', sql.ref('a.target_id')))
    .select([
      'a.id',
      'a.action',
      'a.target_kind',
      'a.target_id',
      'a.before',
      'a.after',
      'a.created_at',
      'u.id as operatorId',
      'u.firstname',
      'u.lastname',
      'u.email',
    ])
    .orderBy('a.id', 'desc')
    .limit(page.limit);
  if (page.backFrom !== undefined) query = query.where('a.id', '<', page.backFrom);
  if (page.search) {
    const pattern = `%${page.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(a.action)`, 'like', pattern),
        eb(sql`lower(coalesce(a.target_id, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(t.email, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(u.email, ''))`, 'like', pattern),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    operator: row.operatorId === null ? null : { id: row.operatorId, firstname: row.firstname ?? '', lastname: row.lastname ?? '', email: row.email ?? '' },
    action: row.action,
    target: { kind: row.target_kind, id: row.target_id, label: null },
    before: row.before,
    after: row.after,
    date: toUnix(row.created_at),
  }));
}
