import { rooms } from '@negayno/shared/contract';
import type { Realtime } from '../../infra/realtime/realtime.js';

/**
 * `project.update` (issue 4 contract): to the project's room, and to the own rooms of the users whose
 * relation to it changed, so their project lists refresh even when no board of it is open. Callers emit
 * after their transaction committed: a listener that refetches at once must see the change. Then the
 * sockets of those users leave the rooms they may no longer see (removed, a lesser role, deleted).
 */
export class ProjectEvents {
  constructor(private readonly realtime: Realtime) {}

  async changed(projectId: number, change: { users?: number[]; deleted?: boolean } = {}): Promise<void> {
    const payload = change.deleted ? { projectId, deleted: true } : { projectId };
    const users = change.users ?? [];
    this.realtime.emitToRooms([rooms.project(projectId), ...users.map(rooms.user)], 'project.update', payload);
    if (change.deleted) this.realtime.emptyRoom(rooms.project(projectId));
    await this.realtime.recheckRooms(users);
  }
}
