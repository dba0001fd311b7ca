import { DEFAULT_SLA_STAFFING_HOURS, type ColumnCounters, type Currency, type Project, type ProjectListItem } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { BalanceReader } from '../../lib/balances.js';
import { canDeleteProject, canSeeProjectBalance, isPendingInvitation, projectAccessOf, type ProjectAccess } from './policy.js';
import { toInvitationListItem, toProject, toProjectListItem } from './presenters.js';
import { emailInvitationsOf, membersOf, relationOfProject, relationsOf, staffOf, staffOfProjects, type ProjectRelation, type StaffRow } from './repo.js';

export interface AccessibleProject {
  relation: ProjectRelation;
  access: ProjectAccess;
}

/** The label an operator who is not tied to a project is shown with: their own account role. */
function staffRoleOf(user: AuthUser): ProjectAccess['role'] {
  return user.role === 'user' ? 'guest' : user.role;
}

function byViewerOrder(a: { relation: ProjectRelation }, b: { relation: ProjectRelation }): number {
  return (a.relation.sortOrder ?? 0) - (b.relation.sortOrder ?? 0) || a.relation.projectId - b.relation.projectId;
}

/**
 * Cards per column of the viewer's board for several projects: the tasks module counts them (wired in
 * services.ts), since tasks depends on projects for access and projects must not import tasks back.
 */
export type ColumnCounting = (user: AuthUser, projectIds: number[]) => Promise<Map<number, ColumnCounters>>;

