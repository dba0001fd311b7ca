/**
 * The task chats (spec 7 "Chat", decisions 4): reading pages of 50, sending (idempotent by the browser's
 * temporary id), editing, deleting and restoring within their windows, reactions, viewed marks, unread
 * counters, read receipts and whose move. Every call asks first whether the viewer may see the task and
 * read the chat (an unreadable chat is answered as one that does not exist) and, for a change, write.
 * Every change is a unit of work that records the message it changed; once committed the dispatcher
 * sends `message.update` to the chat's room and, when the counters or the move changed,
 * `task.chats.update` to the task's and project's rooms. A viewed mark is told to the chat's readers
 * and the reader's own tabs directly (`chat.read`): it changes nobody's data but theirs.
 */
import {
  PAGE_SIZE,
  rooms,
  type ChatMessage,
  type ChatState,
  type Emoji,
  type MessagesPage,
  type TaskChats,
  type UnreadCounters,
  type NewMessage,
  type ViewedAnswer,
  type WhoseMove,
} from '@negayno/shared/contract';
import type { ChatRef as LiveChat } from '../../infra/realtime/changes.js';
import type { UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import { originField } from '../../infra/realtime/origin.js';
import type { Db } from '../../db/connection.js';
import { violatedUnique } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { Realtime } from '../../infra/realtime/realtime.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { FilesService, ServedFile, StoredUpload } from '../files/index.js';
import type { Notifier } from '../notifications/index.js';
import type { ProjectAccess } from '../projects/index.js';
import { findUserById } from '../users/index.js';
import { chatFactsOf, readableChatKeys, taskAudience, whoseMoveOf, type TasksService } from '../tasks/index.js';
import { canReadChatKey, canWriteChat, refusalOf } from './policy.js';
import { forOtherReaders, toChatMessage, toChatPerson, type PageContext } from './presenters.js';
import {
  chatsOfTask,
  fileOf,
  filesOf,
  findByTempId,
  findChat,
  findMessage,
  insertMessage,
  insertMessageFile,
  markViewedUpTo,
  messagePage,
  messagesByIds,
  reactionsOf,
  readsOf,
  setDeleted,
  toggleReaction,
  unreadOf,
  updateMessageText,
  type ChatRef,
  type MessageRef,
  type MessageRow,
} from './repo.js';

/** A chat the viewer may read, with what decides the rest. */
interface OpenChat {
  chat: ChatRef;
  projectId: number;
  access: ProjectAccess;
  write: boolean;
}

export class ChatsService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly tasks: TasksService,
    private readonly files: FilesService,
    private readonly realtime: Realtime,
    private readonly notifications: Notifier,
  ) {}

  /** The socket room policy and the events catch-up ask this for `chat:{id}`. */
  async canRead(user: AuthUser, chatId: number): Promise<boolean> {
    return (await this.open(user, chatId)) !== null;
  }

  /** A page of 50, oldest first: the newest without `backFrom`, else the 50 before that message of this chat. */
  async page(user: AuthUser, chatId: number, backFrom?: number): Promise<MessagesPage> {
    const open = await this.readable(user, chatId);
    if (backFrom !== undefined) {
      const anchor = await findMessage(this.db, backFrom);
      if (!anchor || anchor.chat_id !== chatId) throw new AppError('backFrom_not_found');
    }
    const rows = await messagePage(this.db, open.projectId, chatId, PAGE_SIZE.messages, backFrom);
    const hasMore = rows.length > PAGE_SIZE.messages;
    const list = rows.slice(0, PAGE_SIZE.messages).reverse();
    const [state] = await this.statesOf(user, [open]);
    return { list: await this.present(user, open, list), hasMore, chat: state! };
  }

  async message(user: AuthUser, messageId: number): Promise<ChatMessage> {
    const { open } = await this.readableMessage(user, messageId);
    return this.presentOne(user, open, messageId);
  }

  /** Asked before the body of a new message is read: nobody streams a file at a chat they may not write to. */
  async writable(user: AuthUser, chatId: number): Promise<OpenChat> {
    const open = await this.readable(user, chatId);
    if (!open.write) throw new AppError('access_denied');
    return open;
  }

  /**
   * A new message from the multipart fields (and the file, already checked and stored by the files
   * module). The same `tempId` from the same author in the same chat answers the message it made.
   */
  /** A new message of checked fields (`newMessageFields`) and a file `FilesService.receive` stored, if any. */
  async send(user: AuthUser, chatId: number, fields: NewMessage, file: StoredUpload | null): Promise<ChatMessage> {
    const open = await this.writable(user, chatId);
    if (fields.message === '' && !file) throw new AppError('message_is_empty', { message: 'message_is_empty' });
    if (fields.tempId) {
      const made = await findByTempId(this.db, chatId, user.id, fields.tempId);
      if (made) {
        if (file) await this.files.discard(file);
        // A retry: the first send's process may have died between its commit and logging the event
        // (issue 18), so the readers hear of the message again; re-reading it twice is harmless.
        await this.units.retell((changed) => changed.message(liveChatOf(open), made.id, false));
        return this.presentOne(user, open, made.id);
      }
    }
    if (fields.parentMessageId !== undefined) {
      const parent = await findMessage(this.db, fields.parentMessageId);
      if (!parent || parent.chat_id !== chatId || parent.deleted_at !== null)
        throw new AppError('parentMessageId_not_found', { parentMessageId: 'parentMessageId_not_found' });
    }
    let made: ChatMessage;
    try {
      made = await this.units.run(async ({ trx, changed }) => {
        const id = await insertMessage(trx, {
          chatId,
          authorId: user.id,
          body: fields.message,
          parentId: fields.parentMessageId ?? null,
          quote: fields.quote ?? null,
          tempId: fields.tempId ?? null,
        });
        if (file) await insertMessageFile(trx, { message_id: id, ...file });
        // The author has seen their own message and everything before it.
        await markViewedUpTo(trx, chatId, user.id, id);
        const message = await this.presentOne(user, open, id, trx);
        // The readers hear of it with the message itself: they paint it without reading it again.
        changed.message(liveChatOf(open), id, true, {
          message: forOtherReaders(message),
          author: { id: user.id, whoseMove: await this.moveOf(open.chat.task_id, trx) },
        });
        return message;
      });
    } catch (error) {
      // Two sends of one temporary message at once: the second finds the first's.
      if (fields.tempId && violatedUnique(error) === 'messages_temp_id_key') {
        const first = await findByTempId(this.db, chatId, user.id, fields.tempId);
        if (file) await this.files.discard(file);
        if (first) return this.presentOne(user, open, first.id);
      }
      throw error;
    }
    const messageId = made.id;
    // The notifications of those away follow in their own transaction (a crash in between loses a
    // notification, never the message, and the readers do not wait for it).
    // Who has the chat open is asked of every server process before the transaction: waiting on a
    // process that just died must not hold a database connection meanwhile (issue 18).
    const present = await this.realtime.usersIn(rooms.chat(open.chat.id));
    await this.db.transaction().execute((trx) => this.notifyAbsent(trx, user, open, messageId, present));
    return made;
  }

  async update(user: AuthUser, messageId: number, text: string): Promise<ChatMessage> {
    const { open, message } = await this.ownChange(user, messageId, 'update');
    if (text !== message.body) await this.change(open, messageId, false, (trx) => updateMessageText(trx, messageId, text));
    return this.presentOne(user, open, messageId);
  }

  async delete(user: AuthUser, messageId: number): Promise<ChatMessage> {
    const { open } = await this.ownChange(user, messageId, 'delete');
    await this.change(open, messageId, true, (trx) => setDeleted(trx, messageId, new Date()));
    return this.presentOne(user, open, messageId);
  }

  async recovery(user: AuthUser, messageId: number): Promise<ChatMessage> {
    const { open } = await this.ownChange(user, messageId, 'recovery');
    await this.change(open, messageId, true, (trx) => setDeleted(trx, messageId, null));
    return this.presentOne(user, open, messageId);
  }

  /** Toggles the viewer's reaction on a live message of someone (system messages take none). */
  async emoji(user: AuthUser, messageId: number, emoji: Emoji): Promise<ChatMessage> {
    const { open, message } = await this.readableMessage(user, messageId);
    if (!open.write) throw new AppError('access_denied');
    if (message.author_id === null || message.deleted_at !== null) throw new AppError('method_not_allowed');
    await this.change(open, messageId, false, (trx) => toggleReaction(trx, messageId, user.id, emoji));
    return this.presentOne(user, open, messageId);
  }

  /** Marks the message and every earlier one of its chat as viewed; the mark never moves back. */
  async viewed(user: AuthUser, messageId: number): Promise<ViewedAnswer> {
    const { open } = await this.readableMessage(user, messageId);
    const moved = await markViewedUpTo(this.db, open.chat.id, user.id, messageId);
    if (moved) {
      // The readers of the chat add this person to their receipts from the event alone.
      const reader = await findUserById(this.db, user.id);
      if (reader) {
        this.realtime.emitToRooms([rooms.chat(open.chat.id)], 'chat.read', {
          chatId: open.chat.id,
          taskId: open.chat.task_id,
          userId: user.id,
          messageId,
          reader: toChatPerson(reader),
        });
      }
      // The reader's other tabs and boards: their counters changed. The reading tab took them from the
      // answer and skips this, its own echo (origin.ts).
      this.realtime.emitToUser(user.id, 'task.chats.update', { taskId: open.chat.task_id, chatId: open.chat.id, ...originField() });
    }
    const chats = await this.readableChatsOf(user, open.chat.task_id);
    const states = await this.statesOf(user, chats);
    const state = states.find((entry) => entry.id === open.chat.id)!;
    return {
      chatId: state.id,
      taskId: state.taskId,
      lastViewedMessageId: state.lastViewedMessageId,
      unreadCount: state.unreadCount,
      unreadMessageCounters: countersOf(states),
    };
  }

  /** The task's chats the viewer may read, with the counters and whose move it is. */
  async taskChats(user: AuthUser, taskId: number): Promise<TaskChats> {
    const chats = await this.readableChatsOf(user, taskId);
    const states = await this.statesOf(user, chats);
    return { taskId, chats: states, unreadMessageCounters: countersOf(states), whoseMove: await this.moveOf(taskId) };
  }

  async whoseMove(user: AuthUser, taskId: number): Promise<WhoseMove | null> {
    if (!(await this.tasks.canSee(user, taskId))) throw new AppError('task_not_found');
    return this.moveOf(taskId);
  }

  /** The bytes of a message's file for a reader of its chat; anyone else hears file_not_found. */
  async file(user: AuthUser, messageId: number, variant: 'content' | 'thumb'): Promise<ServedFile> {
    const message = await findMessage(this.db, messageId);
    const open = message ? await this.open(user, message.chat_id) : null;
    const stored = open && message!.deleted_at === null ? await fileOf(this.db, messageId) : undefined;
    if (!stored) throw new AppError('file_not_found');
    return this.files.serve(stored, variant);
  }

  private async moveOf(taskId: number, db: Db = this.db): Promise<WhoseMove | null> {
    const [facts] = await chatFactsOf(db, { taskId });
    return facts ? whoseMoveOf(facts) : null;
  }

  private async open(user: AuthUser, chatId: number): Promise<OpenChat | null> {
    const chat = await findChat(this.db, chatId);
    if (!chat || !canReadChatKey(user, chat.key)) return null;
    const found = await this.tasks.findVisible(user, chat.task_id);
    if (!found) return null;
    return { chat, projectId: found.task.project_id, access: found.access, write: canWriteChat(user, found.access, found.task) };
  }

  private async readable(user: AuthUser, chatId: number): Promise<OpenChat> {
    const open = await this.open(user, chatId);
    if (!open) throw new AppError('chat_not_found');
    return open;
  }

  private async readableMessage(user: AuthUser, messageId: number): Promise<{ open: OpenChat; message: MessageRef }> {
    const message = await findMessage(this.db, messageId);
    const open = message ? await this.open(user, message.chat_id) : null;
    if (!message || !open) throw new AppError('message_not_found');
    return { open, message };
  }

  /** An edit, a delete or a restore: the viewer's own message, inside its window (403 another's, 409 past it). */
  private async ownChange(user: AuthUser, messageId: number, window: 'update' | 'delete' | 'recovery') {
    const { open, message } = await this.readableMessage(user, messageId);
    const facts = { authorId: message.author_id, hasText: message.body.trim() !== '', createdAt: message.created_at, deletedAt: message.deleted_at };
    const refusal = refusalOf(user, facts, open.write, window, new Date());
    if (refusal) throw new AppError(refusal);
    return { open, message };
  }

  private async readableChatsOf(user: AuthUser, taskId: number): Promise<OpenChat[]> {
    const found = await this.tasks.findVisible(user, taskId);
    if (!found) throw new AppError('task_not_found');
    const write = canWriteChat(user, found.access, found.task);
    const keys = readableChatKeys(user);
    return (await chatsOfTask(this.db, taskId))
      .filter((chat) => keys.includes(chat.key))
      .map((chat) => ({ chat, projectId: found.task.project_id, access: found.access, write }));
  }

  private async statesOf(user: AuthUser, chats: OpenChat[]): Promise<ChatState[]> {
    const unread = new Map(
      (
        await unreadOf(
          this.db,
          chats.map((open) => open.chat.id),
          user.id,
        )
      ).map((row) => [row.chatId, row]),
    );
    return chats.map((open) => ({
      id: open.chat.id,
      key: open.chat.key,
      taskId: open.chat.task_id,
      projectId: open.projectId,
      unreadCount: unread.get(open.chat.id)?.unread ?? 0,
      lastViewedMessageId: unread.get(open.chat.id)?.lastViewed ?? 0,
      can: { write: open.write },
    }));
  }

  /** One message as the viewer sees it; `db` is a unit's transaction when it is presented before its commit. */
  private async presentOne(user: AuthUser, open: OpenChat, messageId: number, db: Db = this.db): Promise<ChatMessage> {
    const [row] = await messagesByIds(db, open.projectId, [messageId]);
    if (!row) throw new AppError('message_not_found');
    const [message] = await this.present(user, open, [row], db);
    return message!;
  }

  /** The messages with everything they show, in a fixed number of queries whatever their count. */
  private async present(user: AuthUser, open: OpenChat, rows: MessageRow[], db: Db = this.db): Promise<ChatMessage[]> {
    const parentIds = [...new Set(rows.flatMap((row) => (row.parent_id === null ? [] : [row.parent_id])))];
    const [parents, reactions, reads] = await Promise.all([
      messagesByIds(db, open.projectId, parentIds),
      reactionsOf(
        db,
        rows.map((row) => row.id),
      ),
      readsOf(db, open.chat.id),
    ]);
    const files = await filesOf(db, [...rows.map((row) => row.id), ...parentIds]);
    const reactionMap: PageContext['reactions'] = new Map();
    for (const reaction of reactions) {
      const list = reactionMap.get(reaction.message_id) ?? [];
      list.push({ emoji: reaction.emoji, person: toChatPerson(reaction) });
      reactionMap.set(reaction.message_id, list);
    }
    const context: PageContext = {
      viewer: user,
      write: open.write,
      now: new Date(),
      files: new Map(files.map((file) => [file.message_id, file])),
      parents: new Map(parents.map((parent) => [parent.id, parent])),
      reactions: reactionMap,
      reads,
      // The viewer's mark is among the chat's reads (a mark at 0 is no read).
      lastViewed: reads.find((read) => read.user_id === user.id)?.last_viewed_message_id ?? 0,
    };
    return rows.map((row) => toChatMessage(row, context));
  }

  /**
   * Issue 14: the people who may read the chat and do not have it open now hear of a new message (the
   * task's participants, or its project's members with notifyAllTasks, as for every task event).
   */
  private async notifyAbsent(trx: Db, author: AuthUser, open: OpenChat, messageId: number, present: Set<number>): Promise<void> {
    const audience = await taskAudience.ofTask(trx, open.chat.task_id);
    if (!audience) return;
    const candidates = audience.recipients.filter((id) => id !== author.id && !present.has(id));
    if (candidates.length === 0) return;
    const roles = await trx.selectFrom('users').select(['id', 'role', 'email']).where('id', 'in', candidates).execute();
    const readers = roles.filter((person) => canReadChatKey(person, open.chat.key)).map((person) => person.id);
    if (readers.length === 0) return;
    await this.notifications.notify(trx, { kind: 'chat_message', actorId: author.id, taskId: open.chat.task_id, userIds: readers, payload: { messageId } });
  }

  /** One change of a message, as a unit of work that records it. */
  private async change(open: OpenChat, messageId: number, counters: boolean, write: (trx: Db) => Promise<unknown>): Promise<void> {
    await this.units.run(async ({ trx, changed }) => {
      await write(trx);
      changed.message(liveChatOf(open), messageId, counters);
    });
  }
}

function liveChatOf(open: OpenChat): LiveChat {
  return { id: open.chat.id, key: open.chat.key, taskId: open.chat.task_id, projectId: open.projectId };
}

function countersOf(states: ChatState[]): UnreadCounters {
  const counters: UnreadCounters = { main: { count: 0 }, work: { count: 0 } };
  for (const state of states) counters[state.key] = { count: state.unreadCount };
  return counters;
}
