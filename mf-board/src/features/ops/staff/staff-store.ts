/** The console's staff section: the list with its filters, creating, deactivating and reactivating staff. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { makeAutoObservable } from 'mobx';
import { type CreateStaffBody, type OpsStaffMember, type OpsStaffQuery, type StaffRole } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { PagedList } from '../paged-list';

export type StaffFilters = Pick<OpsStaffQuery, 'q' | 'role' | 'status'>;

export class StaffStore {
  readonly list = new PagedList<OpsStaffMember, StaffFilters>(
    (filters, backFrom) => call(opsEndpoints.staff, { query: { ...filters, backFrom } }, { name: 'ops-staff', quiet: true }),
    (member) => member.id,
    {},
  );

  constructor() {
    makeAutoObservable(this, { list: false });
  }

  async create(body: CreateStaffBody): Promise<OpsStaffMember> {
    const member = await call(opsEndpoints.createStaff, { body }, { quiet: true });
    this.list.put(member);
    return member;
  }

  /** `successorId` null: the server picks the least-loaded active staff member of the role. */
  async deactivate(member: OpsStaffMember, successorId: number | null): Promise<OpsStaffMember> {
    const changed = await call(opsEndpoints.deactivateStaff, { params: { id: member.id }, body: { successorId } }, { quiet: true });
    this.list.put(changed);
    return changed;
  }

  async reactivate(member: OpsStaffMember): Promise<OpsStaffMember> {
    const changed = await call(opsEndpoints.reactivateStaff, { params: { id: member.id } }, { quiet: true });
    this.list.put(changed);
    return changed;
  }

  /** Who may take over a leaver's projects: the active staff of their role (the first page, least loaded first), the leaver left out. */
  async successors(member: OpsStaffMember): Promise<OpsStaffMember[]> {
    const page = await call(opsEndpoints.staff, { query: { role: member.role as StaffRole, status: 'active' } }, { quiet: true });
    return page.list.filter((other) => other.id !== member.id).sort((a, b) => a.load.openTasks - b.load.openTasks || a.load.projects - b.load.projects);
  }
}
