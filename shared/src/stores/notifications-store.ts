/**
 * The signed-in user's notifications (decisions 6): the list, 30 a page, and the unread count the
 * header's badge shows. The count starts from the profile's `notificationCount`; `notification.new`
 * adds to it (once per notification: a missed event replayed after a reconnect may arrive twice) and
 * refreshes a loaded list; when the event log cannot replay what was missed, both are read again.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { endpoints, type Notification, type NotificationPage } from '@negayno/shared/contract';
import { call, getSocket, onReconnect } from '@negayno/shared/api';
import { settle, type LoadStatus } from './load.js';
import type { SessionStore } from './session-store.js';

export class NotificationsStore {
  list: Notification[] = [];
  hasMore = false;
  status: LoadStatus = 'idle';
  moreStatus: LoadStatus = 'idle';
  /** The notifications already counted into the badge (not observed: it decides, it is not shown). */
  private readonly counted = new Set<number>();

  constructor(private readonly session: SessionStore) {
    makeAutoObservable<NotificationsStore, 'session' | 'counted'>(this, { session: false, counted: false });
    session.onCleared(() => this.clear());
  }

  get unreadCount(): number {
    return this.session.user?.notificationCount ?? 0;
  }

  /** Listens for live notifications; returns the function that stops (the host calls it once per page). */
  listen(): () => void {
    const socket = getSocket();
    const onNew = (event: { id: number }) => this.arrived(event.id);
    socket.on('notification.new', onNew);
    const stopReconnect = onReconnect(() => void this.resync());
    return () => {
      socket.off('notification.new', onNew);
      stopReconnect();
    };
  }

  async load(): Promise<void> {
    this.status = 'loading';
    const loaded = await settle(call(endpoints.notifications.list, {}, { name: 'get-notifications', quiet: true }));
    runInAction(() => {
      if (loaded.status === 'ready') this.take(loaded.answer, false);
      this.status = loaded.status;
    });
  }

  async loadMore(): Promise<void> {
    const last = this.list.at(-1);
    if (!last || !this.hasMore || this.moreStatus === 'loading') return;
    this.moreStatus = 'loading';
    const loaded = await settle(call(endpoints.notifications.listFrom, { params: { backFrom: last.id } }, { quiet: true }));
    runInAction(() => {
      if (loaded.status === 'ready') this.take(loaded.answer, true);
      this.moreStatus = loaded.status;
    });
  }

  /** Opening one marks it read; the badge drops at once and the server's answer settles the date. */
  async markViewed(id: number): Promise<void> {
    const item = this.list.find((entry) => entry.id === id);
    if (item && item.dateViewed === null) {
      item.dateViewed = Math.floor(Date.now() / 1000);
      this.session.setNotificationCount(Math.max(0, this.unreadCount - 1));
    }
    const viewed = await call(endpoints.notifications.viewed, { params: { id } });
    runInAction(() => {
      const index = this.list.findIndex((entry) => entry.id === id);
      if (index >= 0) this.list[index] = viewed;
    });
  }

  async markAllViewed(): Promise<void> {
    const { notificationCount } = await call(endpoints.notifications.viewedAll, {});
    runInAction(() => {
      const now = Math.floor(Date.now() / 1000);
      for (const item of this.list) item.dateViewed ??= now;
      this.session.setNotificationCount(notificationCount);
    });
  }

  clear(): void {
    this.list = [];
    this.hasMore = false;
    this.status = 'idle';
    this.moreStatus = 'idle';
  }

  private arrived(id: number): void {
    if (this.counted.has(id)) return;
    this.counted.add(id);
    this.session.setNotificationCount(this.unreadCount + 1);
    if (this.status === 'ready') void this.load();
  }

  /** After missed events the log could not replay: the count from the profile, and the list if one is shown. */
  private async resync(): Promise<void> {
    await this.session.loadProfile().catch(() => undefined);
    if (this.status === 'ready' || this.status === 'error') await this.load();
  }

  private take(page: NotificationPage, append: boolean): void {
    this.list = append ? [...this.list, ...page.list] : page.list;
    this.hasMore = page.hasMore;
  }
}
