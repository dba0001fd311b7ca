/**
 * Sessions are opaque random tokens (32 bytes, base64url) in an HttpOnly cookie. The database keeps
 * only HMAC-SHA256(NEGAYNO_SECRET, token): a leaked table yields no usable cookie, and without the
 * secret a leaked table cannot even be checked against guessed tokens. Expiry slides with use (30 days),
 * but never past an absolute cap from sign-in (SESSION_ABSOLUTE_DAYS): a stolen cookie kept busy does
 * not live for ever. The row is written at most once a minute per session, not on every request.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { SESSION_TTL_SECONDS } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { setBounded } from '../../lib/bounded-map.js';
import { SESSION_CACHE_MAX_ENTRIES, SessionCache } from './session-cache.js';
import {
  activeTokenHashes,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  findActiveSession,
  insertSession,
  touchSession,
  type SessionLifetime,
} from './repo.js';

export const SESSION_TOUCH_INTERVAL_SECONDS = 60;

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface ResolvedSession {
  user: AuthUser;
  tokenHash: string;
  /** The expiry moved: the cookie should be sent again so the browser's copy slides too. */
  wasExtended: boolean;
}

export class SessionService {
  private readonly lifetime: SessionLifetime;
  /** Recently resolved sessions; the app empties it from the database's session-ended notifications. */
  readonly cache = new SessionCache();
  /**
   * The hash of each token that resolved to a session lately. The HMAC was about a tenth of the CPU of
   * a signed-in read served from memory (issue 15). The mapping never goes stale (a pure function of
   * the token), so entries need no invalidation; only tokens of real sessions are kept, bounded like
   * the cache, so a stranger's made-up tokens take no memory.
   */
  private readonly knownHashes = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    absoluteSeconds: number,
  ) {
    this.lifetime = { ttlSeconds: SESSION_TTL_SECONDS, absoluteSeconds };
  }

  hashOf(token: string): string {
    return createHmac('sha256', this.secret).update(token).digest('base64url');
  }

  async create(userId: number, client: ClientInfo): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await deleteExpiredSessions(this.db, userId);
    await insertSession(this.db, {
      tokenHash: this.hashOf(token),
      userId,
      lifetime: this.lifetime,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    });
    return token;
  }

  async resolve(token: string): Promise<ResolvedSession | null> {
    const tokenHash = this.knownHashes.get(token) ?? this.hashOf(token);
    const cached = this.cache.get(tokenHash);
    if (cached) return { user: cached, tokenHash, wasExtended: false };
    const session = await findActiveSession(this.db, tokenHash, SESSION_TOUCH_INTERVAL_SECONDS, this.lifetime.absoluteSeconds);
    if (!session) {
      this.knownHashes.delete(token);
      return null;
    }
    if (session.isStale) await touchSession(this.db, tokenHash, session.user.id, this.lifetime);
    this.cache.set(tokenHash, session.user, session.endsAtMs);
    setBounded(this.knownHashes, token, tokenHash, SESSION_CACHE_MAX_ENTRIES);
    return { user: session.user, tokenHash, wasExtended: session.isStale };
  }

  /** Ends a session; answers whose it was (nothing when it did not exist). */
  async destroy(token: string): Promise<{ userId: number; tokenHash: string } | null> {
    const tokenHash = this.hashOf(token);
    const userId = await deleteSession(this.db, tokenHash);
    // The notification reaches this process too, but a request arriving before it must not get in.
    this.cache.forget(tokenHash);
    return userId === undefined ? null : { userId, tokenHash };
  }

  /** Which of these token hashes still belong to live sessions (the socket sweep's question). */
  activeOf(tokenHashes: string[]): Promise<Set<string>> {
    return activeTokenHashes(this.db, tokenHashes, this.lifetime.absoluteSeconds);
  }

  /** Ends every session of a user; answers their token hashes. */
  async destroyAllOf(userId: number): Promise<string[]> {
    const tokenHashes = await deleteSessionsOf(this.db, userId);
    for (const tokenHash of tokenHashes) this.cache.forget(tokenHash);
    return tokenHashes;
  }

  /** Ends every session of a user but the one of this token; answers the ended ones' token hashes. */
  destroyOthersOf(userId: number, keepToken: string): Promise<string[]> {
    return deleteSessionsOf(this.db, userId, this.hashOf(keepToken));
  }
}
