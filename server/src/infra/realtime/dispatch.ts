/**
 * The one place where what a committed unit of work changed becomes live events (their names and
 * payloads are the ones the browser listens to, shared/src/contract/socket-events.ts). Realtime numbers
 * and logs each event before sending it (event-log.ts), so a browser that was away catches up.
 */
import { rooms, type CarriedPosting } from '@negayno/shared/contract';
import type { Change, Changes, LedgerAccount } from './changes.js';
import type { Realtime } from './realtime.js';

export interface ChangeDispatcher {
  /** Called once the unit's transaction committed; never throws (the change is made whatever happens to its events). */
  dispatch(changes: Changes): Promise<void>;
}

/** What the dispatcher asks of the modules (infra imports none). */
export interface DispatchLookups {
  /** Who holds a project's balance (its administrators). */
  balanceOwnersOf(projectId: number): Promise<number[]>;
  /** A ledger transaction's row on an account as each viewer sees it, with the balance (money's `Statements.postedRows`). */
  postedRows(account: LedgerAccount, number: number, viewerIds: number[]): Promise<Map<number, CarriedPosting>>;
}

/** What each account change carries, per receiver. */
type Carried = Map<Extract<Change, { kind: 'account' }>, Map<number, CarriedPosting>>;

export class LiveDispatcher implements ChangeDispatcher {
  constructor(
    private readonly realtime: Pick<Realtime, 'emitToRooms' | 'emitToUser' | 'recheckRooms'>,
    private readonly lookups: DispatchLookups,
    private readonly onError: (error: unknown) => void,
  ) {}

  async dispatch(changes: Changes): Promise<void> {
    try {
      // Taken as the commit is told, before the reads below: a task's `dateUpdate` is the second of its
      // change (the row's `updated_at`), not a second later when the wallets' rows took a while to read.
      const dateUpdate = Math.floor(Date.now() / 1000);
      const list = changes.list();
      // Read first, then emit in one go: the events leave in the order the changes were recorded.
      const owners = await this.balanceOwnersOf(list);
      const carried = await this.postedRowsOf(list, owners);
      // Rooms first (issue 35 H5b): a performer taken off a task must not hear this step's own events.
      for (const change of list) if (change.kind === 'access') await this.realtime.recheckRooms(change.userIds);
      // The acting tab skips the task events of its own step: its answer holds their result (origin.ts).
      const origin = changes.origin ? { origin: changes.origin } : {};
      // A task's `task.update` stands for its documents too (the readers of one read the other): a unit
      // that changed both tells one event, and a watching tab reads the life cycle once (issue 32).
      const toldTasks = new Set(list.flatMap((change) => (change.kind === 'task' ? [change.task.id] : [])));
      for (const change of list) {
        if (change.kind === 'documents' && toldTasks.has(change.task.id)) continue;
        this.emit(change, { owners, carried, dateUpdate, origin });
      }
    } catch (error) {
      this.onError(error);
    }
  }

  private async balanceOwnersOf(list: Change[]): Promise<Map<number, number[]>> {
    const projectIds = new Set(list.flatMap((change) => (change.kind === 'account' && change.account.kind === 'project' ? [change.account.projectId!] : [])));
    const owners = new Map<number, number[]>();
    for (const projectId of projectIds) owners.set(projectId, await this.lookups.balanceOwnersOf(projectId));
    return owners;
  }

  /**
   * The rows the wallets concerned paint without a read (issue 32). A row that cannot be read is not
   * carried (the wallet then reads it, as it would have), and does not stop the events.
   */
  private async postedRowsOf(list: Change[], owners: Map<number, number[]>): Promise<Carried> {
    const carried: Carried = new Map();
    for (const change of list) {
      if (change.kind !== 'account') continue;
      const receivers = receiversOf(change.account, owners);
      if (receivers.length === 0) continue;
      try {
        carried.set(change, await this.lookups.postedRows(change.account, change.number, receivers));
      } catch (error) {
        this.onError(error);
      }
    }
    return carried;
  }

  private emit(change: Change, context: { owners: Map<number, number[]>; carried: Carried; dateUpdate: number; origin: { origin?: string } }): void {
    switch (change.kind) {
      case 'task': {
        const { id: taskId, projectId } = change.task;
        this.realtime.emitToRooms([rooms.project(projectId), rooms.task(taskId)], 'task.update', {
          taskId,
          projectId,
          dateUpdate: context.dateUpdate,
          ...context.origin,
        });
        return;
      }
      case 'documents':
        this.realtime.emitToRooms([rooms.project(change.task.projectId), rooms.task(change.task.id)], 'task.documents.update', {
          taskId: change.task.id,
          ...context.origin,
        });
        return;
      case 'files':
        this.realtime.emitToRooms([rooms.task(change.taskId)], 'task.files.update', { taskId: change.taskId });
        return;
      case 'message':
        return this.emitMessage(change, context.origin);
      case 'account':
        return this.emitAccount(change, context.owners, context.carried.get(change));
      case 'access':
        return; // Done before any event (dispatch).
    }
  }

  /**
   * The chat's readers take a new message as it is, or read a changed one again; with `counters`,
   * boards and chat tabs hear that the task's counters moved. The event of a person's new message says
   * who wrote it, in which chat and whose move it is now: for its author nothing else changed.
   */
  private emitMessage({ chat, messageId, counters, made }: Extract<Change, { kind: 'message' }>, origin: { origin?: string }): void {
    const chatId = chat.id;
    const author = made?.author;
    this.realtime.emitToRooms(
      [rooms.chat(chatId)],
      'message.update',
      made ? { messageId, chatId, ...(author ? { madeBy: author.id } : {}), message: made.message } : { messageId, chatId },
    );
    if (!counters) return;
    this.realtime.emitToRooms(
      [rooms.project(chat.projectId), rooms.task(chat.taskId)],
      'task.chats.update',
      author
        ? { taskId: chat.taskId, chatId, madeBy: author.id, key: chat.key, whoseMove: author.whoseMove, ...origin }
        : { taskId: chat.taskId, chatId, ...origin },
    );
  }

  /** Only the owners of an account see it: a user's wallet and bonus in their own room, a project balance in its administrators'. */
  private emitAccount({ account, number }: Extract<Change, { kind: 'account' }>, owners: Map<number, number[]>, carried?: Map<number, CarriedPosting>): void {
    const withRow = (userId: number) => {
      const posted = carried?.get(userId);
      return posted ? { posted } : {};
    };
    for (const userId of receiversOf(account, owners)) {
      if (account.kind === 'user_wallet') this.realtime.emitToUser(userId, 'user.transaction.update', { number, ...withRow(userId) });
      if (account.kind === 'user_bonus') this.realtime.emitToUser(userId, 'user.bonus.transaction.update', { number, ...withRow(userId) });
      if (account.kind === 'project')
        this.realtime.emitToUser(userId, 'project.transaction.update', { projectId: account.projectId!, number, ...withRow(userId) });
    }
  }
}

/** Who is told of a posting to an account: the owner of a wallet or bonus, a project balance's administrators; nobody for the others. */
function receiversOf(account: LedgerAccount, owners: Map<number, number[]>): number[] {
  if ((account.kind === 'user_wallet' || account.kind === 'user_bonus') && account.userId !== undefined) return [account.userId];
  if (account.kind === 'project' && account.projectId !== undefined) return owners.get(account.projectId) ?? [];
  return [];
}

/** A process without a socket server (the operator's tool, the seeds): nobody to tell here; open pages catch up on their next read. */
export const NO_LISTENERS: ChangeDispatcher = { dispatch: () => Promise.resolve() };
