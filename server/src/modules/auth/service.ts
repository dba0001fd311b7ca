import type { LoginBody } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { RateLimiter, LimitRule } from '../rate-limit/service.js';
import type { Realtime } from '../realtime/realtime.js';
import type { AuthUser } from './auth-user.js';
import { verifyPassword } from './passwords.js';
import { findCredentials } from './repo.js';
import type { ClientInfo, SessionService } from './sessions.js';

const FIFTEEN_MINUTES = 15 * 60;

/** Failed logins: a handful per account, many more per address so an office behind one IP is not locked out. */
export const LOGIN_LIMITS = {
  perAccount: { name: 'login:account', limit: 5, windowSeconds: FIFTEEN_MINUTES },
  perIp: { name: 'login:ip', limit: 100, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, LimitRule>;

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionService,
    private readonly realtime: Realtime,
  ) {}

  /** Answers the new session's token. The limits are checked before the password, so a locked account learns nothing. */
  async login(credentials: LoginBody, client: ClientInfo): Promise<{ user: AuthUser; token: string }> {
    const email = credentials.email.toLowerCase();
    const ip = client.ip ?? 'unknown';
    const [accountLocked, ipLocked] = await Promise.all([
      this.limiter.isExceeded(LOGIN_LIMITS.perAccount, email),
      this.limiter.isExceeded(LOGIN_LIMITS.perIp, ip),
    ]);
    if (accountLocked || ipLocked) throw new AppError('authorization_too_much');

    const account = await findCredentials(this.db, email);
    const passwordMatches = await verifyPassword(account?.passwordHash ?? null, credentials.password);
    if (!account || !passwordMatches) {
      await this.limiter.recordFailure(LOGIN_LIMITS.perAccount, email);
      await this.limiter.recordFailure(LOGIN_LIMITS.perIp, ip);
      throw new AppError('authorization_failed');
    }
    await this.limiter.reset(LOGIN_LIMITS.perAccount, email);
    return { user: account.user, token: await this.sessions.create(account.user.id, client) };
  }

  /** Harmless for an unknown or already ended session. The session's open sockets are told and closed. */
  async logout(token: string): Promise<void> {
    const ended = await this.sessions.destroy(token);
    if (ended) await this.realtime.endSession(ended.userId, ended.tokenHash);
  }
}
