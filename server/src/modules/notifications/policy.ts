import type { AuthUser } from '../../lib/auth-user.js';

/** A notification is its recipient's alone: anyone else is told it does not exist. */
export function canSeeNotification(user: AuthUser, notification: { userId: number }): boolean {
  return notification.userId === user.id;
}

/** Nobody is told of their own action. */
export function recipientsOf(candidates: Iterable<number>, actorId: number | null): number[] {
  return [...new Set(candidates)].filter((userId) => userId !== actorId).sort((a, b) => a - b);
}
