/**
 * Attempt limits kept in the rate_limits table, so they survive restarts and hold across server
 * processes. A rule is a name, a limit and a window; a subject (an email, an IP) makes it a key.
 *
 * Every attempt is counted BEFORE it is checked, in one atomic statement: a limit read first and
 * counted after the check lets a parallel burst through (all of it reads the same old count). Ways in
 * that count only wrong guesses (`guessing`) then give the attempt back when it was no guess; plain
 * request throttling (`consumeAll`) keeps every call counted.
 */
import type { Db } from '../../db/connection.js';
import { AppError, RetryLater } from '../../http/app-error.js';
import { decrementCounter, deleteCounter, incrementCounter } from './repo.js';

export interface LimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** A rule applied to one subject: the account (an email) or the address (an IP). */
export type LimitCheck = readonly [rule: LimitRule, subject: string];

export class RateLimiter {
  constructor(private readonly db: Db) {}

  /**
   * Counts this call against every check; when one of them is over its limit, the call is refused with
   * authorization_too_much and the Retry-After of the longest wait, and counts nowhere: a refused call
   * was never made, so it does not eat the budget of the other checks.
   */
  async consumeAll(checks: readonly LimitCheck[]): Promise<void> {
    let retryAfterSeconds = 0;
    for (const [rule, subject] of checks) {
      const state = await incrementCounter(this.db, keyOf(rule, subject), rule.windowSeconds);
      if (state.count > rule.limit) retryAfterSeconds = Math.max(retryAfterSeconds, state.retryAfterSeconds);
    }
    if (retryAfterSeconds === 0) return;
    await this.giveBack(checks);
    throw new RetryLater(retryAfterSeconds);
  }

  /**
   * Runs one attempt of a guess (a password, a code) within the limits: the attempt is taken first,
   * and given back unless the attempt failed as a wrong guess (`isWrongGuess` of its error). So only
   * wrong guesses count, and twenty at once are twenty counted attempts, not twenty checks of a
   * count of nothing.
   */
  async guessing<T>(checks: readonly LimitCheck[], attempt: () => Promise<T>, isWrongGuess: (error: unknown) => boolean): Promise<T> {
    await this.consumeAll(checks);
    try {
      const result = await attempt();
      await this.giveBack(checks);
      return result;
    } catch (error) {
      if (!isWrongGuess(error)) await this.giveBack(checks);
      throw error;
    }
  }

  /**
   * Counts the call, runs it, and gives the count back when it failed: a mail that never left spends
   * no resend (issue 35), while a burst still cannot slip past the limit (counted before it runs).
   */
  async spentOnSuccess<T>(checks: readonly LimitCheck[], attempt: () => Promise<T>): Promise<T> {
    await this.consumeAll(checks);
    try {
      return await attempt();
    } catch (error) {
      await this.giveBack(checks);
      throw error;
    }
  }

  async reset(rule: LimitRule, subject: string): Promise<void> {
    await deleteCounter(this.db, keyOf(rule, subject));
  }

  private async giveBack(checks: readonly LimitCheck[]): Promise<void> {
    for (const [rule, subject] of checks) await decrementCounter(this.db, keyOf(rule, subject));
  }
}

/** A wrong guess answers this code: `guessing`'s usual `isWrongGuess`. */
export function failsWith(code: AppError['code']): (error: unknown) => boolean {
  return (error) => error instanceof AppError && error.code === code;
}

function keyOf(rule: LimitRule, subject: string): string {
  return `${rule.name}:${subject}`;
}
