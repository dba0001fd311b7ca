/**
 * The stores of the screens after sign-in: the projects, the board and the chats, and the classes of a
 * task's life cycle and of the archive. `@negayno/shared/work-stores` is a shared singleton of its own,
 * apart from the root store, so a signed-out page never loads them (issue 17: 6 kB gzip of the login
 * page); the host asks for them as a session starts (system/sign-in-prefetch.ts), and every remote
 * that imports them holds this same instance. They follow the root store's session: what they hold
 * is dropped when it ends.
 */
import { onConnected } from '@negayno/shared/api';
import { rootStore, type SessionStore } from '@negayno/shared/stores';
import { reaction } from 'mobx';
import { BoardStore } from './board-store.js';
import { ChatsStore } from './chat-store.js';
import { ProjectsStore } from './projects-store.js';

export class WorkStores {
  readonly projects = new ProjectsStore();
  readonly board: BoardStore;
  readonly chats: ChatsStore;

  constructor(session: SessionStore) {
    this.board = new BoardStore(
      // Signed out nobody sees a board; the client set is as good as any.
      () => session.user?.board.columnSet ?? 'client',
      () => session.user?.id ?? null,
    );
    this.chats = new ChatsStore(
      () => session.user?.id ?? null,
      (answer) => this.board.setUnread(answer.taskId, answer.unreadMessageCounters),
    );
    // Messages written without a connection go by themselves once it is back (issue 33), and those kept
    // in this browser when a page opens signed in.
    onConnected(() => this.chats.resendWaiting());
    if (typeof window !== 'undefined') window.addEventListener('online', () => this.chats.resendWaiting());
    reaction(
      () => session.user?.id ?? null,
      (id) => id !== null && void this.chats.resumeStored(),
      { fireImmediately: true },
    );
    // A 401 or a logout drops the user's projects, current project, board and chats with the user.
    session.onCleared(() => {
      this.projects.clear();
      this.board.clear();
      this.chats.clear();
    });
  }
}

declare global {
  interface Window {
    /** How many sets of work stores this page built: the end-to-end suite checks it is at most one. */
    __NEGAYNO_WORK_STORES__?: number;
  }
}

function createWorkStores(): WorkStores {
  if (typeof window !== 'undefined') window.__NEGAYNO_WORK_STORES__ = (window.__NEGAYNO_WORK_STORES__ ?? 0) + 1;
  return new WorkStores(rootStore.session);
}

export const workStores = createWorkStores();

/** Components read these stores through this hook, as the root store's through useStores. */
export function useWorkStores(): WorkStores {
  return workStores;
}

export * from './archive-store.js';
export * from './board-store.js';
export * from './chat-store.js';
export * from './chat-temp-messages.js';
export * from './projects-store.js';
export * from './workflow-store.js';
