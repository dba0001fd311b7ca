import type { PasswordChangeBody } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { failsWith, type RateLimiter } from '../../infra/rate-limit/service.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { LIMITS, findCredentials, hashPassword, verifyPassword } from '../auth/index.js';
import { setPasswordHash } from './repo.js';

/** Ends the other sessions of an account (the auth service, wired in services.ts). */
export interface OtherSessions {
  endOtherSessions(userId: number, currentToken: string): Promise<void>;
}

/**
 * The profile's password change (`PUT /user/update-password`): the current password proves the owner
 * is at the keyboard (wrong ones count against the account as wrong logins do, so a borrowed session
 * cannot guess it), then every other session of the account ends; the caller's stays signed in.
 */
export class PasswordChangeService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly sessions: OtherSessions,
  ) {}

  async change(user: AuthUser, currentToken: string, body: PasswordChangeBody): Promise<null> {
    await this.limiter.guessing(
      [[LIMITS.loginAccount, user.email.toLowerCase()]],
      async () => {
        const found = await findCredentials(this.db, user.email);
        if (!found || !(await verifyPassword(found.passwordHash, body.currentPassword))) {
          throw new AppError('password_is_incorrect', { currentPassword: 'password_is_incorrect' });
        }
      },
      failsWith('password_is_incorrect'),
    );
    await setPasswordHash(this.db, user.id, await hashPassword(body.password));
    await this.sessions.endOtherSessions(user.id, currentToken);
    return null;
  }
}
