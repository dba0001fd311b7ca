/**
 * Login by code (spec 2 `/login-as`): an operator issues a one-time code for a user (negayno-admin
 * issue-login-code); whoever types it within 10 minutes is signed in as that user, once. Ten readable
 * characters (about 49 bits) with a per-address limit on wrong tries: guessing is out of reach even
 * from many addresses, because only a handful of codes are alive at any time.
 */
import { LOGIN_CODE_TTL_SECONDS, type ErrorCode } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { keyedHash, randomReadable } from '../../lib/secure-codes.js';

const CODE_LENGTH = 10;
const PURPOSE = 'login-code';

export type Redeemed = { ok: true; user: AuthUser } | { ok: false; error: Extract<ErrorCode, 'code_is_incorrect' | 'code_is_expired' | 'code_is_used'> };

/** `ABCDE-FGHJK`: the dash is for reading; typing it is optional. */
export function formatLoginCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Runs inside the redemption's transaction (the composition root tells the signed-in-as user, issue 31). */
export type OnLoginCodeUsed = (trx: Db, used: { userId: number; issuedBy: number | null }) => Promise<void>;

export class LoginCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly onUsed?: OnLoginCodeUsed,
  ) {}

  async issue(userId: number, issuedBy: number | null, executor: Db = this.db): Promise<{ code: string; expiresAt: Date }> {
    const code = randomReadable(CODE_LENGTH);
    const row = await executor
      .insertInto('login_codes')
      .values({
        code_hash: keyedHash(this.secret, PURPOSE, code),
        user_id: userId,
        issued_by: issuedBy,
        expires_at: sql`now() + make_interval(secs => ${LOGIN_CODE_TTL_SECONDS})`,
      })
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    return { code: formatLoginCode(code), expiresAt: row.expires_at };
  }

  /** Marks the code used and answers its user; the row lock makes two simultaneous uses one. */
  redeem(normalizedCode: string): Promise<Redeemed> {
    return this.db.transaction().execute(async (trx): Promise<Redeemed> => {
      const row = await trx
        .selectFrom('login_codes as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.used_at', 'c.issued_by as issuedBy', 'u.id as userId', 'u.role', 'u.email', 'u.is_operator'])
        .select(sql<boolean>`c.expires_at <= now()`.as('expired'))
        .where('c.code_hash', '=', keyedHash(this.secret, PURPOSE, normalizedCode))
        // A deactivated account (issue 31) is not signed in by a code issued before.
        .where('u.deactivated_at', 'is', null)
        .forUpdate('c')
        .executeTakeFirst();
      if (!row) return { ok: false, error: 'code_is_incorrect' };
      if (row.used_at) return { ok: false, error: 'code_is_used' };
      if (row.expired) return { ok: false, error: 'code_is_expired' };
      await trx
        .updateTable('login_codes')
        .set({ used_at: sql`now()` })
        .where('id', '=', row.id)
        .execute();
      await this.onUsed?.(trx, { userId: row.userId, issuedBy: row.issuedBy });
      return { ok: true, user: { id: row.userId, role: row.role, email: row.email, operator: row.is_operator } };
    });
  }
}
