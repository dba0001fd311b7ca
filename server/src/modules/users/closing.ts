/**
 * A person deletes their own account (issue 37 "Leaving"). Their personal data is erased (name, email,
 * phone, avatar, Telegram link, promo code) and their sessions end; what other people rely on keeps
 * pointing at the row, now named "Видалений користувач": ledger postings, documents, messages. The
 * account can never sign in again (it is deactivated, its password unknowable, its email freed).
 *
 * Refused while something would be left without an owner: a project it alone administers (hand it
 * over or close it, which moves its balance), money in its wallet (withdraw it), unfinished tasks it
 * performs (a manager takes it off). Staff accounts are closed by an operator (deactivation), which
 * hands their projects to a successor.
 */
import { randomBytes } from 'node:crypto';
import type { AccountDeletionBody, Currency } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { RateLimiter } from '../../infra/rate-limit/service.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { BalanceReader } from '../../lib/balances.js';
import { deleteSessionsOf, hashPassword } from '../auth/index.js';
import type { AvatarStore } from './avatars.js';
import { proveOwner } from './password.js';
import { updateUser } from './repo.js';

/** The name every reader sees where the person was. */
export const DELETED_USER_NAME = 'Видалений користувач';

/** What the other modules hold of a person, asked and let go through ports (services.ts wires them). */
export interface AccountTies {
  soleAdministrationsOf(db: Db, userId: number): Promise<Array<{ id: number; name: string }>>;
  unfinishedTasksOf(db: Db, userId: number): Promise<number>;
  /** Answers the projects left. */
  leaveAllProjects(db: Db, userId: number): Promise<number[]>;
  forgetTelegramOf(db: Db, userId: number): Promise<void>;
}

/** Told after the commit: each ended session (its sockets close) and each project left (its people hear of it). */
export interface ClosingLive {
  endSession(userId: number, tokenHash: string): Promise<void>;
  projectChanged(projectId: number, users: number[]): Promise<void>;
}

/** Clients and performers close their own accounts; a staff account is closed by an operator (deactivation). */
export function canCloseOwnAccount(user: Pick<AuthUser, 'role'>): boolean {
  return user.role === 'user' || user.role === 'performer';
}

export class AccountClosing {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly ledger: BalanceReader,
    private readonly ties: AccountTies,
    private readonly avatars: AvatarStore,
    private readonly live: ClosingLive,
  ) {}

  async close(user: AuthUser, body: AccountDeletionBody): Promise<null> {
    // A staff account is closed by an operator (deactivation hands its projects to a successor).
    if (!canCloseOwnAccount(user)) throw new AppError('access_denied');
    await proveOwner(this.db, this.limiter, user, body.password, 'password');
    // Hashed before the transaction: argon2 takes a while and holds no lock.
    const unknowable = await hashPassword(randomBytes(32).toString('base64url'));
    const closed = await this.db.transaction().execute(async (trx) => {
      // The row lock orders a closing against a second one and against a top-up of the same wallet.
      const row = await trx.selectFrom('users').select(['avatar_path', 'currency', 'deactivated_at']).where('id', '=', user.id).forUpdate().executeTakeFirst();
      if (!row || row.deactivated_at !== null) throw new AppError('request_denied');
      await this.refuseWhatWouldBeOrphaned(trx, user.id, row.currency);
      const projectsLeft = await this.ties.leaveAllProjects(trx, user.id);
      await this.ties.forgetTelegramOf(trx, user.id);
      await updateUser(trx, user.id, {
        email: `deleted-${user.id}@deleted.invalid`,
        password_hash: unknowable,
        firstname: DELETED_USER_NAME,
        lastname: '',
        nickname: null,
        phone: null,
        avatar_path: null,
        promo_code: null,
        email_enabled: false,
        deactivated_at: new Date(),
      });
      return { avatar: row.avatar_path, projectsLeft, tokenHashes: await deleteSessionsOf(trx, user.id) };
    });
    await this.avatars.remove(closed.avatar);
    for (const tokenHash of closed.tokenHashes) await this.live.endSession(user.id, tokenHash);
    for (const projectId of closed.projectsLeft) await this.live.projectChanged(projectId, [user.id]);
    return null;
  }

  private async refuseWhatWouldBeOrphaned(trx: Db, userId: number, currency: Currency): Promise<void> {
    const projects = await this.ties.soleAdministrationsOf(trx, userId);
    if (projects.length > 0) throw new AppError('account_is_sole_administrator', undefined, { projects });
    if ((await this.ledger.balanceOf({ kind: 'user_wallet', userId }, currency, trx)) !== 0) throw new AppError('account_holds_money');
    if ((await this.ties.unfinishedTasksOf(trx, userId)) > 0) throw new AppError('account_has_work');
  }
}
