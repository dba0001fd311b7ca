/**
 * What one unit of work changed (unit-of-work.ts), as the live events need it. The code that writes a
 * row says so here, inside the transaction (`changed.task(…)`, the ledger's `changed.account(…)` for every
 * account it posts to); the dispatcher (dispatch.ts) turns the set into events once the transaction has
 * committed. It is a set: the same change recorded twice (a task updated by two statements, a wallet
 * credited twice in one step) is told once, in the order it was first recorded.
 */
import type { ChatKey, ChatMessage, WhoseMove } from '@negayno/shared/contract';
import type { AccountKind } from '../../db/schema.js';

export interface TaskRef {
  id: number;
  projectId: number;
}

export interface ChatRef {
  id: number;
  key: ChatKey;
  taskId: number;
  projectId: number;
}

/** A ledger account as the money module names it (its kind and owner); only owned wallets and balances are told. */
export interface LedgerAccount {
  kind: AccountKind;
  userId?: number;
  projectId?: number;
  taskId?: number;
}

/** A new message as every reader but its author sees it, so that open chats paint it without reading it. */
export interface MadeMessage {
  message: ChatMessage;
  /** A person's message (a system line has none): who wrote it and whose move it is now, so their own tabs and board read nothing. */
  author?: { id: number; whoseMove: WhoseMove | null };
}

export type Change =
  | { kind: 'task'; task: TaskRef }
  | { kind: 'documents'; task: TaskRef }
  | { kind: 'files'; taskId: number }
  /** `counters`: the chat's unread counters or whose move changed (a message came, went or came back). */
  | { kind: 'message'; chat: ChatRef; messageId: number; counters: boolean; made?: MadeMessage }
  /** `number`: the ledger transaction that changed the account (posted, or settled). */
  | { kind: 'account'; account: LedgerAccount; number: number }
  /** What these people may read changed (a performer taken off a task): their sockets ask the room policy again. */
  | { kind: 'access'; userIds: number[] };

export class Changes {
  private readonly recorded = new Map<string, Change>();

  /** `origin`: the tab whose request made the changes (origin.ts); its task events say so. */
  constructor(readonly origin?: string) {}

  /** The task's row changed: its card and drawer are read again. */
  task(task: TaskRef): void {
    this.add(`task:${task.id}`, { kind: 'task', task });
  }

  /** The task's offer or contract changed. */
  documents(task: TaskRef): void {
    this.add(`documents:${task.id}`, { kind: 'documents', task });
  }

  /** A file of the task came or went. */
  files(taskId: number): void {
    this.add(`files:${taskId}`, { kind: 'files', taskId });
  }

  /**
   * A message of the chat was made or changed; `counters` when that moved the chat's unread counters
   * (made, deleted, restored); `made`, a new message as its readers see it.
   */
  message(chat: ChatRef, messageId: number, counters: boolean, made?: MadeMessage): void {
    const held = this.recorded.get(`message:${messageId}`);
    if (held?.kind !== 'message') return this.add(`message:${messageId}`, { kind: 'message', chat, messageId, counters, ...(made ? { made } : {}) });
    held.counters ||= counters;
    held.made ??= made;
  }

  /** A ledger transaction moved (or settled on) the account. */
  account(account: LedgerAccount, number: number): void {
    this.add(`account:${account.kind}:${account.userId ?? ''}:${account.projectId ?? ''}:${account.taskId ?? ''}:${number}`, {
      kind: 'account',
      account,
      number,
    });
  }

  /** The people lost (or gained) rooms: before anything else is told, their sockets leave what they may no longer read. */
  access(userIds: number[]): void {
    const held = this.recorded.get('access');
    if (held?.kind === 'access') held.userIds = [...new Set([...held.userIds, ...userIds])];
    else if (userIds.length > 0) this.add('access', { kind: 'access', userIds: [...new Set(userIds)] });
  }

  /** Everything recorded, in the order it was first recorded. */
  list(): Change[] {
    return [...this.recorded.values()];
  }

  private add(key: string, change: Change): void {
    if (!this.recorded.has(key)) this.recorded.set(key, change);
  }
}
