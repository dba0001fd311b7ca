import { rooms } from '@negayno/shared/contract';
import type { Realtime } from '../../infra/realtime/realtime.js';

/**
 * `project.update` (issue 4 contract): to the project's room, and to the own rooms of the users whose
 * relation to it changed, so their project lists refresh even when no board of it is open. Callers emit
 * after their transaction committed: a listener that refetches at once must see the change.
 */
export class ProjectEvents {
  constructor(private readonly realtime: Realtime) {}

  changed(projectId: number, change: { users?: number[]; deleted?: boolean } = {}): void {
    const payload = change.deleted ? { projectId, deleted: true } : { projectId };
    this.realtime.emitToRooms([rooms.project(projectId), ...(change.users ?? []).map(rooms.user)], 'project.update', payload);
  }
}
