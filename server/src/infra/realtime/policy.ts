import { parseRoom } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';

export interface RoomChecks {
  canSeeProject(user: AuthUser, projectId: number): Promise<boolean>;
  canSeeTask(user: AuthUser, taskId: number): Promise<boolean>;
  /** The chats module's rule: clients never read `work` (decisions 4). */
  canReadChat(user: AuthUser, chatId: number): Promise<boolean>;
}

/**
 * A socket may listen to a project or a task it may see, a chat it may read, and its own user room.
 * The events catch-up (`GET /api/events`) asks the same question before it answers a room's log.
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
      return checks.canReadChat(user, parsed.id);
  }
}
