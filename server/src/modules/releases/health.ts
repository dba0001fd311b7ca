/**
 * Loads and failures per remote version, each counted once per signed-in user: a load is their first
 * request for the version's remoteEntry.js, a failure their first beacon tagged with it. The share of
 * failures decides an automatic rollback of a canary that asked for one, so neither a reloading page
 * nor anyone without an account can push a canary out or hold a broken one in.
 */
import type { AutoRollback } from '@negayno/shared/contract';

export interface VersionHealth {
  loads: number;
  errors: number;
  lastError?: string;
  lastErrorAt?: string;
  /** The ids of the users counted in `loads` and in `errors`: each counts once. */
  loadedBy?: number[];
  failedBy?: number[];
}

/** By `mf_board@0.1.0-3f9a1c2b7d`. */
export type HealthBook = Record<string, VersionHealth>;

export function healthKey(remote: string, version: string): string {
  return `${remote}@${version}`;
}

/** Counts the user's load of the version; false when they were counted before. */
export function recordLoad(book: HealthBook, key: string, userId: number): boolean {
  const health = (book[key] ??= { loads: 0, errors: 0 });
  if (health.loadedBy?.includes(userId)) return false;
  (health.loadedBy ??= []).push(userId);
  health.loads += 1;
  return true;
}

/** Counts the user's failure with the version; null when they were counted before. */
export function recordError(book: HealthBook, key: string, userId: number, error: { code: string; at: string }): VersionHealth | null {
  const health = (book[key] ??= { loads: 0, errors: 0 });
  if (health.failedBy?.includes(userId)) return null;
  (health.failedBy ??= []).push(userId);
  health.errors += 1;
  health.lastError = error.code;
  health.lastErrorAt = error.at;
  return health;
}

/** Failures per load, capped at 1: a page may fail with an entry its browser had cached, never asked for. */
export function errorRate(health: VersionHealth): number {
  return health.loads === 0 ? (health.errors > 0 ? 1 : 0) : Math.min(1, health.errors / health.loads);
}

export function shouldRollBack(health: VersionHealth, rule: AutoRollback): boolean {
  return health.loads >= rule.minLoads && errorRate(health) >= rule.errorRate;
}
