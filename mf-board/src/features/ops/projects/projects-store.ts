/** The console's projects section: every project with its client and team, unstaffed first, and changing a team. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { makeAutoObservable } from 'mobx';
import { endpoints, type OpsProject, type OpsProjectsQuery, type StaffCandidate, type TeamRole } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { PagedList } from '../paged-list';

export type ProjectsFilters = Pick<OpsProjectsQuery, 'q' | 'unstaffed'>;

export class ProjectsStore {
  readonly list = new PagedList<OpsProject, ProjectsFilters>(
    (filters, backFrom) =>
      call(opsEndpoints.projects, { query: { ...filters, unstaffed: filters.unstaffed || undefined, backFrom } }, { name: 'ops-projects', quiet: true }),
    (project) => project.id,
    { unstaffed: false },
  );

  constructor() {
    makeAutoObservable(this, { list: false });
  }

  /** Who may be put on the project's team, with their load. */
  candidates(projectId: number): Promise<StaffCandidate[]> {
    return call(endpoints.staffing.candidates, { params: { id: projectId } }, { quiet: true });
  }

  /** Puts the person on the team in the role, then reads the list again (the row's team, and maybe its place, changed). */
  async assign(projectId: number, role: TeamRole, userId: number): Promise<void> {
    await call(endpoints.staffing.assign, { params: { id: projectId }, body: { role, userId } }, { quiet: true });
  }

  refresh(): Promise<void> {
    return this.list.load();
  }
}
