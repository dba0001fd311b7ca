/** The console's audit log: every operator action, newest first, searchable. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { makeAutoObservable } from 'mobx';
import { type AuditEntry } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { PagedList } from '../paged-list';

export interface AuditFilters {
  q?: string;
}

export class AuditStore {
  readonly list = new PagedList<AuditEntry, AuditFilters>(
    (filters, backFrom) => call(opsEndpoints.audit, { query: { ...filters, backFrom } }, { name: 'ops-audit', quiet: true }),
    (entry) => entry.id,
    {},
  );

  constructor() {
    makeAutoObservable(this, { list: false });
  }
}

const compact = (value: unknown): string => (value === undefined ? '∅' : JSON.stringify(value));

/**
 * What changed, in short: for two objects the keys whose values differ (`status: "active" → "revoked"`),
 * otherwise the two values as compact JSON; an entry with neither says nothing.
 */
export function changeLines(before: unknown, after: unknown): string[] {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.filter((key) => compact(before[key]) !== compact(after[key])).map((key) => `${key}: ${compact(before[key])} → ${compact(after[key])}`);
  }
  if ((before === null || before === undefined) && isObject(after)) return Object.entries(after).map(([key, value]) => `${key}: ${compact(value)}`);
  if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
  return [`${compact(before)} → ${compact(after)}`];
}
