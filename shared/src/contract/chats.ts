/**
 * The task chats (spec 3 "Chat message", spec 7 "Chat", decisions 4): the bodies the chat calls take,
 * the messages they answer, the unread counters, the read receipts and "whose move". The server's chats
 * module decides every rule; the browser shows what these shapes say (the `can` flags, the windows).
 */
import { z } from 'zod';
import type { PersonRef, UnixSeconds, UnreadCounters } from './entities.js';
import type { ChatKey, ProjectRole } from './enums.js';
import type { FileKind } from './file-types.js';
import { LENGTH, MAX_ID } from './limits.js';
import type { SystemNote } from './system-notes.js';
import { withoutHiddenControls } from './validation.js';

/** Spec 9: the reactions a message may carry, in the order the picker shows them. */
export const EMOJIS = ['👍', '🔥', '❤️', '👎', '😀', '🤔', '👏', '😅'] as const;
export type Emoji = (typeof EMOJIS)[number];

/** Decisions 4: edit and delete within 15 minutes of sending, restore within 15 minutes of deleting. */
export const MESSAGE_WINDOWS_SECONDS = { update: 15 * 60, delete: 15 * 60, recovery: 15 * 60 } as const;

/** A temporary message's id (spec 3): made by the browser, sent as `tempId`, the idempotency key of a send. */
export const TEMP_ID_MAX_LENGTH = 64;
const TEMP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The text of a message: trimmed, hidden controls dropped; `message_is_empty` unless a file goes with it. */
const messageText = z.string({ error: 'message_is_too_long' }).overwrite(withoutHiddenControls).trim().max(LENGTH.message, { error: 'message_is_too_long' });

/** Multipart fields arrive as strings; an empty one counts as absent (spec 7: "other non-empty fields"). */
const absentIfEmpty = (value: unknown) => (value === '' || value === null ? undefined : value);

/** `parentMessageId`: the id of a message of the same chat. */
export const parentMessageIdField = z.preprocess(
  absentIfEmpty,
  z
    .string({ error: 'parentMessageId_is_empty' })
    .max(10, { error: 'parentMessageId_is_too_long' })
    .regex(/^\d+$/, { error: 'parentMessageId_not_found' })
    .transform(Number)
    .refine((id) => id > 0 && id <= MAX_ID, { error: 'parentMessageId_not_found' })
    .optional(),
);

/**
 * `POST /chat/{id}/new-message` (multipart): the fields beside the one optional `file` part. A message
 * needs text or a file. `tempId` is the browser's temporary message id: sending again with the same
 * `tempId` (a retry after a cut network, a re-send after a reload) answers the message already made.
 */
export const newMessageFields = z.object({
  message: z.preprocess((value) => (value === null || value === undefined ? '' : value), messageText),
  parentMessageId: parentMessageIdField,
  quote: z.preprocess(
    absentIfEmpty,
    z.string({ error: 'quote_is_too_long' }).overwrite(withoutHiddenControls).max(LENGTH.quote, { error: 'quote_is_too_long' }).optional(),
  ),
  tempId: z.preprocess(absentIfEmpty, z.string({ error: 'invalid_value' }).regex(TEMP_ID, { error: 'invalid_value' }).optional()),
});
export type NewMessageFields = z.input<typeof newMessageFields>;
/** The fields once checked, as the server's chats service takes them. */
export type NewMessage = z.output<typeof newMessageFields>;

/** `PUT /message/{id}/update`: new text (an edit cannot empty a message). */
export const updateMessageBody = z.object({
  message: messageText.min(1, { error: 'message_is_empty' }),
});

/** `POST /message/{id}/emoji`: toggles the viewer's reaction. */
export const emojiBody = z.object({
  emoji: z
    .string({ error: 'emoji_is_empty' })
    .min(1, { error: 'emoji_is_empty' })
    .max(16, { error: 'emoji_is_too_long' })
    .refine((value): value is Emoji => (EMOJIS as readonly string[]).includes(value), { error: 'emoji_not_found' }),
});

/** The role an author's name is coloured by (spec 6): a client's project role, or a staff role. */
export type ChatRole = ProjectRole | 'am' | 'pm' | 'sm' | 'performer';

export interface MessageAuthor extends PersonRef {
  role: ChatRole;
  avatarUrl: string | null;
  color: string;
}

