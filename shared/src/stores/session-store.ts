/** The signed-in user. Login and logout are broadcast to the other tabs (spec 4). */
import { makeAutoObservable, runInAction } from 'mobx';
import { endpoints, SESSION_HINT_COOKIE, type UserProfile } from '@negayno/shared/contract';
import { ApiError, call, cancelPendingRetries, connectSocket, disconnectSocket } from '@negayno/shared/api';
import { crossTab } from '@negayno/shared/bus';
import { readCookie } from '@negayno/shared/lib';

export type SessionStatus = 'unknown' | 'loading' | 'ready';

export class SessionStore {
  user: UserProfile | null = null;
  status: SessionStatus = 'unknown';
  /** The last session ended because the user signed out (here or in another tab), not by a 401. */
  endedBySignOut = false;
  /** Who drops user data when the session ends: the one way to clear it, for the root store and remotes' stores alike. */
  private readonly clearers = new Set<() => void>();

  constructor() {
    makeAutoObservable<SessionStore, 'clearers'>(this, { clearers: false });
  }

  /** Registers what to drop when the session ends (401, logout here or in another tab); returns the unsubscribe. */
  onCleared(clear: () => void): () => void {
    this.clearers.add(clear);
    return () => this.clearers.delete(clear);
  }

  get isAuthenticated(): boolean {
    return this.user !== null;
  }

  /**
   * First check at page load: a 401 here just means "signed out". Without the server's session hint
   * there is no session to ask about (contract, SESSION_HINT_COOKIE): a first visit shows the login
   * form without waiting a round trip for the answer.
   */
  async bootstrap(): Promise<void> {
    if (readCookie(SESSION_HINT_COOKIE) === null) {
      this.status = 'ready';
      return;
    }
    this.status = 'loading';
    try {
      // Signed out, the answer is 401: the ordinary first visit, nothing to log.
      const profile = await call(endpoints.users.profile, {}, { name: 'get-profile', quiet: true, expected: [401] });
      this.start(profile);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    } finally {
      runInAction(() => {
        this.status = 'ready';
      });
    }
  }

  /** Signs in; throws ApiError (authorization_failed, authorization_too_much, field errors). */
  async login(email: string, password: string): Promise<UserProfile> {
    const profile = await call(endpoints.auth.login, { body: { email, password } }, { name: 'login', quiet: true });
    this.start(profile);
    crossTab.post({ type: 'login', userId: profile.id });
    void this.loadProfile();
    return profile;
  }

  /**
   * Signs in with a one-time login-as code (spec 2). A session this page had is over on the server, so
   * what was loaded for its user goes first.
   */
  async loginAs(code: string): Promise<UserProfile> {
    const profile = await call(endpoints.auth.loginAs, { body: { code } }, { name: 'login-as', quiet: true });
    this.clear();
    this.start(profile);
    crossTab.post({ type: 'login', userId: profile.id });
    return profile;
  }

  async loadProfile(): Promise<void> {
    const profile = await call(endpoints.users.profile, {}, { name: 'get-profile' });
    runInAction(() => {
      this.user = profile;
    });
  }

  /** A fresh profile answered by one of the profile's own calls. */
  replaceProfile(profile: UserProfile): void {
    if (this.user?.id === profile.id) this.user = profile;
  }

  /** The badge's number, kept by the notifications store between profile loads. */
  setNotificationCount(count: number): void {
    if (this.user) this.user.notificationCount = count;
  }

  /** Signs out here and in the other tabs. */
  async logout(): Promise<void> {
    try {
      await call(endpoints.auth.logout, {}, { name: 'logout', quiet: true });
    } finally {
      this.clear({ signedOut: true });
      crossTab.post({ type: 'logout' });
    }
  }

  /** Drops the user and everything loaded for them (logout, a 401, another tab's logout). */
  clear(options: { signedOut?: boolean } = {}): void {
    if (this.user === null) return;
    this.endedBySignOut = Boolean(options.signedOut);
    this.user = null;
    cancelPendingRetries();
    disconnectSocket();
    for (const clear of this.clearers) clear();
  }

  private start(profile: UserProfile): void {
    this.user = profile;
    this.endedBySignOut = false;
    connectSocket();
  }
}
