/**
 * Who may read and write which chat, and what the menu of a message offers (spec 6, decisions 4). The
 * service asks these on every call; the socket's room join asks `canReadChatKey` through the service.
 */
import { MESSAGE_WINDOWS_SECONDS, type ChatKey, type MessagePermissions } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProjectAccess } from '../projects/index.js';
import { readableChatKeys } from '../tasks/index.js';

/** Clients never read `work`; performers read only `work` (decisions 4). */
export function canReadChatKey(user: AuthUser, key: ChatKey): boolean {
  return readableChatKeys(user).includes(key);
}

/**
 * Spec 6: guests and clients without a project role read only, and an archived task's chats are read
 * only for everyone. Staff and performers who may read a chat may write in it.
 */
export function canWriteChat(user: AuthUser, access: ProjectAccess, task: { status: string }): boolean {
  if (task.status === 'archived') return false;
  if (user.role !== 'user') return true;
  return access.role === 'administrator' || access.role === 'user';
}

export interface MessageFacts {
  authorId: number | null;
  hasText: boolean;
  createdAt: Date;
  deletedAt: Date | null;
}

/** The ends of the three windows for the message's author, or null when closed (or not theirs). */
export function windowsOf(viewer: AuthUser, message: MessageFacts, write: boolean, now: Date) {
  const own = write && message.authorId === viewer.id;
  const end = (from: Date, seconds: number) => {
    const at = from.getTime() + seconds * 1000;
    return own && at > now.getTime() ? new Date(at) : null;
  };
  return {
    update: message.deletedAt === null && message.hasText ? end(message.createdAt, MESSAGE_WINDOWS_SECONDS.update) : null,
    delete: message.deletedAt === null ? end(message.createdAt, MESSAGE_WINDOWS_SECONDS.delete) : null,
    recovery: message.deletedAt !== null ? end(message.deletedAt, MESSAGE_WINDOWS_SECONDS.recovery) : null,
  };
}

export function messagePermissionsOf(viewer: AuthUser, message: MessageFacts, write: boolean, now: Date): MessagePermissions {
  const windows = windowsOf(viewer, message, write, now);
  const live = write && isAnswerable(message.authorId, message.deletedAt !== null);
  return { update: windows.update !== null, delete: windows.delete !== null, recovery: windows.recovery !== null, react: live, reply: live };
}

/** A person's message, not deleted: in a chat the viewer writes in, it may be reacted and replied to. */
function isAnswerable(authorId: number | null, deleted: boolean): boolean {
  return authorId !== null && !deleted;
}

/**
 * What anyone but its author may do with a message, for a reader who writes in the chat: react and
 * reply, never change it (the windows are the author's). A reader who only reads may do neither.
 */
export function othersPermissionsOf(authorId: number | null, deleted: boolean): MessagePermissions {
  const live = isAnswerable(authorId, deleted);
  return { update: false, delete: false, recovery: false, react: live, reply: live };
}

/**
 * Why an own-message change is refused: another person's message is 403, a closed window (or a message
 * in the wrong state for it) 409. Null when allowed.
 */
export function refusalOf(viewer: AuthUser, message: MessageFacts, write: boolean, window: 'update' | 'delete' | 'recovery', now: Date) {
  if (!write || message.authorId !== viewer.id) return 'access_denied' as const;
  return windowsOf(viewer, message, write, now)[window] === null ? ('method_not_allowed' as const) : null;
}
