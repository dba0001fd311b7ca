import type { LoginAsBody, LoginBody } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { failsWith, type RateLimiter } from '../../infra/rate-limit/service.js';
import type { Realtime } from '../../infra/realtime/realtime.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { DeviceCookies } from './devices.js';
import { LIMITS, ipSubject, loginChecks } from './limits.js';
import type { LoginCodes } from './login-codes.js';
import { verifyPassword } from './passwords.js';
import { findCredentials } from './repo.js';
import type { ClientInfo, SessionService } from './sessions.js';

export interface SignedIn {
  user: AuthUser;
  token: string;
}

export interface SignedInByPassword extends SignedIn {
  /** The browser's device cookie for this account: it keeps the browser's wrong passwords apart from strangers'. */
  deviceCookie: string;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionService,
    private readonly realtime: Realtime,
    private readonly loginCodes: LoginCodes,
    private readonly devices: DeviceCookies,
  ) {}

  /**
   * Answers the new session's token. The attempt is counted before the password is checked, so a
   * locked account learns nothing and a parallel burst gets no more checks than the limit.
   */
  async login(credentials: LoginBody, client: ClientInfo, deviceCookie: string | undefined): Promise<SignedInByPassword> {
    const email = credentials.email.toLowerCase();
    const checks = loginChecks(email, client.ip, this.devices.trustedFor(deviceCookie, email));
    const account = await this.limiter.guessing(
      checks,
      async () => {
        const found = await findCredentials(this.db, email);
        if (!(await verifyPassword(found?.passwordHash ?? null, credentials.password))) throw new AppError('authorization_failed');
        return found!;
      },
      failsWith('authorization_failed'),
    );
    await this.limiter.reset(LIMITS.loginAccount, email);
    return { user: account.user, token: await this.sessions.create(account.user.id, client), deviceCookie: this.devices.issue(email) };
  }

  /**
   * Login by a one-time code an operator issued (spec 2 `/login-as`). The caller's current session, if
   * any, ends: the page signs in as the code's user. Only wrong codes count; a used or expired one was real.
   */
  async loginByCode(body: LoginAsBody, client: ClientInfo, currentToken: string | undefined): Promise<SignedIn> {
    const user = await this.limiter.guessing(
      [[LIMITS.loginCodeIp, ipSubject(client.ip)]],
      async () => {
        const redeemed = await this.loginCodes.redeem(body.code);
        if (!redeemed.ok) throw new AppError(redeemed.error, { code: redeemed.error });
        return redeemed.user;
      },
      failsWith('code_is_incorrect'),
    );
    if (currentToken) await this.logout(currentToken);
    return { user, token: await this.sessions.create(user.id, client) };
  }

  /** Harmless for an unknown or already ended session. The session's open sockets are told and closed. */
  async logout(token: string): Promise<void> {
    const ended = await this.sessions.destroy(token);
    if (ended) await this.realtime.endSession(ended.userId, ended.tokenHash);
  }

  /** After a password change in the profile: every session of the user but the caller's ends, and its sockets close. */
  async endOtherSessions(userId: number, currentToken: string): Promise<void> {
    for (const tokenHash of await this.sessions.destroyOthersOf(userId, currentToken)) await this.realtime.endSession(userId, tokenHash);
  }

  /** After a password change by recovery: every session of the user ends, and its sockets close. */
  async endAllSessions(userId: number): Promise<void> {
    for (const tokenHash of await this.sessions.destroyAllOf(userId)) await this.realtime.endSession(userId, tokenHash);
  }
}
