/**
 * The project's people (spec 7, issue 4 contract): invitations by email, accepting and declining them,
 * roles, the canNegayno toggle, removal. Each call asks the projects policy first and tells the users
 * whose relation changed (`project.update`) once its transaction has committed.
 */
import type { AssignableProjectRole, Language, Project } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { violatedUnique } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { projectInvitationMail } from '../../infra/mail/templates.js';
import type { LimitRule, RateLimiter } from '../../infra/rate-limit/service.js';
import type { Notifier } from '../notifications/index.js';
import { findUserByEmail, findUserById } from '../users/index.js';
import type { ProjectEvents } from './events.js';
import {
  canBeInvited,
  canCancelInvitations,
  canChangeMemberSettings,
  canChangeRoles,
  canInvite,
  canRemoveMembers,
  isPendingInvitation,
  isProtectedRow,
  keepsAnAdministrator,
  type ProjectAccess,
} from './policy.js';
import {
  deleteEmailInvitation,
  deleteMember,
  hasEmailInvitation,
  insertEmailInvitation,
  insertMember,
  lockProject,
  memberRoleOf,
  membersOf,
  nextSortOrderOf,
  relationsOf,
  updateMember,
} from './repo.js';
import type { ProjectsService } from './service.js';

/** The invitation mail is written in the language of the request that invited. */
export interface InvitationContext {
  language: Language;
}

/**
 * Invitations mail strangers, so a client could use them to send mail anywhere: a few dozen an hour per
 * inviter and per project is plenty for bringing a team in, and caps the abuse.
 */
export const INVITATION_LIMITS = {
  perUser: { name: 'invite:user', limit: 30, windowSeconds: 3600 },
  perProject: { name: 'invite:project', limit: 50, windowSeconds: 3600 },
} satisfies Record<string, LimitRule>;

