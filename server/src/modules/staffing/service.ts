/**
 * A project's team (issue 31, decisions 2 "Staffing a project"): staffing a new project, the queue of
 * unstaffed projects and taking from it, changing a role of the team, deactivating and reactivating
 * staff, and the notices that keep a published task from being seen by nobody. Every change runs in one
 * transaction with the project's row locked and notifies inside it; the live events follow the commit.
 */
import { TEAM_ROLES, type Project, type StaffCandidate, type TeamRole, type UnstaffedProject } from '@negayno/shared/contract';
import type { StaffingConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { toUnix } from '../../lib/time.js';
import { recordAudit } from '../audit/index.js';
import { deleteSessionsOf } from '../auth/index.js';
import type { Notifier } from '../notifications/index.js';
import type { ProjectsService } from '../projects/index.js';
import { avatarUrlOf } from '../users/index.js';
import { byLeastLoaded, canChangeTeamRole, canListCandidates, canSeeQueue, canTakeProjects, isTeamRole, type StaffingViewer } from './policy.js';
import {
  activeOperators,
  activeStaffOf,
  amsAndOperators,
  deleteTeamMember,
  hasTeamRole,
  insertTeamMember,
  isOperatorAccount,
  loadsOf,
  lockLiveProject,
  markStaffingReported,
  overdueUnreported,
  personOf,
  projectTeams,
  setDeactivated,
  teamOf,
  teamRowsOf,
  unstaffedProjects,
  type ActiveStaffRow,
  type ProjectTeamRow,
  type StaffPerson,
} from './repo.js';

/** What the staffing service tells the rest of the app after a commit (absent in the command-line tool, which has no sockets). */
export interface StaffingLive {
  /** `ProjectEvents.changed`: the project's room and these users' own rooms hear it; their sockets' rooms are asked again. */
  projectChanged(projectId: number, users: number[]): Promise<void>;
  /** Closes the sockets of an ended session. */
  endSession(userId: number, tokenHash: string): Promise<void>;
}

/** One team row a deactivation moved: to the successor, the least-loaded other, or nobody (the queue). */
export interface MovedTeamRow {
  projectId: number;
  role: TeamRole;
  to: number | null;
}

export interface DeactivationResult {
  userId: number;
  moved: MovedTeamRow[];
  /** Sessions ended. */
  sessions: number;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

export class StaffingService {
  constructor(
    private readonly db: Db,
    private readonly settings: StaffingConfig,
    private readonly projects: ProjectsService,
    private readonly notifications: Notifier,
    private readonly live: StaffingLive | null,
  ) {}

  // ---- Creation, and the notices of a project without its team -------------------------------------

  /**
   * At a project's creation, in its transaction: with STAFFING=auto each team role gets its least-loaded
   * active staff member, who is notified; a project left short of a role (STAFFING=queue, or a role
   * with no active staff) is announced to every active am and operator. Answers who was put on the team
   * (the caller's live event must reach them after the commit).
   */
  async staffNewProject(trx: Db, projectId: number, actorId: number | null): Promise<number[]> {
    const assigned: number[] = [];
    if (this.settings.mode === 'auto') {
      for (const role of TEAM_ROLES) {
        const pick = await this.leastLoaded(trx, role, []);
        if (!pick) continue;
        await insertTeamMember(trx, projectId, pick.id, role);
        await this.notifications.notify(trx, { kind: 'team_assigned', actorId, userIds: [pick.id], projectId, payload: { role } });
        assigned.push(pick.id);
      }
    }
    if (assigned.length < TEAM_ROLES.length) await this.announceUnstaffed(trx, projectId, actorId);
    return assigned;
  }

  /**
   * The workflow's publish step, in its transaction: a task published in a project without an am is seen
   * by no manager, so every active am and operator hears of the project (decisions 2).
   */
  async taskPublished(trx: Db, task: { projectId: number; taskId: number }, actorId: number | null): Promise<void> {
    if (await hasTeamRole(trx, task.projectId, 'am')) return;
    await this.announceUnstaffed(trx, task.projectId, actorId);
  }

  private async announceUnstaffed(trx: Db, projectId: number, actorId: number | null): Promise<void> {
    await this.notifications.notify(trx, { kind: 'project_unstaffed', actorId, userIds: await amsAndOperators(trx), projectId });
  }

  /**
   * The scheduler's pass: live projects with a published task and still no am or no pm past creation +
   * SLA_STAFFING_HOURS are reported to the operators once (staffing_overdue). Answers how many.
   */
  async reportOverdue(now: Date = new Date()): Promise<number> {
    const createdBefore = new Date(now.getTime() - this.settings.slaHours * 3600_000);
    return this.db.transaction().execute(async (trx) => {
      const overdue = await overdueUnreported(trx, createdBefore, 100);
      if (overdue.length === 0) return 0;
      const operators = await activeOperators(trx);
      for (const project of overdue) {
        await markStaffingReported(trx, project.id);
        await this.notifications.notify(trx, {
          kind: 'staffing_overdue',
          actorId: null,
          userIds: operators,
          projectId: project.id,
          payload: { projectName: project.name },
        });
      }
      return overdue.length;
    });
  }

  // ---- The queue ("New clients") and taking from it -------------------------------------------------

  /** `GET /staffing/queue`: for ams and operators; anyone else is told the call does not exist. */
  async queue(user: AuthUser): Promise<UnstaffedProject[]> {
    if (!canSeeQueue(await this.viewerOf(user))) throw new AppError('action_not_found');
    return this.unstaffed();
  }

  /** The unstaffed live projects, oldest first (the queue, the ops console, `list-projects --unstaffed`). */
  async unstaffed(): Promise<UnstaffedProject[]> {
    const rows = await unstaffedProjects(this.db);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      client: { id: row.clientId ?? 0, firstname: row.clientFirstname ?? '', lastname: row.clientLastname ?? '', email: row.clientEmail ?? '' },
      missing: TEAM_ROLES.filter((role) => !row.roles.includes(role)),
      publishedTasks: row.publishedTasks,
      dateCreate: toUnix(row.createdAt),
      dueAt: toUnix(row.createdAt) + Math.round(this.settings.slaHours * 3600),
    }));
  }

  /** Every live project with its client's email and its team, oldest first (`list-projects`). */
  teams(): Promise<ProjectTeamRow[]> {
    return projectTeams(this.db);
  }

  /**
   * `POST /project/{id}/team/take`: an am becomes the am of a project that has none. Two at once leave
   * one: the project row's lock orders them, and the unique (project, role) index stops any other path;
   * the later one hears `project_already_staffed`. The pm and sm are then the am's to assign.
   */
  async take(user: AuthUser, projectId: number): Promise<Project> {
    if (!canTakeProjects(await this.viewerOf(user))) throw new AppError('action_not_found');
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(await lockLiveProject(trx, projectId))) throw new AppError('project_not_found');
        if ((await teamOf(trx, projectId)).some((row) => row.role === 'am')) throw new AppError('project_already_staffed');
        await insertTeamMember(trx, projectId, user.id, 'am');
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('project_already_staffed');
      throw error;
    }
    await this.live?.projectChanged(projectId, [user.id]);
    return this.projects.get(user, projectId);
  }

  // ---- Changing the team ------------------------------------------------------------------------------

  /** `GET /project/{id}/team/candidates`: every active am, pm and sm with their load, for the project's am or an operator. */
  async candidates(user: AuthUser, projectId: number): Promise<StaffCandidate[]> {
    const viewer = await this.viewerOf(user);
    const teamRole = await this.teamRoleOfViewer(viewer, projectId);
    if (!canListCandidates(viewer, teamRole)) throw new AppError('access_denied');
    const [staff, team] = await Promise.all([activeStaffOf(this.db, TEAM_ROLES), teamOf(this.db, projectId)]);
    const loads = await loadsOf(
      this.db,
      staff.map((person) => person.id),
    );
    const order = byLeastLoaded<ActiveStaffRow>(loads);
    return [...staff]
      .sort((a, b) => TEAM_ROLES.indexOf(a.role) - TEAM_ROLES.indexOf(b.role) || order(a, b))
      .map((person) => ({
        id: person.id,
        firstname: person.firstname,
        lastname: person.lastname,
        role: person.role,
        avatarUrl: avatarUrlOf(person.avatarPath),
        load: loads.get(person.id)!,
        onTeam: team.some((row) => row.userId === person.id),
      }));
  }

  /**
   * `PUT /project/{id}/team`: puts the person in the role, replacing whoever held it. The project's am
   * changes the pm and sm; an operator any role (and is audited).
   */
  async assign(user: AuthUser, projectId: number, change: { role: TeamRole; userId: number }): Promise<Project> {
    const viewer = await this.viewerOf(user);
    const teamRole = await this.teamRoleOfViewer(viewer, projectId);
    if (!canChangeTeamRole(viewer, teamRole, change.role)) throw new AppError('access_denied');
    await this.replace(user.id, projectId, change.role, change.userId, viewer.operator);
    return this.projects.get(user, projectId, { asOperator: viewer.operator });
  }

  /**
   * An operator's change of a team role (the ops console's and the command line's, `actorId` null for
   * the latter), audited as `team.assign`. Refuses like `PUT /project/{id}/team`.
   */
  async setTeamMember(actorId: number | null, projectId: number, role: TeamRole, userId: number): Promise<void> {
    await this.replace(actorId, projectId, role, userId, true);
  }

  private async replace(actorId: number | null, projectId: number, role: TeamRole, userId: number, audit: boolean): Promise<void> {
    const person = await personOf(this.db, userId);
    this.checkNewcomer(person, role);
    const leaver = await this.db.transaction().execute(async (trx) => {
      if (!(await lockLiveProject(trx, projectId))) throw new AppError('project_not_found');
      const holder = (await teamOf(trx, projectId)).find((row) => row.role === role)?.userId ?? null;
      if (holder === userId) return { changed: false, holder };
      this.checkNewcomer(await personOf(trx, userId), role);
      await deleteTeamMember(trx, projectId, role);
      await insertTeamMember(trx, projectId, userId, role);
      await this.notifications.notify(trx, { kind: 'team_assigned', actorId, userIds: [userId], projectId, payload: { role } });
      if (holder !== null) await this.notifications.notify(trx, { kind: 'team_removed', actorId, userIds: [holder], projectId, payload: { role } });
      if (audit)
        await recordAudit(trx, {
          operatorId: actorId,
          action: 'team.assign',
          targetKind: 'project',
          targetId: projectId,
          before: { role, userId: holder },
          after: { role, userId },
        });
      return { changed: true, holder };
    });
    if (leaver.changed) await this.live?.projectChanged(projectId, leaver.holder === null ? [userId] : [userId, leaver.holder]);
  }

  /** A newcomer to a role: an account of that very role (not a client, a performer or another role), not deactivated. */
  private checkNewcomer(person: StaffPerson | undefined, role: TeamRole): asserts person is StaffPerson {
    if (!person) throw new AppError('user_not_found');
    if (person.role !== role) throw new AppError('staff_role_is_wrong');
    if (person.deactivatedAt !== null) throw new AppError('staff_is_deactivated');
  }

  // ---- Deactivating and reactivating staff ------------------------------------------------------------

  /**
   * Deactivates a staff account (the ops console and `deactivate-staff`; `actorId` null for the command
   * line): it can no longer sign in, its sessions end and their sockets close, and each of its project
   * roles goes to the successor (active, of the same role), else to the least-loaded other active member
   * of the role, else nobody (the project joins the queue). The last active am with projects and no
   * successor is refused (`staff_is_last`). Audited as `staff.deactivate`. Deactivating an account that
   * already is changes nothing.
   */
  async deactivate(actorId: number | null, userId: number, successorId: number | null): Promise<DeactivationResult> {
    const person = await personOf(this.db, userId);
    if (!person) throw new AppError('user_not_found');
    if (person.role === 'user') throw new AppError('staff_role_is_wrong');
    if (person.deactivatedAt !== null) return { userId, moved: [], sessions: 0 };
    if (successorId !== null) {
      const successor = await personOf(this.db, successorId);
      if (!successor) throw new AppError('user_not_found');
      if (successor.role !== person.role || successor.id === userId || !isTeamRole(successor.role)) throw new AppError('staff_role_is_wrong');
      if (successor.deactivatedAt !== null) throw new AppError('staff_is_deactivated');
    }
    const done = await this.db.transaction().execute(async (trx) => {
      await setDeactivated(trx, userId, true);
      const rows = (await teamRowsOf(trx, userId)).filter((row) => row.live);
      const moved: MovedTeamRow[] = [];
      if (rows.length > 0 && successorId === null && person.role === 'am') {
        const others = (await activeStaffOf(trx, ['am'])).filter((other) => other.id !== userId);
        if (others.length === 0) throw new AppError('staff_is_last');
      }
      for (const row of rows) {
        if (!(await lockLiveProject(trx, row.projectId))) continue;
        const to = successorId ?? (await this.leastLoaded(trx, row.role, [userId]))?.id ?? null;
        await deleteTeamMember(trx, row.projectId, row.role);
        if (to !== null) {
          await insertTeamMember(trx, row.projectId, to, row.role);
          await this.notifications.notify(trx, { kind: 'team_assigned', actorId, userIds: [to], projectId: row.projectId, payload: { role: row.role } });
        } else {
          await this.announceUnstaffed(trx, row.projectId, actorId);
        }
        moved.push({ projectId: row.projectId, role: row.role, to });
      }
      const tokenHashes = await deleteSessionsOf(trx, userId);
      await recordAudit(trx, {
        operatorId: actorId,
        action: 'staff.deactivate',
        targetKind: 'user',
        targetId: userId,
        before: { active: true },
        after: { active: false, successorId, moved },
      });
      return { moved, tokenHashes };
    });
    if (this.live) {
      for (const tokenHash of done.tokenHashes) await this.live.endSession(userId, tokenHash);
      for (const row of done.moved) await this.live.projectChanged(row.projectId, row.to === null ? [userId] : [userId, row.to]);
    }
    return { userId, moved: done.moved, sessions: done.tokenHashes.length };
  }

  /** Lets a deactivated account sign in and be assigned again (its former projects stay with whoever has them now). Audited as `staff.reactivate`. */
  async reactivate(actorId: number | null, userId: number): Promise<void> {
    const person = await personOf(this.db, userId);
    if (!person) throw new AppError('user_not_found');
    if (person.deactivatedAt === null) return;
    await this.db.transaction().execute(async (trx) => {
      await setDeactivated(trx, userId, false);
      await recordAudit(trx, {
        operatorId: actorId,
        action: 'staff.reactivate',
        targetKind: 'user',
        targetId: userId,
        before: { active: false },
        after: { active: true },
      });
    });
  }

  // ---- Helpers ----------------------------------------------------------------------------------------

  /** The least-loaded active staff member of a role (decisions 2), leaving out some; undefined when there is none. */
  async leastLoaded(db: Db, role: TeamRole, except: number[]): Promise<ActiveStaffRow | undefined> {
    const staff = (await activeStaffOf(db, [role])).filter((person) => !except.includes(person.id));
    if (staff.length === 0) return undefined;
    const loads = await loadsOf(
      db,
      staff.map((person) => person.id),
    );
    return [...staff].sort(byLeastLoaded<ActiveStaffRow>(loads))[0];
  }

  /** Whether the viewer is an operator: auth says so when it read the flag; otherwise the account row does. */
  private async viewerOf(user: AuthUser): Promise<StaffingViewer> {
    return { user, operator: user.operator ?? (await isOperatorAccount(this.db, user.id)) };
  }

  /**
   * The viewer's role on the project's team, after the visibility check: an operator reaches any live
   * project; anyone else one they see (else `project_not_found`, as for a missing one).
   */
  private async teamRoleOfViewer(viewer: StaffingViewer, projectId: number): Promise<TeamRole | null> {
    const access = await this.projects.accessTo(viewer.user, projectId);
    if (!access) {
      if (!viewer.operator || !(await this.projects.exists(projectId))) throw new AppError('project_not_found');
      return null;
    }
    return isTeamRole(access.role) ? access.role : null;
  }
}
