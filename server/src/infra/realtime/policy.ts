import { parseRoom } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';

export interface RoomChecks {
  canSeeProject(user: AuthUser, projectId: number): Promise<boolean>;
  canSeeTask(user: AuthUser, taskId: number): Promise<boolean>;
}

/**
 * A socket may listen to a project or a task it may see, and to its own user room. Chat rooms wait for
 * the chat module's policy; until then they are refused.
 */
export async function mayJoinRoom(user: AuthUser, room: unknown, checks: RoomChecks): Promise<boolean> {
  if (typeof room !== 'string') return false;
  const parsed = parseRoom(room);
  if (!parsed) return false;
  switch (parsed.kind) {
    case 'user':
      return parsed.id === user.id;
    case 'project':
      return checks.canSeeProject(user, parsed.id);
    case 'task':
      return checks.canSeeTask(user, parsed.id);
    case 'chat':
      return false;
  }
}
