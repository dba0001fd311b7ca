/**
 * Live events (spec 7 "Live events") and the rooms they go to. No event is lost: every event that
 * carries data is written to the server's event log with a sequence number per room (`seq`, one entry
 * per room it went to), and a browser that missed some (a reconnect, a gap in the numbers) asks
 * `GET /api/events?room=…&after=N` for them. Applying an event twice is harmless: each one names what
 * changed and the browser reads it again, or (a new message) carries it whole and the browser puts it in
 * place by its id.
 */
import { z } from 'zod';
import type { ChatMessage, ChatPerson, WhoseMove } from './chats.js';
import type { ChatKey } from './enums.js';
import type { UnixSeconds } from './entities.js';
import type { CarriedPosting } from './money.js';
import { MAX_ID } from './limits.js';

export type RoomName = `project:${number}` | `task:${number}` | `chat:${number}` | `user:${number}`;

/** The sequence number of the event in each room it was sent to. */
export type RoomSeqs = Partial<Record<RoomName, number>>;
/** What every logged event carries beside its own fields (absent only on events sent outside the log). */
export type Sequenced<Payload> = Payload & { seq?: RoomSeqs };

/** The events and their payloads, as written to the log (the log replays these payloads). */
export interface LiveEventPayloads {
  /** `posted`: the row and the balance after it, as the receiver sees them (absent when they could not be read). */
  'user.transaction.update': { number: number; posted?: CarriedPosting };
  'user.bonus.transaction.update': { number: number; posted?: CarriedPosting };
  'project.transaction.update': { projectId: number; number: number; posted?: CarriedPosting };
  'project.update': { projectId: number; deleted?: boolean };
  /**
   * `origin` (on these two and `task.chats.update`): the tab whose step made the change names itself in
   * its call (`X-Negayno-Origin`) and applies the call's answer instead: that tab skips these events.
   */
  /** The task changed, and maybe its documents with it (one event for both: read the task's documents again too). */
  'task.update': { taskId: number; projectId: number; dateUpdate: number; origin?: string };
  /** Only the task's documents changed (an offer edited): its life cycle is read again, not the task. */
  'task.documents.update': { taskId: number; origin?: string };
  'task.files.update': { taskId: number };
  /**
   * A message was made, edited, deleted, restored or reacted to: read it again (`GET /message/{id}`).
   * The event of a message's making sets `madeBy` (its author's tabs already hold the answer of the
   * send, or read it) and carries the `message` as anyone but its author sees it, with `can.react` and
   * `can.reply` as for a reader who writes: other readers take it as is (keeping those two only if
   * their chat's `can.write`) and read nothing.
   */
  'message.update': { messageId: number; chatId: number; madeBy?: number; message?: ChatMessage };
  /**
   * Someone read a chat up to a message: readers of the chat add them to the read receipts of every
   * message up to it; the reader's other tabs take the counters from `GET /task/{id}/chats`.
   */
  'chat.read': { chatId: number; taskId: number; userId: number; messageId: number; reader: ChatPerson };
  /**
   * A task's chats changed (a new message): boards refetch the card and panes the tabs (unread
   * counters, whose move). The event of a person's message says who wrote it (`madeBy`), in which chat
   * (`key`) and whose move it is now: for its author nothing else changed (their own message is not
   * unread, and it marked the chat read up to it), so the author's board and pane read nothing.
   */
  'task.chats.update': { taskId: number; chatId: number; madeBy?: number; key?: ChatKey; whoseMove?: WhoseMove | null; origin?: string };
  'notification.new': { id: number };
}

/**
 * What the event of the viewer's own new message says (`task.chats.update` with `madeBy` = me): the
 * chat it went to and whose move it is now. Null for anyone else's message and for other changes.
 */
export function ownMessageEvent(event: LiveEventPayloads['task.chats.update'], me: number | null): { key: ChatKey; whoseMove: WhoseMove | null } | null {
  if (me === null || event.madeBy !== me || event.key === undefined || event.whoseMove === undefined) return null;
  return { key: event.key, whoseMove: event.whoseMove };
}

export type LoggedEventName = keyof LiveEventPayloads;

type Handlers = { [Name in LoggedEventName]: (payload: Sequenced<LiveEventPayloads[Name]>) => void };

export interface ServerToClientEvents extends Handlers {
  /**
   * Sent once a socket is in: its user room and that room's current sequence number, so events of the
   * user room missed before the next reconnect can be asked for (the other rooms answer it on `join`).
   */
  'live.hello': (payload: { room: RoomName; seq: number }) => void;
  'session.end': () => void;
  /**
   * The process is stopping (a deploy, issue 18): the connection closes right after, and the client
   * reconnects on its own (to another process) in about `reconnectInMs`, catching up from the log.
   */
  'server.closing': (payload: { reconnectInMs: number }) => void;
}

export type ServerEventName = keyof ServerToClientEvents;

/** The payload of a live event, for handlers written apart from `socket.on` (stores, hooks). */
export type ServerEvent<Name extends ServerEventName> = Parameters<ServerToClientEvents[Name]>[0];

/** The answer to a `join`: whether the policy allowed it and, if so, the room's current sequence number. */
export interface JoinResult {
  ok: boolean;
  seq?: number;
}

export interface ClientToServerEvents {
  /** Ask to join a room; the answer says whether the server's policy allowed it. */
  join: (room: RoomName, ack: (result: JoinResult) => void) => void;
  leave: (room: RoomName) => void;
}

export const rooms = {
  user: (id: number): RoomName => `user:${id}`,
  project: (id: number): RoomName => `project:${id}`,
  task: (id: number): RoomName => `task:${id}`,
  chat: (id: number): RoomName => `chat:${id}`,
};

export function parseRoom(room: string): { kind: 'project' | 'task' | 'chat' | 'user'; id: number } | null {
  const match = /^(project|task|chat|user):(\d+)$/.exec(room);
  if (!match) return null;
  const id = Number(match[2]);
  if (id < 1 || id > MAX_ID) return null;
  return { kind: match[1] as 'project' | 'task' | 'chat' | 'user', id };
}

/**
 * The longest wait between two reconnect attempts of a client (socket.io's default is 5 s): when a
 * server process dies or restarts (issue 18) a page is back on another one within a couple of seconds.
 */
export const SOCKET_RECONNECT_DELAY_MAX_MS = 2_000;

/** At most this many events answer one catch-up; a browser further behind reloads instead (`resync`). */
export const EVENTS_PAGE_MAX = 500;

/** `GET /events?room=…&after=N`: the room (policy-checked like a join) and the last seq the browser has. */
export const eventsQuery = z.object({
  room: z
    .string({ error: 'invalid_value' })
    .max(40, { error: 'invalid_value' })
    .refine((value) => parseRoom(value) !== null, { error: 'invalid_value' })
    .transform((value) => value as RoomName),
  after: z.coerce
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(0, { error: 'invalid_value' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'invalid_value' }),
});

/** One logged event as the catch-up answers it. */
export interface LoggedEvent<Name extends LoggedEventName = LoggedEventName> {
  seq: number;
  name: Name;
  payload: LiveEventPayloads[Name];
  date: UnixSeconds;
}

/**
 * The catch-up's answer: the events of the room after `after`, oldest first, and `last`, the room's
 * current number. `resync`: the log no longer holds all of them (kept for a limited time) or there are
 * more than EVENTS_PAGE_MAX; the browser then reloads what it shows instead of replaying.
 */
export interface EventsPage {
  room: RoomName;
  events: LoggedEvent[];
  last: number;
  resync: boolean;
}
