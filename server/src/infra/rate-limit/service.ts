/**
 * Attempt limits kept in the rate_limits table, so they survive restarts and hold across server
 * processes. A rule is a name, a limit and a window; a subject (an email, an IP) makes it a key.
 * Login counts failures only (`isExceeded` before the check, `recordFailure` after a wrong password);
 * plain request throttling counts every call (`consume`). The `*All`/`assert*` forms apply a rule per
 * account and a rule per address together, as every way in does.
 */
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { currentCount, deleteCounter, incrementCounter } from './repo.js';

export interface LimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** A rule applied to one subject: the account (an email) or the address (an IP). */
export type LimitCheck = readonly [rule: LimitRule, subject: string];

export class RateLimiter {
  constructor(private readonly db: Db) {}

  async isExceeded(rule: LimitRule, subject: string): Promise<boolean> {
    return (await currentCount(this.db, keyOf(rule, subject), rule.windowSeconds)) >= rule.limit;
  }

  async recordFailure(rule: LimitRule, subject: string): Promise<void> {
    await incrementCounter(this.db, keyOf(rule, subject), rule.windowSeconds);
  }

  /** Counts this call and answers whether it is still within the limit. */
  async consume(rule: LimitRule, subject: string): Promise<boolean> {
    return (await incrementCounter(this.db, keyOf(rule, subject), rule.windowSeconds)) <= rule.limit;
  }

  async reset(rule: LimitRule, subject: string): Promise<void> {
    await deleteCounter(this.db, keyOf(rule, subject));
  }

  /** Refuses with authorization_too_much when any of the checks is already at its limit. */
  async assertNotExceeded(checks: readonly LimitCheck[]): Promise<void> {
    const exceeded = await Promise.all(checks.map(([rule, subject]) => this.isExceeded(rule, subject)));
    if (exceeded.some(Boolean)) throw new AppError('authorization_too_much');
  }

  async recordFailures(checks: readonly LimitCheck[]): Promise<void> {
    for (const [rule, subject] of checks) await this.recordFailure(rule, subject);
  }

  /** Counts this call against every check; refuses with authorization_too_much when one is over its limit. */
  async consumeAll(checks: readonly LimitCheck[]): Promise<void> {
    let within = true;
    for (const [rule, subject] of checks) within = (await this.consume(rule, subject)) && within;
    if (!within) throw new AppError('authorization_too_much');
  }
}

function keyOf(rule: LimitRule, subject: string): string {
  return `${rule.name}:${subject}`;
}
