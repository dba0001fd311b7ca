import {
  ACCOUNT_ROLES,
  LENGTH,
  emailField,
  passwordField,
  requiredText,
  type FullnameBody,
  type PhoneBody,
  type PublicUser,
  type SettingsBody,
  type TelegramChannel,
  type UserProfile,
} from '@negayno/shared/contract';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { validate } from '../../http/validate.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { BalanceReader } from '../../lib/balances.js';
import { hashPassword } from '../auth/index.js';
import type { AvatarStore } from './avatars.js';
import { colorFor } from './colors.js';
import { canSeeUser } from './policy.js';
import { toPublicUser, toUserProfile, type ProfileRules } from './presenters.js';
import { emailIsTaken, findUserById, insertUser, updateUser } from './repo.js';

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

/**
 * What the profile shows of the user's notifications: the unread count and the Telegram channel. The
 * notifications module provides it (wired in services.ts); it reads users for names, so users does not
 * import it.
 */
export interface NotificationsOfUser {
  unreadCount(userId: number): Promise<number>;
  telegramOf(userId: number): Promise<TelegramChannel>;
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsOfUser,
    private readonly ledger: BalanceReader,
    private readonly profileRules: ProfileRulesOf,
    private readonly notifications: NotificationsOfUser,
    private readonly avatars: AvatarStore,
  ) {}

  async profileOf(user: AuthUser): Promise<UserProfile> {
    const row = await findUserById(this.db, user.id);
    if (!row) throw new AppError('user_not_found');
    const [balance, bonusBalance, projects, notificationCount, telegram] = await Promise.all([
      this.ledger.balanceOf({ kind: 'user_wallet', userId: row.id }, row.currency),
      this.ledger.balanceOf({ kind: 'user_bonus', userId: row.id }, row.currency),
      this.projects.accessibleProjects(user),
      this.notifications.unreadCount(row.id),
      this.notifications.telegramOf(row.id),
    ]);
    // The operator flag is read from the row, not the session (kept a few seconds): granting or revoking
    // it shows in the next profile (the users row's change drops the kept profile answers).
    return toUserProfile(
      row,
      { balance, bonusBalance, projectCount: projects.length, notificationCount, telegram },
      this.profileRules({ ...user, operator: row.is_operator }),
    );
  }

  /** The profile's own edits: each writes the signed-in user's row only and answers the fresh profile. */
  async updateFullname(user: AuthUser, body: FullnameBody): Promise<UserProfile> {
    await updateUser(this.db, user.id, { firstname: body.firstname, lastname: body.lastname });
    return this.profileOf(user);
  }

  async updatePhone(user: AuthUser, body: PhoneBody): Promise<UserProfile> {
    await updateUser(this.db, user.id, { phone: body.phone });
    return this.profileOf(user);
  }

  async updateSettings(user: AuthUser, body: SettingsBody): Promise<UserProfile> {
    await updateUser(this.db, user.id, {
      double_spaces: body.doubleSpaces,
      notify_all_tasks: body.notifyAllTasks,
      language: body.language,
      theme: body.theme,
      email_enabled: body.email?.enabled,
      email_tasks: body.email?.tasks,
      email_chat: body.email?.chat,
      email_money: body.email?.money,
      email_invitations: body.email?.invitations,
    });
    return this.profileOf(user);
  }

  /** The new picture is stored before the row points at it, and the old one removed after. */
  async uploadAvatar(user: AuthUser, upload: Buffer): Promise<UserProfile> {
    const path = await this.avatars.save(user.id, upload);
    const previous = await findUserById(this.db, user.id);
    await updateUser(this.db, user.id, { avatar_path: path });
    await this.avatars.remove(previous?.avatar_path ?? null);
    return this.profileOf(user);
  }

  async deleteAvatar(user: AuthUser): Promise<UserProfile> {
    const row = await findUserById(this.db, user.id);
    if (!row?.avatar_path) throw new AppError('avatar_not_found');
    await updateUser(this.db, user.id, { avatar_path: null });
    await this.avatars.remove(row.avatar_path);
    return this.profileOf(user);
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
