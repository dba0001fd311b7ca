/**
 * Profile answers re-used while nothing they show has changed (issue 15). The profile is the read every
 * page makes first; it gathers six things (the user, two balances, the projects, the unread
 * notifications, Telegram) in two round trips, which held a signed-in read to about 1 % of what the
 * machine's HTTP stack answers. Each answer is kept, serialised, per user.
 *
 * Why it is exact: the database announces every change a profile shows, with the user's id, on
 * PROFILE_CHANGED_CHANNEL (migration 0014's triggers, whatever code path or process wrote it), and
 * the kept answer leaves at once. Two gaps are closed besides:
 * - a read under way when its user's change is announced is neither kept nor shared with requests
 *   that come after the announcement;
 * - this process's own writes are answered only once everything kept is dropped (app.ts), so a
 *   client that got the answer to a change reads its effect next, without waiting on the notification.
 * A kept answer also ends after MAX_AGE_MS, a bound for notifications lost with their connection
 * (which drops everything anyway, `forgetAll`).
 */
import type { UserProfile } from '@negayno/shared/contract';
import { PreparedAnswer } from '../../http/prepared-answer.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { setBounded } from '../../lib/bounded-map.js';

export const PROFILE_CHANGED_CHANNEL = 'negayno_profile_changed';
/** The payload that says every profile may have changed (a project deleted, a task moved). */
export const EVERY_PROFILE = '*';

/** As long as a resolved session is kept (auth/session-cache.ts). */
export const MAX_AGE_MS = 10_000;
/** About 3 kB each with an encoding: 10,000 people online at once stay under 30 MB. */
export const MAX_ENTRIES = 10_000;

interface Kept {
  role: AuthUser['role'];
  answer: PreparedAnswer<UserProfile>;
  until: number;
}

interface Reading {
  answer: Promise<PreparedAnswer<UserProfile>>;
  role: AuthUser['role'];
  /** Cleared when a change of this user is announced while the read is under way. */
  current: boolean;
}

export class ProfileAnswers {
  /** In the order of use, least recent first (a Map keeps insertion order). */
  private readonly kept = new Map<number, Kept>();
  private readonly reading = new Map<number, Reading>();
  /** Answers sent from what was kept or shared, for the benchmark and the tests. */
  hits = 0;

  constructor(
    private readonly readProfile: (user: AuthUser) => Promise<UserProfile>,
    private readonly clock: () => number = Date.now,
  ) {}

  async of(user: AuthUser): Promise<PreparedAnswer<UserProfile>> {
    const held = this.kept.get(user.id);
    if (held && held.role === user.role && this.clock() < held.until) {
      this.hits += 1;
      setBounded(this.kept, user.id, held, MAX_ENTRIES);
      return held.answer;
    }
    const shared = this.reading.get(user.id);
    if (shared && shared.role === user.role) {
      this.hits += 1;
      return shared.answer;
    }
    return this.read(user);
  }

  /** A change of this user was announced (PROFILE_CHANGED_CHANNEL's payload), or EVERY_PROFILE. */
  changed(payload: string): void {
    if (payload === EVERY_PROFILE) return this.forgetAll();
    const userId = Number(payload);
    if (!Number.isSafeInteger(userId)) return this.forgetAll();
    this.kept.delete(userId);
    this.leave(userId);
  }

  /** After this process changed anything, or after notifications may have been missed. */
  forgetAll(): void {
    this.kept.clear();
    for (const userId of [...this.reading.keys()]) this.leave(userId);
  }

  private read(user: AuthUser): Promise<PreparedAnswer<UserProfile>> {
    // A read under way for the user's former role (changed meanwhile) is neither kept nor shared.
    this.leave(user.id);
    const startedAt = this.clock();
    const reading: Reading = { answer: this.readProfile(user).then((profile) => new PreparedAnswer(profile)), role: user.role, current: true };
    this.reading.set(user.id, reading);
    reading.answer.then(
      (answer) => {
        if (!reading.current) return;
        this.leave(user.id);
        setBounded(this.kept, user.id, { role: user.role, answer, until: startedAt + MAX_AGE_MS }, MAX_ENTRIES);
      },
      () => reading.current && this.leave(user.id),
    );
    return reading.answer;
  }

  /** The read under way for this user, if any, is no longer kept nor shared. */
  private leave(userId: number): void {
    const reading = this.reading.get(userId);
    if (!reading) return;
    reading.current = false;
    this.reading.delete(userId);
  }
}
