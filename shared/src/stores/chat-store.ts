/**
 * The task chats (spec 2 "chat area", 3 "Chat message", "Temporary chat message", "Chat list", 4 "Chat
 * messages", 5 composer). One `ChatStore` per chat holds its messages (oldest first, paged back 50 at a
 * time), its temporary messages, its form (draft, files, reply, quote, edit) and its unread counter;
 * `ChatsStore` (on the root store) holds them per chat id and the tabs of each task.
 *
 * A message is never lost and never sent twice: it is written to IndexedDB before it is sent, sent with
 * its temp id as the idempotency key, and removed from IndexedDB only once the server's message
 * replaces it (or the person cancels). Sends of one chat go one after another, so "text first, then
 * each file" keeps its order. A send that did not reach the server (no network, the server away) is
 * not a failure: it waits, and goes by itself, in order, when the connection returns (issue 33); only a
 * refusal is marked error, with retry and cancel.
 */
import { makeAutoObservable, observable, observableRef, observableShallow, runInAction } from 'mobx';
import { ApiError, call, isOwnEcho, upload } from '@negayno/shared/api';
import {
  endpoints,
  type ChatMessage,
  type ChatPerson,
  type ChatState,
  type Emoji,
  type MessagesPage,
  type ServerEvent,
  type TaskCard,
  type TaskChats,
  type ViewedAnswer,
  ownMessageEvent,
} from '@negayno/shared/contract';
import { settle, type LoadStatus } from './load.js';
import { SharedReads } from './shared-reads.js';
import { fileOf, storeFile, tempMessages, TEMP_MESSAGE_TTL_MS, type TempMessage } from './chat-temp-messages.js';

/** Spec 9: marks of messages scrolled into view go to the server at most every 180 ms. */
export const VIEW_DEBOUNCE_MS = 180;

/** Prefetched tabs at most this old are taken as they are: the card or the drawer read them as it opened. */
export const PREFETCH_REUSE_MS = 3000;

/** The composer's fields (spec 3 "Chat form fields"); reply and edit exclude each other (spec 4). */
export interface ChatForm {
  message: string;
  files: File[];
  parentMessageId: number | null;
  editMessageId: number | null;
  quote: string | null;
}

/** A file the server refused (`file_is_invalid`): shown in place of its temp message, only here (spec 4). */
export interface FileErrorItem {
  id: string;
  name: string;
  createdAt: number;
}

export type ChatItem =
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'temp'; key: string; temp: TempMessage; errorCode: string | null }
  | { kind: 'file-error'; key: string; item: FileErrorItem };

function emptyForm(): ChatForm {
  return { message: '', files: [], parentMessageId: null, editMessageId: null, quote: null };
}