export class ProjectMembersService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsService,
    private readonly events: ProjectEvents,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    /** PUBLIC_URL: the links in mails are built from it, never from the request's Host header. */
    private readonly publicUrl: string,
    private readonly notifications: Notifier,
  ) {}

  /**
   * An existing client account joins as `invite` until it accepts; an email with no account gets a
   * project invitation and a mail that leads to the registration, which turns it into a guest membership.
   * A staff email is answered like an email with no account (an invitation nobody will take up, and no
   * mail): the answer does not tell that the email belongs to staff.
   */
  async invite(user: AuthUser, projectId: number, email: string, context: InvitationContext): Promise<Project> {
    await this.projects.accessFor(user, projectId, canInvite);
    await this.limiter.consumeAll([
      [INVITATION_LIMITS.perUser, String(user.id)],
      [INVITATION_LIMITS.perProject, String(projectId)],
    ]);
    const invitee = await findUserByEmail(this.db, email);
    if (invitee && canBeInvited(invitee)) {
      const existing = await memberRoleOf(this.db, projectId, invitee.id);
      if (existing) {
        const code = existing.role === 'invite' ? 'email_already_invited' : 'user_already_added';
        throw new AppError(code, { email: code });
      }
      await this.insertOnce(() =>
        this.db.transaction().execute(async (trx) => {
          await insertMember(trx, { projectId, userId: invitee.id, role: 'invite', sortOrder: await nextSortOrderOf(trx, invitee.id), invitedBy: user.id });
          await this.notifications.notify(trx, { kind: 'invitation_sent', actorId: user.id, userIds: [invitee.id], projectId });
        }),
      );
      await this.events.changed(projectId, { users: [invitee.id] });
    } else {
      if (await hasEmailInvitation(this.db, projectId, email)) throw new AppError('email_already_invited', { email: 'email_already_invited' });
      await this.insertOnce(() => insertEmailInvitation(this.db, { projectId, email, invitedBy: user.id }));
      if (!invitee) await this.mailInvitation(user, projectId, email, context);
      await this.events.changed(projectId);
    }
    return this.projects.get(user, projectId);
  }

  /** The invitee becomes a guest (an administrator may raise them later); the administrators hear of it. */
  async accept(user: AuthUser, projectId: number): Promise<Project> {
    await this.ownInvitation(user, projectId);
    await this.db.transaction().execute(async (trx) => {
      await updateMember(trx, projectId, user.id, { role: 'guest' });
      const administrators = (await membersOf(trx, projectId)).filter((member) => member.role === 'administrator').map((member) => member.userId);
      await this.notifications.notify(trx, { kind: 'invitation_accepted', actorId: user.id, userIds: administrators, projectId });
    });
    await this.events.changed(projectId, { users: [user.id] });
    return this.projects.get(user, projectId);
  }

  async decline(user: AuthUser, projectId: number): Promise<null> {
    await this.ownInvitation(user, projectId);
    await deleteMember(this.db, projectId, user.id, 'invite');
    await this.events.changed(projectId, { users: [user.id] });
    return null;
  }

  /** Not on one's own row, and never leaving the project without an administrator. */
  async updateRole(user: AuthUser, projectId: number, memberId: number, role: AssignableProjectRole): Promise<Project> {
    if (isProtectedRow(user, memberId)) throw new AppError('access_denied');
    await this.db.transaction().execute(async (trx) => {
      const members = await this.lockedTeam(trx, user, projectId, canChangeRoles);
      const member = members.find((row) => row.userId === memberId && row.role !== 'invite');
      if (!member) throw new AppError('user_not_found');
      if (!keepsAnAdministrator(members, { userId: memberId, newRole: role })) throw new AppError('access_denied');
      await updateMember(trx, projectId, memberId, { role });
    });
    await this.events.changed(projectId, { users: [memberId] });
    return this.projects.get(user, projectId);
  }

  async updateSettings(user: AuthUser, projectId: number, memberId: number, canNegayno: boolean): Promise<Project> {
    await this.projects.accessFor(user, projectId, canChangeMemberSettings);
    const member = await memberRoleOf(this.db, projectId, memberId);
    if (!member || member.role === 'invite') throw new AppError('user_not_found');
    await updateMember(this.db, projectId, memberId, { canNegayno });
    await this.events.changed(projectId, { users: [memberId] });
    return this.projects.get(user, projectId);
  }

  async remove(user: AuthUser, projectId: number, memberId: number): Promise<Project> {
    if (isProtectedRow(user, memberId)) throw new AppError('access_denied');
    await this.db.transaction().execute(async (trx) => {
      const members = await this.lockedTeam(trx, user, projectId, canRemoveMembers);
      if (!members.some((row) => row.userId === memberId)) throw new AppError('user_not_found');
      if (!keepsAnAdministrator(members, { userId: memberId, newRole: null })) throw new AppError('access_denied');
      await deleteMember(trx, projectId, memberId);
    });
    await this.events.changed(projectId, { users: [memberId] });
    return this.projects.get(user, projectId);
  }

  /** Removes an email invitation, or the pending `invite` membership of the account with that email. */
  async cancelInvitation(user: AuthUser, projectId: number, email: string): Promise<Project> {
    await this.projects.accessFor(user, projectId, canCancelInvitations);
    const invitee = await findUserByEmail(this.db, email);
    const removedMember = invitee ? await deleteMember(this.db, projectId, invitee.id, 'invite') : false;
    const removedEmail = await deleteEmailInvitation(this.db, projectId, email);
    if (!removedMember && !removedEmail) throw new AppError('user_not_found');
    await this.events.changed(projectId, { users: removedMember && invitee ? [invitee.id] : [] });
    return this.projects.get(user, projectId);
  }

  /**
   * The project's members once its team is locked, when the caller still may make the change: the right
   * and the "keeps an administrator" rule are read after the lock, so a parallel change by another
   * administrator (who may have just demoted the caller) is seen (issue 35 I4).
   */
  private async lockedTeam(trx: Db, user: AuthUser, projectId: number, rule: (access: ProjectAccess) => boolean) {
    await lockProject(trx, projectId);
    await this.projects.accessFor(user, projectId, rule, trx);
    return membersOf(trx, projectId);
  }

  /** The caller's own pending invitation, or project_not_found: nobody learns of others' invitations. */
  private async ownInvitation(user: AuthUser, projectId: number): Promise<void> {
    const [relation] = await relationsOf(this.db, user.id, projectId);
    if (!relation || !isPendingInvitation(user, relation)) throw new AppError('project_not_found');
  }

  /** Two invitations of the same email racing: the loser hears what a later attempt would. */
  private async insertOnce(insert: () => Promise<void>): Promise<void> {
    try {
      await insert();
    } catch (error) {
      if (violatedUnique(error)) throw new AppError('email_already_invited', { email: 'email_already_invited' });
      throw error;
    }
  }

  private async mailInvitation(user: AuthUser, projectId: number, email: string, context: InvitationContext): Promise<void> {
    const [inviter, [relation]] = await Promise.all([findUserById(this.db, user.id), relationsOf(this.db, user.id, projectId)]);
    const link = `${this.publicUrl}/register?email=${encodeURIComponent(email)}`;
    const inviterName = inviter ? `${inviter.firstname} ${inviter.lastname}`.trim() : 'Negayno';
    await this.mailer.send(projectInvitationMail(email, { projectName: relation?.name ?? '', inviterName, link }, context.language));
  }
}
