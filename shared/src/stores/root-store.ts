/**
 * The one root store of the page. `@negayno/shared` is a Module Federation singleton, so every
 * remote and the host that import `rootStore` hold this same instance.
 */
import { AlertsStore } from './alerts-store.js';
import { NotificationsStore } from './notifications-store.js';
import { ProfileStore } from './profile-store.js';
import { SessionStore } from './session-store.js';
import { UiStore } from './ui-store.js';

export class RootStore {
  readonly alerts = new AlertsStore();
  readonly session = new SessionStore();
  readonly ui = new UiStore(() => this.session.isAuthenticated);
  readonly profile = new ProfileStore(this.session);
  readonly notifications = new NotificationsStore(this.session);

  constructor() {
    // A 401 or a logout closes the wallet with the user (the work stores drop their own, work.ts).
    this.session.onCleared(() => this.ui.closeWallet());
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
