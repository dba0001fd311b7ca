/**
 * Loads and failures per remote version. A load is a request for the version's remoteEntry.js (one
 * per page that uses it); a failure is a browser's beacon tagged with the version. The share of
 * failures decides an automatic rollback of a canary that asked for one.
 */
import type { AutoRollback } from '@negayno/shared/contract';

export interface VersionHealth {
  loads: number;
  errors: number;
  lastError?: string;
  lastErrorAt?: string;
}

/** By `mf_board@0.1.0-3f9a1c2b7d`. */
export type HealthBook = Record<string, VersionHealth>;

export function healthKey(remote: string, version: string): string {
  return `${remote}@${version}`;
}

export function recordLoad(book: HealthBook, key: string): VersionHealth {
  const health = (book[key] ??= { loads: 0, errors: 0 });
  health.loads += 1;
  return health;
}

export function recordError(book: HealthBook, key: string, error: { code: string; at: string }): VersionHealth {
  const health = (book[key] ??= { loads: 0, errors: 0 });
  health.errors += 1;
  health.lastError = error.code;
  health.lastErrorAt = error.at;
  return health;
}

/** Failures per load; a page may report more than one failure, so it is capped at 1. */
export function errorRate(health: VersionHealth): number {
  return health.loads === 0 ? (health.errors > 0 ? 1 : 0) : Math.min(1, health.errors / health.loads);
}

export function shouldRollBack(health: VersionHealth, rule: AutoRollback): boolean {
  return health.loads >= rule.minLoads && errorRate(health) >= rule.errorRate;
}
