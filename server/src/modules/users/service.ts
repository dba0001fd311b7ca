import { ACCOUNT_ROLES, LENGTH, emailField, passwordField, requiredText, type PublicUser, type UserProfile } from '@negayno/shared/contract';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { validate } from '../../http/validate.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { BalanceReader } from '../../lib/balances.js';
import { hashPassword } from '../auth/index.js';
import { colorFor } from './colors.js';
import { canSeeUser } from './policy.js';
import { toPublicUser, toUserProfile, type ProfileRules } from './presenters.js';
import { emailIsTaken, findUserById, insertUser } from './repo.js';

/** A new account as an operator (CLI) or, later, a registration creates it. */
export const newAccountSchema = z.object({
  email: emailField(),
  password: passwordField(),
  firstname: requiredText('firstname', LENGTH.personName),
  lastname: requiredText('lastname', LENGTH.personName),
  role: z.enum(ACCOUNT_ROLES, { error: 'role_not_found' }),
});
export type NewAccount = z.input<typeof newAccountSchema>;

/**
 * What a profile needs to know of the user's projects. The projects module provides it (wired in
 * services.ts); users does not import projects, which already depends on users for avatars.
 */
export interface ProjectsOfUser {
  accessibleProjects(user: AuthUser): Promise<unknown[]>;
  shareAProject(a: AuthUser, b: AuthUser): Promise<boolean>;
}

/**
 * The profile's rules other modules decide (creating a project, the board's look), passed in by
 * services.ts: projects and tasks both depend on users, so users does not import their policies.
 */
export type ProfileRulesOf = (user: AuthUser) => ProfileRules;

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsOfUser,
    private readonly ledger: BalanceReader,
    private readonly profileRules: ProfileRulesOf,
  ) {}

  async profileOf(user: AuthUser): Promise<UserProfile> {
    const row = await findUserById(this.db, user.id);
    if (!row) throw new AppError('user_not_found');
    const [balance, bonusBalance, projects] = await Promise.all([
      this.ledger.balanceOf({ kind: 'user_wallet', userId: row.id }, row.currency),
      this.ledger.balanceOf({ kind: 'user_bonus', userId: row.id }, row.currency),
      this.projects.accessibleProjects(user),
    ]);
    return toUserProfile(row, { balance, bonusBalance, projectCount: projects.length, notificationCount: 0 }, this.profileRules(user));
  }

  /** Someone the viewer may not see is answered exactly like someone who does not exist. */
  async publicUser(viewer: AuthUser, targetId: number): Promise<PublicUser> {
    const target = await findUserById(this.db, targetId);
    if (!target) throw new AppError('user_not_found');
    const shares = viewer.id !== targetId && (await this.projects.shareAProject(viewer, { id: target.id, role: target.role, email: target.email }));
    if (!canSeeUser(viewer, targetId, shares)) throw new AppError('user_not_found');
    return toPublicUser(target);
  }

  async createAccount(input: NewAccount): Promise<number> {
    const account = validate(newAccountSchema, input);
    if (await emailIsTaken(this.db, account.email)) throw new AppError('email_already_added', { email: 'email_already_added' });
    return insertUser(this.db, {
      email: account.email,
      password_hash: await hashPassword(account.password),
      firstname: account.firstname,
      lastname: account.lastname,
      role: account.role,
      color: colorFor(account.email),
    });
  }
}
