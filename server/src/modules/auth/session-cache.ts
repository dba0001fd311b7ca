/**
 * The sessions this process resolved lately, so that a signed-in request does not read the sessions
 * table every time (issue 15: one query of the four or five a read makes). An entry lives a few
 * seconds at most, and leaves at once when its session ends: the database announces every deleted
 * session row on SESSION_ENDED_CHANNEL (migration 0003) to every process, whoever deleted it, and this
 * process also drops its own deletions before answering.
 */
import type { AuthUser } from '../../lib/auth-user.js';
import { setBounded } from '../../lib/bounded-map.js';

export const SESSION_ENDED_CHANNEL = 'negayno_session_ended';

/**
 * Long enough to spare the database most reads of a busy session, short enough that the sliding
 * expiry and the "last seen" mark (written at most once a minute) are still read from the table.
 */
export const SESSION_CACHE_TTL_MS = 10_000;

/** Bounds memory under many sessions: past this the oldest entries go first. */
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

interface Entry {
  user: AuthUser;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(tokenHash: string): AuthUser | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.user;
  }

  /** Keeps a resolved session until the TTL passes or the session itself ends, whichever is first. */
  set(tokenHash: string, user: AuthUser, endsAtMs: number): void {
    setBounded(this.entries, tokenHash, { user, until: Math.min(this.now() + SESSION_CACHE_TTL_MS, endsAtMs) }, SESSION_CACHE_MAX_ENTRIES);
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** After notifications may have been missed (the listening connection was lost). */
  forgetAll(): void {
    this.entries.clear();
  }
}