/** A message's attachment (spec 3): served by `endpoints.chats.file`, only to readers of the chat. */
export interface MessageFile {
  id: number;
  name: string;
  extension: string;
  kind: FileKind;
  url: string;
  /** A small webp for raster images; null otherwise. */
  thumb: string | null;
  size: number;
  color: string;
  width: number | null;
  height: number | null;
}

/** Someone who reacted or read: a face in an avatar stack. */
export interface ChatPerson extends PersonRef {
  avatarUrl: string | null;
  color: string;
}

export interface Reaction {
  emoji: Emoji;
  /** In the order they reacted. */
  authors: ChatPerson[];
}

/** The message a reply answers, as the reply shows it (text cut by the browser). */
export interface ParentMessage {
  id: number;
  message: string;
  author: MessageAuthor | null;
  file: MessageFile | null;
  quote: string | null;
  dateCreate: UnixSeconds;
  dateDelete: UnixSeconds | null;
  viewed: boolean;
}

/** What the viewer may do with a message now (spec 6 "Message menu"), decided by the server. */
export interface MessagePermissions {
  update: boolean;
  delete: boolean;
  recovery: boolean;
  /** React, reply and quote: a message with an author, not deleted, in a chat the viewer may write to. */
  react: boolean;
  reply: boolean;
}

/**
 * A chat message (spec 3). `message` is plain text for a person's message (the browser renders it as
 * text and links it); for a system message (`author` null) it is HTML the server sanitised, with
 * `dateDeadline` for the browser to append in bold. A deleted message keeps its id and dates and has
 * empty text, no file and no reactions until it is restored.
 */
export interface ChatMessage {
  id: number;
  chatId: number;
  message: string;
  /** A life-cycle line's key and values, for the reader's language (`message` holds it in uk); null otherwise. */
  systemNote: SystemNote | null;
  author: MessageAuthor | null;
  file: MessageFile | null;
  parentMessage: ParentMessage | null;
  quote: string | null;
  emoji: Reaction[];
  /** The author's temporary id of the send that made it (only answered to its author). */
  tempId: string | null;
  dateCreate: UnixSeconds;
  dateUpdate: UnixSeconds;
  dateDelete: UnixSeconds | null;
  dateDeadline: UnixSeconds | null;
  /** The ends of the windows of decisions 4; null once past or not the viewer's to use. */
  dateUpdateExpires: UnixSeconds | null;
  dateDeleteExpires: UnixSeconds | null;
  dateRecoveryExpires: UnixSeconds | null;
  /** Whether the viewer has seen it (their own messages always). */
  viewed: boolean;
  /** Read receipts: who besides the author has seen it, in the order they read up to it. */
  readers: ChatPerson[];
  can: MessagePermissions;
}

/** A chat as its tab and its list need it. */
export interface ChatState {
  id: number;
  key: ChatKey;
  taskId: number;
  projectId: number;
  /** Messages the viewer has not seen (others' messages after their last viewed one). */
  unreadCount: number;
  /** The viewer's high-water mark: every message up to it is viewed. 0 when none. */
  lastViewedMessageId: number;
  /** Write (send, edit, react): false for guests, clients without a role, archived tasks (spec 6). */
  can: { write: boolean };
}

/**
 * `GET /chat/{id}/messages[/{backFrom}]`: 50 messages, oldest first; the first page is the newest 50,
 * and `/{backFrom}` (the oldest id held) answers the 50 before it. `hasMore`: older ones exist.
 */
export interface MessagesPage {
  list: ChatMessage[];
  hasMore: boolean;
  chat: ChatState;
}

/** Who is expected to answer next in a task (issue 13): from its last messages and its status. */
export type MoveOf = 'client' | 'manager' | 'performer';
export interface WhoseMove {
  who: MoveOf;
  /** Since when that side has had the move: the message (or status change) that handed it over. */
  since: UnixSeconds;
}

/** `GET /task/{id}/chats`: the task's chats the viewer may read, its counters and whose move it is. */
export interface TaskChats {
  taskId: number;
  chats: ChatState[];
  unreadMessageCounters: UnreadCounters;
  whoseMove: WhoseMove | null;
}

/** `POST /message/{id}/viewed`: the chat's and the task's counters after the mark. */
export interface ViewedAnswer {
  chatId: number;
  taskId: number;
  lastViewedMessageId: number;
  unreadCount: number;
  unreadMessageCounters: UnreadCounters;
}
