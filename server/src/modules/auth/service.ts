import type { LoginAsBody, LoginBody } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { RateLimiter } from '../../infra/rate-limit/service.js';
import type { Realtime } from '../../infra/realtime/realtime.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { LIMITS, ipSubject, loginChecks } from './limits.js';
import type { LoginCodes } from './login-codes.js';
import { verifyPassword } from './passwords.js';
import { findCredentials } from './repo.js';
import type { ClientInfo, SessionService } from './sessions.js';

export interface SignedIn {
  user: AuthUser;
  token: string;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionService,
    private readonly realtime: Realtime,
    private readonly loginCodes: LoginCodes,
  ) {}

  /** Answers the new session's token. The limits are checked before the password, so a locked account learns nothing. */
  async login(credentials: LoginBody, client: ClientInfo): Promise<SignedIn> {
    const checks = loginChecks(credentials.email, client.ip);
    await this.limiter.assertNotExceeded(checks);

    const account = await findCredentials(this.db, credentials.email);
    const passwordMatches = await verifyPassword(account?.passwordHash ?? null, credentials.password);
    if (!account || !passwordMatches) {
      await this.limiter.recordFailures(checks);
      throw new AppError('authorization_failed');
    }
    await this.limiter.reset(LIMITS.loginAccount, credentials.email.toLowerCase());
    return { user: account.user, token: await this.sessions.create(account.user.id, client) };
  }

  /**
   * Login by a one-time code an operator issued (spec 2 `/login-as`). The caller's current session, if
   * any, ends: the page signs in as the code's user.
   */
  async loginByCode(body: LoginAsBody, client: ClientInfo, currentToken: string | undefined): Promise<SignedIn> {
    const checks = [[LIMITS.loginCodeIp, ipSubject(client.ip)]] as const;
    await this.limiter.assertNotExceeded(checks);
    const redeemed = await this.loginCodes.redeem(body.code);
    if (!redeemed.ok) {
      if (redeemed.error === 'code_is_incorrect') await this.limiter.recordFailures(checks);
      throw new AppError(redeemed.error, { code: redeemed.error });
    }
    if (currentToken) await this.logout(currentToken);
    return { user: redeemed.user, token: await this.sessions.create(redeemed.user.id, client) };
  }

  /** Harmless for an unknown or already ended session. The session's open sockets are told and closed. */
  async logout(token: string): Promise<void> {
    const ended = await this.sessions.destroy(token);
    if (ended) await this.realtime.endSession(ended.userId, ended.tokenHash);
  }

  /** After a password change by recovery: every session of the user ends, and its sockets close. */
  async endAllSessions(userId: number): Promise<void> {
    for (const tokenHash of await this.sessions.destroyAllOf(userId)) await this.realtime.endSession(userId, tokenHash);
  }
}
