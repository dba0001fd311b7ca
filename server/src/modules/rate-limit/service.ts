/**
 * Attempt limits kept in the rate_limits table, so they survive restarts and hold across server
 * processes. A rule is a name, a limit and a window; a subject (an email, an IP) makes it a key.
 * Login counts failures only (`isExceeded` before the check, `recordFailure` after a wrong password);
 * plain request throttling counts every call (`consume`).
 */
import type { Db } from '../../db/connection.js';
import { currentCount, deleteCounter, incrementCounter } from './repo.js';

export interface LimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

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
}

function keyOf(rule: LimitRule, subject: string): string {
  return `${rule.name}:${subject}`;
}
