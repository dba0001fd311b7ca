import type { Project, ProjectListItem } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { LedgerService } from '../money/ledger.js';
import { columnCountersFor } from '../tasks/counters.js';
import { canSeeProjectBalance, projectAccessOf, type ProjectAccess } from './policy.js';
import { toProject, toProjectListItem } from './presenters.js';
import { emailInvitationsOf, membersOf, relationsOf, staffOf, type ProjectRelation, type StaffRow } from './repo.js';

interface AccessibleProject {
  relation: ProjectRelation;
  access: ProjectAccess;
}

export class ProjectsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
  ) {}

  /** Every project the user may see, with their role in it, in the user's own order. */
  async accessibleProjects(user: AuthUser): Promise<AccessibleProject[]> {
    const relations = await relationsOf(this.db, user.id);
    return relations
      .map((relation) => ({ relation, access: projectAccessOf(user, relation) }))
      .filter((entry): entry is AccessibleProject => entry.access !== null)
      .sort((a, b) => (a.relation.sortOrder ?? 0) - (b.relation.sortOrder ?? 0) || a.relation.projectId - b.relation.projectId);
  }

  async accessTo(user: AuthUser, projectId: number): Promise<ProjectAccess | null> {
    const [relation] = await relationsOf(this.db, user.id, projectId);
    return relation ? projectAccessOf(user, relation) : null;
  }

  async list(user: AuthUser): Promise<ProjectListItem[]> {
    const projects = await this.accessibleProjects(user);
    const counters = await columnCountersFor(this.db, user, projects.map((p) => p.relation.projectId));
    return projects.map(({ relation, access }) => toProjectListItem(relation, access, counters.get(relation.projectId)!));
  }

  /** A project the viewer may not see is answered exactly like one that does not exist. */
  async get(user: AuthUser, projectId: number): Promise<Project> {
    const [relation] = await relationsOf(this.db, user.id, projectId);
    const access = relation ? projectAccessOf(user, relation) : null;
    if (!relation || !access) throw new AppError('project_not_found');
    const [counters, members, invitations, staff, balance] = await Promise.all([
      columnCountersFor(this.db, user, [projectId]),
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
    });
  }

  /** Whether two users both see at least one common project. */
  async shareAProject(a: AuthUser, b: AuthUser): Promise<boolean> {
    const [ofA, ofB] = await Promise.all([this.accessibleProjects(a), this.accessibleProjects(b)]);
    const idsOfB = new Set(ofB.map((project) => project.relation.projectId));
    return ofA.some((project) => idsOfB.has(project.relation.projectId));
  }

  /** The am, pm and sm attached to a project: the "managers" of its cards. */
  staffOf(projectId: number): Promise<StaffRow[]> {
    return staffOf(this.db, projectId);
  }
}