/** Reading projects, and the access checks every other projects or tasks service starts with. */
export class ProjectsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: BalanceReader,
    private readonly columnCounters: ColumnCounting,
    /** SLA_STAFFING_HOURS (issue 31): `Project.staffing.dueAt` is creation plus this. */
    private readonly staffingSlaHours: number = DEFAULT_SLA_STAFFING_HOURS,
  ) {}

  /** Every project the user may see, with their role in it, in the user's own order. */
  async accessibleProjects(user: AuthUser): Promise<AccessibleProject[]> {
    const relations = await relationsOf(this.db, user.id);
    return relations
      .map((relation) => ({ relation, access: projectAccessOf(user, relation) }))
      .filter((entry): entry is AccessibleProject => entry.access !== null)
      .sort(byViewerOrder);
  }

  /** `db`: a transaction that must see the caller's relation as of its own locks (the team changes). */
  async accessTo(user: AuthUser, projectId: number, db: Db = this.db): Promise<ProjectAccess | null> {
    const [relation] = await relationsOf(db, user.id, projectId);
    return relation ? projectAccessOf(user, relation) : null;
  }

  /**
   * The viewer's access when a rule allows the action: a project they cannot see is answered like a
   * missing one (project_not_found), a visible one the rule refuses with access_denied.
   */
  async accessFor(user: AuthUser, projectId: number, rule: (access: ProjectAccess) => boolean, db: Db = this.db): Promise<ProjectAccess> {
    const access = await this.accessTo(user, projectId, db);
    if (!access) throw new AppError('project_not_found');
    if (!rule(access)) throw new AppError('access_denied');
    return access;
  }

  /**
   * A project whose balance the viewer administers (the money module's balance calls), with its name
   * and currency; refused like `accessFor` refuses.
   */
  async balanceOwnedBy(user: AuthUser, projectId: number, db: Db = this.db): Promise<{ projectId: number; name: string; currency: Currency }> {
    const [relation] = await relationsOf(db, user.id, projectId);
    const access = relation ? projectAccessOf(user, relation) : null;
    if (!relation || !access) throw new AppError('project_not_found');
    if (!canSeeProjectBalance(access)) throw new AppError('access_denied');
    return { projectId, name: relation.name, currency: relation.currency };
  }

  /** Whether money is still on the project's balance: such a project is closed through the money module, never deleted. */
  async holdsMoney(user: AuthUser, projectId: number, db: Db = this.db): Promise<boolean> {
    const { currency } = await this.balanceOwnedBy(user, projectId, db);
    return (await this.ledger.balanceOf({ kind: 'project', projectId }, currency, db)) !== 0;
  }

  /** Who receives a project's balance events: its administrators. */
  async balanceOwnersOf(projectId: number): Promise<number[]> {
    return (await membersOf(this.db, projectId)).filter((member) => member.role === 'administrator').map((member) => member.userId);
  }

  /** The viewer's projects, their pending invitations among them (role `invite`, no counters). */
  async list(user: AuthUser): Promise<ProjectListItem[]> {
    const relations = await relationsOf(this.db, user.id);
    const entries = relations
      .map((relation) => ({ relation, access: projectAccessOf(user, relation) }))
      .filter((entry) => entry.access !== null || isPendingInvitation(user, entry.relation))
      .sort(byViewerOrder);
    const visibleIds = entries.filter((entry) => entry.access).map((entry) => entry.relation.projectId);
    const counters = await this.columnCounters(user, visibleIds);
    return entries.map(({ relation, access }) =>
      access ? toProjectListItem(relation, access, counters.get(relation.projectId)!) : toInvitationListItem(relation),
    );
  }

  /**
   * A project the viewer may not see is answered exactly like one that does not exist. `asOperator`
   * (the staffing module, for an operator it has checked): any live project, tied to the viewer or not,
   * with the operator's right to change its team.
   */
  async get(user: AuthUser, projectId: number, options: { asOperator?: boolean } = {}): Promise<Project> {
    let relation: ProjectRelation | undefined = (await relationsOf(this.db, user.id, projectId))[0];
    let access = relation ? projectAccessOf(user, relation) : null;
    if (options.asOperator) {
      relation ??= await relationOfProject(this.db, projectId);
      if (relation) access = { projectId, role: access?.role ?? staffRoleOf(user), operator: true };
    }
    if (!relation || !access) throw new AppError('project_not_found');
    const [counters, members, invitations, staff, balance] = await Promise.all([
      this.columnCounters(user, [projectId]),
      membersOf(this.db, projectId),
      emailInvitationsOf(this.db, projectId),
      staffOf(this.db, projectId),
      canSeeProjectBalance(access) ? this.ledger.balanceOf({ kind: 'project', projectId }, relation.currency) : Promise.resolve(null),
    ]);
    return toProject(relation, access, {
      balance,
      counters: counters.get(projectId)!,
      members,
      invitedEmails: invitations.map((invitation) => invitation.email),
      staff,
      staffingSlaHours: this.staffingSlaHours,
      closureTargets: canDeleteProject(access) ? await this.closureTargetsOf(user, relation) : [],
    });
  }

  /** The projects a closure of `closing` may send its balance to: the same rule `MoneyService.closeProject` checks. */
  private async closureTargetsOf(user: AuthUser, closing: ProjectRelation): Promise<{ id: number; name: string }[]> {
    return (await relationsOf(this.db, user.id))
      .filter((relation) => relation.projectId !== closing.projectId && relation.currency === closing.currency)
      .map((relation) => ({ relation, access: projectAccessOf(user, relation) }))
      .filter(({ access }) => access !== null && canSeeProjectBalance(access))
      .sort(byViewerOrder)
      .map(({ relation }) => ({ id: relation.projectId, name: relation.name }));
  }

  /** Whether a live (not deleted) project of this id exists, whoever asks. */
  async exists(projectId: number): Promise<boolean> {
    return (await relationOfProject(this.db, projectId)) !== undefined;
  }

  /** Whether two users both see at least one common project. */
  async shareAProject(a: AuthUser, b: AuthUser): Promise<boolean> {
    const [ofA, ofB] = await Promise.all([this.accessibleProjects(a), this.accessibleProjects(b)]);
    const idsOfB = new Set(ofB.map((project) => project.relation.projectId));
    return ofA.some((project) => idsOfB.has(project.relation.projectId));
  }

  /** The am, pm and sm attached to projects, by project: the "managers" of their cards. */
  async staffByProject(projectIds: number[]): Promise<Map<number, StaffRow[]>> {
    const byProject = new Map<number, StaffRow[]>(projectIds.map((id) => [id, []]));
    for (const { projectId, ...staff } of await staffOfProjects(this.db, projectIds)) byProject.get(projectId)?.push(staff);
    return byProject;
  }
}
