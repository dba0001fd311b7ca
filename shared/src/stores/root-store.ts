/**
 * The one root store of the page. `@negayno/shared` is a Module Federation singleton, so every
 * remote and the host that import `rootStore` hold this same instance.
 */
import { AlertsStore } from './alerts-store.js';
import { BoardStore } from './board-store.js';
import { ChatsStore } from './chat-store.js';
import { NotificationsStore } from './notifications-store.js';
import { ProfileStore } from './profile-store.js';
import { ProjectsStore } from './projects-store.js';
import { SessionStore } from './session-store.js';
import { UiStore } from './ui-store.js';

export class RootStore {
  readonly alerts = new AlertsStore();
  readonly projects = new ProjectsStore();
  readonly session = new SessionStore();
  readonly board = new BoardStore(
    // Signed out nobody sees a board; the client set is as good as any.
    () => this.session.user?.board.columnSet ?? 'client',
    () => this.session.user?.id ?? null,
  );
  readonly ui = new UiStore(() => this.session.isAuthenticated);
  readonly profile = new ProfileStore(this.session);
  readonly notifications = new NotificationsStore(this.session);
  readonly chats = new ChatsStore(
    () => this.session.user?.id ?? null,
    (answer) => this.board.setUnread(answer.taskId, answer.unreadMessageCounters),
  );

  constructor() {
    this.session.onCleared(() => this.clearUserData());
  }

  /** What a 401 or a logout drops besides the user: projects, current project, board, wallet. */
  private clearUserData(): void {
    this.projects.clear();
    this.board.clear();
    this.chats.clear();
    this.ui.closeWallet();
  }
}

declare global {
  interface Window {
    /** How many root stores this page built: the end-to-end suite checks it is exactly one. */
    __NEGAYNO_ROOT_STORES__?: number;
  }
}

function createRootStore(): RootStore {
  if (typeof window !== 'undefined') window.__NEGAYNO_ROOT_STORES__ = (window.__NEGAYNO_ROOT_STORES__ ?? 0) + 1;
  return new RootStore();
}

export const rootStore = createRootStore();

/** Components read stores through this hook so tests can see what a component depends on. */
export function useStores(): RootStore {
  return rootStore;
}