function newTempId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `t${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/** The code kept for a message that waits for the connection: sent again by itself, not marked error. */
export const WAITING_CODE = 'offline';

/** Did the send not reach the server (no network, a timeout, the server away for maintenance)? */
function unreached(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.code === 'maintenance_mode';
}

/** The server's refusal of a file comes as `details.file.code` (spec 8) or as the code itself. */
function isInvalidFile(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'file_is_invalid' || error.fieldError('file')?.code === 'file_is_invalid');
}

export class ChatStore {
  messages: ChatMessage[] = [];
  temps: TempMessage[] = [];
  /** Why a temp failed (an error code), for the ones marked error. */
  tempErrors = new Map<string, string>();
  fileErrors: FileErrorItem[] = [];
  state: ChatState | null = null;
  hasMore = false;
  status: LoadStatus = 'idle';
  olderStatus: LoadStatus = 'idle';
  form: ChatForm = emptyForm();
  /** The first message the viewer had not seen when the chat opened: the list starts there (spec 4). */
  firstUnreadId: number | null = null;

  private queue: Promise<void> = Promise.resolve();
  private readonly sending = new Set<string>();
  private viewedPending = 0;
  private viewedTimer: ReturnType<typeof setTimeout> | null = null;
  private tempsRead = false;
  /**
   * When the newest message was written here. The queue keeps messages in the order of their times, so each
   * one's time comes after the last: two sends within one millisecond kept the same time, and the later one
   * went out ahead of an earlier one waiting for the connection.
   */
  private lastWrittenAt = 0;
  /** The newest page's read under way: a prefetch (the drawer asks as it opens) and the chat view's own open share it. */
  private opening: Promise<void> | null = null;

  constructor(
    readonly chatId: number,
    private readonly me: () => number | null,
    private readonly onCounters: (answer: ViewedAnswer) => void,
  ) {
    makeAutoObservable<ChatStore, 'queue' | 'sending' | 'viewedPending' | 'viewedTimer' | 'tempsRead' | 'lastWrittenAt' | 'opening' | 'me' | 'onCounters'>(
      this,
      {
        queue: false,
        lastWrittenAt: false,
        opening: false,
        sending: false,
        viewedPending: false,
        viewedTimer: false,
        tempsRead: false,
        me: false,
        onCounters: false,
        temps: observableShallow,
        messages: observableShallow,
        form: observableRef,
      },
    );
  }

  get unreadCount(): number {
    return this.state?.unreadCount ?? 0;
  }

  get readOnly(): boolean {
    return this.state !== null && !this.state.can.write;
  }

  /** Server messages, then this browser's temporary ones and refused files, in the order they were made. */
  get items(): ChatItem[] {
    const items: ChatItem[] = this.messages.map((message) => ({ kind: 'message', key: `m${message.id}`, message }));
    const local: Array<{ at: number; item: ChatItem }> = [
      ...this.temps.map((temp) => ({
        at: temp.createdAt,
        item: { kind: 'temp', key: `t${temp.id}`, temp, errorCode: this.tempErrors.get(temp.id) ?? null } as ChatItem,
      })),
      ...this.fileErrors.map((item) => ({ at: item.createdAt, item: { kind: 'file-error', key: `f${item.id}`, item } as ChatItem })),
    ];
    return [...items, ...local.sort((a, b) => a.at - b.at).map((entry) => entry.item)];
  }

  /**
   * Opens the chat: its newest page, then the temporary messages kept in this browser; those stored
   * as sending (a reload, a closed tab) are sent again, with their own temp id, so at most once.
   */
  open(): Promise<void> {
    this.opening ??= this.readNewest().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  /**
   * Reads the newest page again once the chat's room is joined (ChatView): a message made after the
   * first read started and before the join was answered is in neither that read nor the events this tab
   * hears (the join's answer starts the room's numbering here). Not shared with a read under way, which
   * may have started before the join.
   */
  readAfterJoin(): Promise<void> {
    return this.readNewest('joined');
  }

  private async readNewest(pass: 'open' | 'joined' = 'open'): Promise<void> {
    if (this.status !== 'ready') this.status = 'loading';
    const name = pass === 'open' ? `chat-messages-${this.chatId}` : `chat-messages-${this.chatId}-joined`;
    const result = await settle(call(endpoints.chats.messages, { params: { id: this.chatId } }, { name }));
    runInAction(() => {
      if (result.status === 'ready') {
        const first = this.status !== 'ready';
        this.applyPage(result.answer, 'newest');
        if (first) this.firstUnreadId = this.messages.find((message) => !message.viewed)?.id ?? null;
      }
      this.status = result.status;
    });
    if (!this.tempsRead) {
      this.tempsRead = true;
      const stored = await tempMessages.ofChat(this.chatId);
      runInAction(() => {
        const held = new Set(this.temps.map((temp) => temp.id));
        this.temps.push(...stored.filter((temp) => !held.has(temp.id)));
      });
      for (const temp of stored) if (temp.status === 'sending') this.enqueue(temp.id);
    }
  }

  /** The 50 messages before the oldest held ("scroll up"). */
  async loadOlder(): Promise<void> {
    const oldest = this.messages[0];
    if (!oldest || !this.hasMore || this.olderStatus === 'loading') return;
    this.olderStatus = 'loading';
    const result = await settle(
      call(endpoints.chats.messagesFrom, { params: { id: this.chatId, backFrom: oldest.id } }, { name: `chat-messages-${this.chatId}-${oldest.id}` }),
    );
    runInAction(() => {
      if (result.status === 'ready') this.applyPage(result.answer, 'older');
      this.olderStatus = result.status;
    });
  }

  /**
   * `message.update`: someone else's new message comes whole, as its readers see it, and is put in place
   * without a read (what it lets a reader do is kept only if this chat is writable for me); anything
   * else is read again. A message already held is newer than the event of its making (a replay).
   */
  onMessageEvent(event: { messageId: number; madeBy?: number; message?: ChatMessage }): Promise<void> {
    const made = event.message;
    if (made && this.state && event.madeBy !== this.me()) {
      if (!this.messages.some((message) => message.id === made.id)) {
        const write = this.state.can.write;
        this.upsert({ ...made, can: { ...made.can, react: made.can.react && write, reply: made.can.reply && write } });
      }
      return Promise.resolve();
    }
    return this.refreshMessage(event.messageId, event.madeBy);
  }

  /**
   * Reads one message again: a new one is added, a changed one replaced. The event of my own new
   * message finds it held already (the send's answer): nothing to read then.
   */
  async refreshMessage(messageId: number, madeBy?: number): Promise<void> {
    if (madeBy !== undefined && madeBy === this.me() && this.messages.some((message) => message.id === messageId)) return;
    const result = await settle(call(endpoints.chats.message, { params: { id: messageId } }, { name: `chat-message-${messageId}`, quiet: true }));
    if (result.status === 'ready') this.upsert(result.answer);
    else if (result.status === 'gone') runInAction(() => (this.messages = this.messages.filter((message) => message.id !== messageId)));
  }

  /**
   * Someone read the chat up to a message (`chat.read`): they join the receipts of every message up to
   * it but their own, as the latest reader (the server lists readers by when they last read).
   */
  applyRead(messageId: number, reader: ChatPerson): void {
    this.messages = this.messages.map((message) =>
      message.id > messageId || message.author?.id === reader.id
        ? message
        : { ...message, readers: [...message.readers.filter((held) => held.id !== reader.id), reader] },
    );
  }

  /** Adds or replaces a message; the temp message it was made from (same temp id) leaves. */
  upsert(message: ChatMessage): void {
    if (message.chatId !== this.chatId) return;
    const index = this.messages.findIndex((held) => held.id === message.id);
    if (index >= 0) this.messages[index] = message;
    else {
      // Someone else's new message counts as unread until it scrolls into view.
      if (this.state && !message.viewed && message.author?.id !== this.me() && message.id > this.state.lastViewedMessageId) {
        this.state = { ...this.state, unreadCount: this.state.unreadCount + 1 };
      }
      const at = this.messages.findIndex((held) => held.id > message.id);
      if (at < 0) this.messages.push(message);
      else this.messages.splice(at, 0, message);
    }
    if (message.tempId) this.dropTemp(message.tempId);
  }

  // ---- the form ----------------------------------------------------------------------------------

  setText(message: string): void {
    this.form = { ...this.form, message };
  }

  addFiles(files: File[]): void {
    if (this.form.editMessageId !== null || files.length === 0) return;
    this.form = { ...this.form, files: [...this.form.files, ...files] };
  }

  removeFile(index: number): void {
    this.form = { ...this.form, files: this.form.files.filter((_file, at) => at !== index) };
  }

  /** Reply to a message (closes an edit: the banners exclude each other). */
  replyTo(message: ChatMessage, quote: string | null = null): void {
    const wasEditing = this.form.editMessageId !== null;
    this.form = { ...this.form, message: wasEditing ? '' : this.form.message, editMessageId: null, parentMessageId: message.id, quote };
  }

  /** Edit an own message: its text goes into the composer; files cannot be attached meanwhile (spec 4). */
  startEdit(message: ChatMessage): void {
    this.form = { ...emptyForm(), message: message.message, editMessageId: message.id };
  }

  /** Closing a banner clears the reply, the quote and the edit (and the text of an edit). */
  closeBanner(): void {
    const wasEditing = this.form.editMessageId !== null;
    this.form = { ...this.form, message: wasEditing ? '' : this.form.message, parentMessageId: null, editMessageId: null, quote: null };
  }

  get replyingTo(): ChatMessage | null {
    const id = this.form.parentMessageId;
    return id === null ? null : (this.messages.find((message) => message.id === id) ?? null);
  }

  get editing(): ChatMessage | null {
    const id = this.form.editMessageId;
    return id === null ? null : (this.messages.find((message) => message.id === id) ?? null);
  }

  // ---- sending -----------------------------------------------------------------------------------

  /**
   * Sends the form (spec 5): nothing when empty or read-only; an edit only if the text changed; one file
   * carries the text; several files go one message each, the text first as its own message.
   */
  async submit(): Promise<void> {
    if (this.readOnly) return;
    const form = this.form;
    const text = form.message.trim();
    if (form.editMessageId !== null) {
      const editing = this.editing;
      this.form = emptyForm();
      if (editing && text && text !== editing.message) await this.update(editing.id, text);
      return;
    }
    if (!text && form.files.length === 0) return;
    this.form = emptyForm();
    const outgoing: Array<{ message: string; file: File | null }> =
      form.files.length <= 1
        ? [{ message: text, file: form.files[0] ?? null }]
        : [...(text ? [{ message: text, file: null }] : []), ...form.files.map((file) => ({ message: '', file }))];
    const now = Math.max(Date.now(), this.lastWrittenAt + 1);
    this.lastWrittenAt = now + outgoing.length - 1;
    for (const [index, part] of outgoing.entries()) {
      const id = newTempId();
      const temp: TempMessage = {
        id,
        hasTemp: true,
        status: 'sending',
        chatId: this.chatId,
        message: part.message,
        // The reply and the quote go with the first message only.
        parentMessageId: index === 0 ? form.parentMessageId : null,
        quote: index === 0 ? form.quote : null,
        tempFileId: part.file ? id : null,
        file: part.file ? await storeFile(part.file) : null,
        createdAt: now + index,
        expiresAt: now + TEMP_MESSAGE_TTL_MS,
      };
      runInAction(() => this.temps.push(temp));
      await tempMessages.put(temp);
      this.enqueue(id);
    }
    await this.queue;
  }

  /**
   * Sends again, in the order they were written, the messages waiting for the connection (and any left
   * as sending): the socket reconnected, the browser is back online, or the page opened with them kept.
   * Each goes with its own temp id, so the server keeps it once whatever reached it before.
   */
  resendWaiting(): void {
    const waiting = this.temps.filter((temp) => temp.status === 'sending').sort((a, b) => a.createdAt - b.createdAt);
    for (const temp of waiting) this.enqueue(temp.id);
  }

  /** Takes the messages this browser kept for the chat (a page opened with some waiting) and sends those not refused. */
  adopt(stored: TempMessage[]): void {
    const held = new Set(this.temps.map((temp) => temp.id));
    this.temps.push(...stored.filter((temp) => temp.chatId === this.chatId && !held.has(temp.id)));
    this.resendWaiting();
  }

  /** Is this message waiting for the connection (shown as such, sent by itself)? */
  isWaiting(tempId: string): boolean {
    return this.tempErrors.get(tempId) === WAITING_CODE && this.temps.some((temp) => temp.id === tempId && temp.status === 'sending');
  }

  /** Sends a message marked error again, with the same temp id. */
  retry(tempId: string): Promise<void> {
    const temp = this.temps.find((held) => held.id === tempId);
    if (!temp) return Promise.resolve();
    this.replaceTemp({ ...temp, status: 'sending' });
    this.tempErrors.delete(tempId);
    this.enqueue(tempId);
    return this.queue;
  }

  /** "Cancel sending": the temp message leaves the list and the browser's storage. */
  async cancel(tempId: string): Promise<void> {
    this.dropTemp(tempId);
    await tempMessages.remove(this.chatId, tempId);
  }

  dismissFileError(id: string): void {
    this.fileErrors = this.fileErrors.filter((item) => item.id !== id);
  }

  /** Waits for every queued send (tests, and a view that wants to know the queue is empty). */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(tempId: string): void {
    if (this.sending.has(tempId)) return;
    this.sending.add(tempId);
    this.queue = this.queue.then(() => this.deliver(tempId)).finally(() => this.sending.delete(tempId));
  }

  private async deliver(tempId: string): Promise<void> {
    const temp = this.temps.find((held) => held.id === tempId);
    if (!temp || temp.status !== 'sending') return;
    // Order holds: a message written after one that waits for the connection waits behind it.
    if (this.temps.some((held) => held.createdAt < temp.createdAt && this.isWaiting(held.id))) {
      runInAction(() => this.tempErrors.set(temp.id, WAITING_CODE));
      return;
    }
    try {
      const message = await upload(endpoints.chats.newMessage, {
        params: { id: this.chatId },
        fields: { message: temp.message, parentMessageId: temp.parentMessageId ?? undefined, quote: temp.quote || undefined, tempId: temp.id },
        file: temp.file ? fileOf(temp.file) : null,
      });
      runInAction(() => {
        this.dropTemp(temp.id);
        this.upsert(message);
      });
      await tempMessages.remove(this.chatId, temp.id);
    } catch (error) {
      if (isInvalidFile(error)) {
        runInAction(() => {
          this.dropTemp(temp.id);
          this.fileErrors.push({ id: temp.id, name: temp.file?.name ?? '', createdAt: temp.createdAt });
        });
        await tempMessages.remove(this.chatId, temp.id);
        return;
      }
      // Still shown (not replaced meanwhile by a live event)? Then it waits for the connection (kept as
      // sending, so a reload sends it too), or, refused, for retry or cancel.
      const held = this.temps.find((item) => item.id === temp.id);
      if (!held) return;
      if (unreached(error)) {
        runInAction(() => this.tempErrors.set(temp.id, WAITING_CODE));
        return;
      }
      const failed: TempMessage = { ...held, status: 'error' };
      runInAction(() => {
        this.replaceTemp(failed);
        this.tempErrors.set(temp.id, error instanceof ApiError ? error.code : 'offline');
      });
      await tempMessages.put(failed);
    }
  }

  private replaceTemp(temp: TempMessage): void {
    const index = this.temps.findIndex((held) => held.id === temp.id);
    if (index >= 0) this.temps[index] = temp;
  }

  private dropTemp(tempId: string): void {
    const index = this.temps.findIndex((held) => held.id === tempId);
    if (index >= 0) this.temps.splice(index, 1);
    this.tempErrors.delete(tempId);
  }

  // ---- the message menu ----------------------------------------------------------------------------

  update(messageId: number, message: string): Promise<void> {
    return this.act(call(endpoints.chats.update, { params: { id: messageId }, body: { message } }));
  }

  remove(messageId: number): Promise<void> {
    return this.act(call(endpoints.chats.delete, { params: { id: messageId } }));
  }

  restore(messageId: number): Promise<void> {
    return this.act(call(endpoints.chats.recovery, { params: { id: messageId } }));
  }

  toggleEmoji(messageId: number, emoji: Emoji): Promise<void> {
    return this.act(call(endpoints.chats.emoji, { params: { id: messageId }, body: { emoji } }));
  }

  /** A menu action answers the changed message; a refusal is shown by the host's alert. */
  private async act(answer: Promise<ChatMessage>): Promise<void> {
    const result = await settle(answer);
    if (result.status === 'ready') runInAction(() => this.upsert(result.answer));
  }

  // ---- viewed marks --------------------------------------------------------------------------------

  /**
   * A message scrolled into view (spec 4): it and every earlier one count as viewed at once here; the
   * server hears of the latest one after 180 ms of quiet.
   */
  viewed(messageId: number): void {
    const mark = Math.max(this.state?.lastViewedMessageId ?? 0, this.viewedPending);
    if (messageId <= mark) return;
    this.viewedPending = messageId;
    const me = this.me();
    this.messages = this.messages.map((message) => (message.id <= messageId && !message.viewed ? { ...message, viewed: true } : message));
    if (this.state) {
      const unread = this.messages.filter((message) => message.id > messageId && !message.viewed && message.author?.id !== me).length;
      this.state = { ...this.state, unreadCount: Math.min(this.state.unreadCount, unread) };
    }
    if (this.viewedTimer) clearTimeout(this.viewedTimer);
    this.viewedTimer = setTimeout(() => void this.reportViewed(), VIEW_DEBOUNCE_MS);
  }

  private async reportViewed(): Promise<void> {
    this.viewedTimer = null;
    const id = this.viewedPending;
    // The answer holds the new counters for this chat's tab and the card: the mark's echo to this
    // person's tabs is skipped here (appliesAnswer), read by the others.
    const result = await settle(call(endpoints.chats.viewed, { params: { id } }, { quiet: true, appliesAnswer: true }));
    if (result.status !== 'ready') return;
    runInAction(() => {
      const answer = result.answer;
      if (this.state && answer.lastViewedMessageId >= this.state.lastViewedMessageId) {
        this.state = { ...this.state, lastViewedMessageId: answer.lastViewedMessageId, unreadCount: answer.unreadCount };
      }
    });
    this.onCounters(result.answer);
  }

  private applyPage(page: MessagesPage, which: 'newest' | 'older'): void {
    this.state = page.chat;
    const byId = new Map(this.messages.map((message) => [message.id, message] as const));
    for (const message of page.list) byId.set(message.id, message);
    this.messages = [...byId.values()].sort((a, b) => a.id - b.id);
    if (which === 'older' || this.messages.length === page.list.length) this.hasMore = page.hasMore;
    for (const message of page.list) if (message.tempId) this.dropTemp(message.tempId);
  }

  dispose(): void {
    if (this.viewedTimer) clearTimeout(this.viewedTimer);
  }
}

/** The chats of the page, per chat id, and the tabs of each task (`GET /task/{id}/chats`). */
export class ChatsStore {
  private readonly chats = new Map<number, ChatStore>();
  /** Reads of a task's chats, shared by the drawer's prefetch and the chat pane. */
  private readonly reads = new SharedReads<number, LoadStatus>((taskId) => this.readTask(taskId));
  /** When each task's chats were last read: the pane opening right after the drawer's prefetch takes that read. */
  private readonly readAt = new Map<number, number>();
  readonly tasks = observable.map<number, TaskChats>();

  constructor(
    private readonly me: () => number | null,
    private readonly onCounters: (answer: ViewedAnswer) => void = () => undefined,
  ) {
    makeAutoObservable<ChatsStore, 'chats' | 'reads' | 'readAt' | 'me' | 'onCounters'>(this, {
      chats: false,
      reads: false,
      readAt: false,
      me: false,
      onCounters: false,
    });
  }

  chat(chatId: number): ChatStore {
    let chat = this.chats.get(chatId);
    if (!chat) {
      chat = new ChatStore(chatId, this.me, (answer) => this.applyCounters(answer));
      this.chats.set(chatId, chat);
    }
    return chat;
  }

  /** The task's chats the viewer may read, their unread counters and whose move it is. */
  loadTask(taskId: number, options: { reuseWithinMs?: number } = {}): Promise<LoadStatus> {
    const readAt = this.readAt.get(taskId);
    const fresh = readAt !== undefined && options.reuseWithinMs !== undefined && Date.now() - readAt < options.reuseWithinMs;
    if (fresh && this.tasks.has(taskId)) return Promise.resolve('ready');
    return this.reads.read(taskId);
  }

  /**
   * `task.chats.update`: the task's tabs are read again, but for the viewer's own new message, which
   * changed only whose move (the event says) and left its chat read up to it.
   */
  onTaskChats(event: ServerEvent<'task.chats.update'>): Promise<LoadStatus> {
    // A step of this tab handed its answer's tabs here already (applyTaskChats).
    if (isOwnEcho(event, this.me())) return Promise.resolve('ready');
    const own = ownMessageEvent(event, this.me());
    const held = this.tasks.get(event.taskId);
    if (!own || !held) return this.reads.afterChange(event.taskId);
    this.tasks.set(event.taskId, {
      ...held,
      chats: held.chats.map((chat) => (chat.id === event.chatId ? { ...chat, unreadCount: 0 } : chat)),
      unreadMessageCounters: { ...held.unreadMessageCounters, [own.key]: { count: 0 } },
      whoseMove: own.whoseMove,
    });
    return Promise.resolve('ready');
  }

  /** A life-cycle step's answer holds the task's chat tabs as they are after it (issue 32): taken as a read. */
  applyTaskChats(answer: TaskChats): void {
    this.readAt.set(answer.taskId, Date.now());
    this.tasks.set(answer.taskId, answer);
  }

  /**
   * Starts the chat pane's reads from a card, before the drawer is there (the card is pressed) and as
   * it opens, beside the task's own: the card names the chats the viewer may read, so the pane finds its
   * tabs and first page read or on the way (one round trip instead of three one after another). Asked
   * again, it reads nothing new: tabs read within PREFETCH_REUSE_MS are kept, and a chat read once is
   * read again by its view as it opens (after joining its room, so that nothing in between is missed).
   */
  prefetch(card: Pick<TaskCard, 'id' | 'chats'>): void {
    const first = card.chats.main ?? card.chats.work;
    if (first === undefined) return;
    void this.loadTask(card.id, { reuseWithinMs: PREFETCH_REUSE_MS });
    const chat = this.chat(first);
    if (chat.status === 'idle') void chat.open();
  }

  private async readTask(taskId: number): Promise<LoadStatus> {
    const result = await settle(call(endpoints.chats.taskChats, { params: { id: taskId } }, { name: `task-chats-${taskId}`, quiet: true }));
    if (result.status === 'ready') {
      this.readAt.set(taskId, Date.now());
      runInAction(() => this.tasks.set(taskId, result.answer));
    }
    return result.status;
  }

  /** The connection is back (the socket reconnected, the browser went online): every chat sends what waits. */
  resendWaiting(): void {
    for (const chat of this.chats.values()) chat.resendWaiting();
  }

  /** The page opened signed in: the messages kept unsent in this browser, of any chat, go now, not when their chat is opened. */
  async resumeStored(): Promise<void> {
    const byChat = new Map<number, TempMessage[]>();
    for (const temp of await tempMessages.all()) byChat.set(temp.chatId, [...(byChat.get(temp.chatId) ?? []), temp]);
    runInAction(() => {
      for (const [chatId, kept] of byChat) if (kept.some((temp) => temp.status === 'sending')) this.chat(chatId).adopt(kept);
    });
  }

  /** A viewed mark's answer: the tab's counter and the task's (for its card). */
  private applyCounters(answer: ViewedAnswer): void {
    const task = this.tasks.get(answer.taskId);
    if (task) {
      this.tasks.set(answer.taskId, {
        ...task,
        unreadMessageCounters: answer.unreadMessageCounters,
        chats: task.chats.map((chat) =>
          chat.id === answer.chatId ? { ...chat, unreadCount: answer.unreadCount, lastViewedMessageId: answer.lastViewedMessageId } : chat,
        ),
      });
    }
    this.onCounters(answer);
  }

  clear(): void {
    for (const chat of this.chats.values()) chat.dispose();
    this.chats.clear();
    this.tasks.clear();
    this.readAt.clear();
  }
}
