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
 * The account's password proves the owner is at the keyboard (a password change, deleting the account):
 * wrong ones count against the account as wrong logins do, so a borrowed session cannot guess it. The
 * refusal names the form's `field`.
 */
export async function proveOwner(db: Db, limiter: RateLimiter, user: AuthUser, password: string, field: string): Promise<void> {
  await limiter.guessing(
    [[LIMITS.loginAccount, user.email.toLowerCase()]],
    async () => {
      const found = await findCredentials(db, user.email);
      if (!found || !(await verifyPassword(found.passwordHash, password))) throw new AppError('password_is_incorrect', { [field]: 'password_is_incorrect' });
    },
    failsWith('password_is_incorrect'),
  );
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
    await proveOwner(this.db, this.limiter, user, body.currentPassword, 'currentPassword');
    await setPasswordHash(this.db, user.id, await hashPassword(body.password));
    await this.sessions.endOtherSessions(user.id, currentToken);
    return null;
  }
}
