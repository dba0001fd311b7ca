/**
 * The signed-in user's own edits (issue 14): name, phone, password, settings, avatar and the Telegram
 * channel. Each call answers the fresh profile, which replaces the session's user; a refusal is thrown
 * as the ApiError for the form to show (field codes in its details).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { endpoints, type ChannelName, type PasswordChangeBody, type SettingsBody, type TelegramLink, type UserProfile } from '@negayno/shared/contract';
import { call, upload } from '@negayno/shared/api';
import type { SessionStore } from './session-store.js';

export class ProfileStore {
  /** The deep link of the last "link Telegram" click, shown until linked or the page changes. */
  telegramLink: TelegramLink | null = null;

  constructor(private readonly session: SessionStore) {
    makeAutoObservable<ProfileStore, 'session'>(this, { session: false });
    session.onCleared(() => this.clear());
  }

  updateFullname(firstname: string, lastname: string): Promise<UserProfile> {
    return this.replace(call(endpoints.users.updateFullname, { body: { firstname, lastname } }, { quiet: true }));
  }

  updatePhone(phone: string): Promise<UserProfile> {
    return this.replace(call(endpoints.users.updatePhone, { body: { phone } }, { quiet: true }));
  }

  /** Deletes the account for good (issue 37): every session ends, this one too, so the page signs out. */
  async closeAccount(password: string): Promise<void> {
    await call(endpoints.users.deleteAccount, { body: { password } }, { quiet: true });
    this.session.clear({ signedOut: true });
  }

  /** Other sessions end on the server; this one stays. */
  async changePassword(body: PasswordChangeBody): Promise<void> {
    await call(endpoints.users.updatePassword, { body }, { quiet: true });
  }

  updateSettings(settings: SettingsBody): Promise<UserProfile> {
    // Named by what it changes, down to the email group: two different switches never share one call.
    const changes = Object.keys(settings).flatMap((key) =>
      key === 'email' && settings.email ? Object.keys(settings.email).map((group) => `email.${group}`) : [key],
    );
    return this.replace(call(endpoints.users.updateSettings, { body: settings }, { name: `settings-${changes.join('-')}` }));
  }

  uploadAvatar(file: File): Promise<UserProfile> {
    return this.replace(upload(endpoints.users.uploadAvatar, { file }));
  }

  deleteAvatar(): Promise<UserProfile> {
    return this.replace(call(endpoints.users.deleteAvatar, {}));
  }

  async linkTelegram(): Promise<TelegramLink> {
    const link = await call(endpoints.channels.link, { params: { channel: 'telegram' } });
    runInAction(() => {
      this.telegramLink = link;
    });
    return link;
  }

  setChannelEnabled(channel: ChannelName, enabled: boolean): Promise<UserProfile> {
    return this.replace(call(endpoints.channels.updateSettings, { params: { channel }, body: { enabled } }));
  }

  unlinkChannel(channel: ChannelName): Promise<UserProfile> {
    return this.replace(call(endpoints.channels.unlink, { params: { channel } }));
  }

  /** Reads the channel's state again (after linking in Telegram, which happens outside this page). */
  async refresh(): Promise<void> {
    await this.session.loadProfile();
    if (this.session.user?.channels.telegram.linked) this.telegramLink = null;
  }

  clear(): void {
    this.telegramLink = null;
  }

  private async replace(request: Promise<UserProfile>): Promise<UserProfile> {
    const profile = await request;
    this.session.replaceProfile(profile);
    return profile;
  }
}
