import { fileUrl } from '@negayno/shared/contract/file-url';
import {
  endpoints,
  type ChatMessage,
  type ChatPerson,
  type ChatRole,
  type Emoji,
  type MessageAuthor,
  type MessageFile,
  type ParentMessage,
  type Reaction,
  type SystemNote,
} from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import { toUnix, toUnixOrNull } from '../../lib/time.js';
import { avatarUrlOf } from '../users/index.js';
import { messagePermissionsOf, othersPermissionsOf, windowsOf } from './policy.js';
import type { MessageFileRow, MessageRow, ReadRow, SystemMessageRow } from './repo.js';

/** What a page of messages is presented with: read once per page, shared by its messages. */
export interface PageContext {
  viewer: AuthUser;
  write: boolean;
  now: Date;
  files: Map<number, MessageFileRow>;
  parents: Map<number, MessageRow>;
  reactions: Map<number, Array<{ emoji: string; person: ChatPerson }>>;
  reads: ReadRow[];
  /** The viewer's own mark in the chat. */
  lastViewed: number;
}

function personOf(row: { id: number; firstname: string; lastname: string; avatar_path: string | null; color: string }): ChatPerson {
  return { id: row.id, firstname: row.firstname, lastname: row.lastname, avatarUrl: avatarUrlOf(row.avatar_path), color: row.color };
}

export function toChatPerson(row: { id: number; firstname: string; lastname: string; avatar_path: string | null; color: string }): ChatPerson {
  return personOf(row);
}

/** A client's colour is their project role; staff and performers keep their account role. */
function roleOf(row: MessageRow): ChatRole {
  if (row.account_role && row.account_role !== 'user') return row.account_role;
  return row.member_role ?? 'guest';
}

function authorOf(row: MessageRow): MessageAuthor | null {
  if (row.author_id === null || row.firstname === null) return null;
  return {
    id: row.author_id,
    firstname: row.firstname,
    lastname: row.lastname ?? '',
    role: roleOf(row),
    avatarUrl: avatarUrlOf(row.avatar_path),
    color: row.color ?? '',
  };
}

function fileOf(row: MessageFileRow | undefined): MessageFile | null {
  if (!row) return null;
  return {
    id: row.message_id,
    name: row.name,
    extension: row.extension,
    kind: row.kind,
    url: fileUrl(endpoints.chats.file, { id: row.message_id }),
    thumb: row.thumb_key ? fileUrl(endpoints.chats.thumb, { id: row.message_id }) : null,
    size: row.size,
    color: row.color,
    width: row.width,
    height: row.height,
  };
}

/** A deleted message shows only that it was there (spec 4 "messageDeleted"). */
function textOf(row: MessageRow): string {
  return row.deleted_at === null ? row.body : '';
}

function parentOf(row: MessageRow, context: PageContext): ParentMessage | null {
  const parent = row.parent_id === null ? undefined : context.parents.get(row.parent_id);
  if (!parent) return null;
  return {
    id: parent.id,
    message: textOf(parent),
    author: authorOf(parent),
    file: parent.deleted_at === null ? fileOf(context.files.get(parent.id)) : null,
    quote: parent.deleted_at === null ? parent.quote : null,
    dateCreate: toUnix(parent.created_at),
    dateDelete: toUnixOrNull(parent.deleted_at),
    viewed: parent.author_id === context.viewer.id || parent.id <= context.lastViewed,
  };
}

function reactionsOf(row: MessageRow, context: PageContext): Reaction[] {
  if (row.deleted_at !== null) return [];
  const byEmoji = new Map<string, ChatPerson[]>();
  for (const { emoji, person } of context.reactions.get(row.id) ?? []) {
    const list = byEmoji.get(emoji) ?? [];
    list.push(person);
    byEmoji.set(emoji, list);
  }
  return [...byEmoji].map(([emoji, authors]) => ({ emoji: emoji as Emoji, authors }));
}

export function toChatMessage(row: MessageRow, context: PageContext): ChatMessage {
  const facts = { authorId: row.author_id, hasText: row.body.trim() !== '', createdAt: row.created_at, deletedAt: row.deleted_at };
  const windows = windowsOf(context.viewer, facts, context.write, context.now);
  const own = row.author_id === context.viewer.id;
  return {
    id: row.id,
    chatId: row.chat_id,
    message: textOf(row),
    systemNote: row.system_note,
    author: authorOf(row),
    file: row.deleted_at === null ? fileOf(context.files.get(row.id)) : null,
    parentMessage: parentOf(row, context),
    quote: row.deleted_at === null ? row.quote : null,
    emoji: reactionsOf(row, context),
    tempId: own ? row.temp_id : null,
    dateCreate: toUnix(row.created_at),
    dateUpdate: toUnix(row.updated_at),
    dateDelete: toUnixOrNull(row.deleted_at),
    dateDeadline: toUnixOrNull(row.date_deadline),
    dateUpdateExpires: toUnixOrNull(windows.update),
    dateDeleteExpires: toUnixOrNull(windows.delete),
    dateRecoveryExpires: toUnixOrNull(windows.recovery),
    viewed: own || row.id <= context.lastViewed,
    readers: context.reads
      .filter((read) => read.last_viewed_message_id >= row.id && read.user_id !== row.author_id)
      .map((read) => personOf({ ...read, id: read.user_id })),
    can: messagePermissionsOf(context.viewer, facts, context.write, context.now),
  };
}

/**
 * A new message as every reader but its author sees it, carried by the live event of its making so
 * that readers paint it without reading it again: no temp id and no windows (both are the author's),
 * not viewed yet, and what a reader who writes may do with it; a reader who only reads keeps none of
 * that (the browser ANDs it with its chat's `can.write`). Reactions and receipts are the same for all.
 */
export function forOtherReaders(message: ChatMessage): ChatMessage {
  return {
    ...message,
    tempId: null,
    dateUpdateExpires: null,
    dateDeleteExpires: null,
    dateRecoveryExpires: null,
    viewed: false,
    can: othersPermissionsOf(message.author?.id ?? null, message.dateDelete !== null),
  };
}

/**
 * A life-cycle line as every reader sees it the moment it is written, carried by its live event: nobody's,
 * not viewed yet, without reactions or receipts, and nothing anyone may do with it.
 */
export function newSystemLine(row: SystemMessageRow, note: SystemNote): ChatMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    message: row.body,
    systemNote: note,
    author: null,
    file: null,
    parentMessage: null,
    quote: null,
    emoji: [],
    tempId: null,
    dateCreate: toUnix(row.created_at),
    dateUpdate: toUnix(row.updated_at),
    dateDelete: null,
    dateDeadline: toUnixOrNull(row.date_deadline),
    dateUpdateExpires: null,
    dateDeleteExpires: null,
    dateRecoveryExpires: null,
    viewed: false,
    readers: [],
    can: othersPermissionsOf(null, false),
  };
}
