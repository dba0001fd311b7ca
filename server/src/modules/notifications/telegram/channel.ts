/**
 * The Telegram channel: linking an account to a chat with a one-time `/start TOKEN` deep link, switching
 * it on and off, unlinking, and sending a notification to the linked chat (the outbox's sender).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Language, TelegramChannel, TelegramLink } from '@negayno/shared/contract';
import { notificationText } from '@negayno/shared/contract/notification-texts';
import type { Db } from '../../../db/connection.js';
import { AppError } from '../../../http/app-error.js';
import type { AuthUser } from '../../../lib/auth-user.js';
import { findUserById } from '../../users/index.js';
import { notificationUrl } from '../links.js';
import type { ChannelSender } from '../outbox.js';
import {
  bindChat,
  deleteTelegramLink,
  markTelegramBlocked,
  saveLinkToken,
  setTelegramEnabled,
  telegramChannelOf,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from '../repo.js';
import { BotApiError, type BotApi, type TelegramUpdate } from './bot-api.js';

/** A link token is good for this long, and once. */
export const LINK_TOKEN_TTL_SECONDS = 15 * 60;

const REPLIES = {
  linked: {
    uk: 'Telegram підключено до Negayno: сповіщення надходитимуть сюди. Вимкнути їх можна в профілі.',
    en: 'Telegram is linked to Negayno: notifications will arrive here. You can turn them off in your profile.',
  },
  badToken:
    'Посилання неправильне, застаріле або вже використане: відкрийте профіль у Negayno і підключіть бота ще раз.\n' +
    'This link is wrong, expired or already used: open your Negayno profile and link the bot again.',
  hello: 'Підключіть бота з профілю в Negayno. / Link the bot from your Negayno profile.',
} as const;

/** `/start TOKEN` (or `/start@bot_name TOKEN`) as Telegram delivers a deep link's start parameter. */
const START_COMMAND = /^\/start(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/;

export interface TelegramSettings {
  /** Null when the server has no bot (TELEGRAM_BOT_TOKEN unset): the profile says so. */
  api: BotApi | null;
  /** The bot's @name for the deep link; asked of getMe when not configured. */
  botUsername: string | null;
  secret: string;
  publicUrl: string;
}

export class TelegramChannelService implements ChannelSender {
  private botUsername: Promise<string> | null;

  constructor(
    private readonly db: Db,
    private readonly settings: TelegramSettings,
  ) {
    this.botUsername = settings.botUsername ? Promise.resolve(settings.botUsername) : null;
  }

  get available(): boolean {
    return this.settings.api !== null;
  }

  /** The Bot API client, for the long polling (app.ts); null without a bot. */
  get api(): BotApi | null {
    return this.settings.api;
  }

  async statusOf(userId: number): Promise<TelegramChannel> {
    const row = await telegramChannelOf(this.db, userId);
    const linked = row?.chatId != null;
    return {
      name: linked ? (row.username ?? null) : null,
      token: null,
      enabled: linked && row.enabled,
      linked,
      blocked: linked && row.blockedAt !== null,
      available: this.available,
    };
  }

  /** A fresh one-time deep link; the previous unused token stops working. */
  async link(user: AuthUser): Promise<TelegramLink> {
    if (!this.settings.api) throw new AppError('channel_is_unavailable');
    // A Bot API that is down cannot name the bot: the profile hears the channel is unavailable for now.
    const username = await this.username().catch(() => {
      throw new AppError('channel_is_unavailable');
    });
    const token = randomBytes(18).toString('base64url');
    const expiresAt = new Date(Date.now() + LINK_TOKEN_TTL_SECONDS * 1000);
    await saveLinkToken(this.db, user.id, this.hashOf(token), expiresAt);
    return { url: `https://t.me/${username}?start=${token}`, token, dateExpires: Math.floor(expiresAt.getTime() / 1000) };
  }

  async setEnabled(user: AuthUser, enabled: boolean): Promise<void> {
    if (!(await setTelegramEnabled(this.db, user.id, enabled))) throw new AppError('channel_not_found');
  }

  async unlink(user: AuthUser): Promise<void> {
    if (!(await deleteTelegramLink(this.db, user.id))) throw new AppError('channel_not_found');
  }

  /** One update from the bot's chat (long polling or a webhook): `/start TOKEN` links, anything else gets a hint. */
  async handleUpdate(update: TelegramUpdate): Promise<void> {
    const message = update.message;
    if (!message?.text || !this.settings.api) return;
    const chatId = message.chat.id;
    const start = START_COMMAND.exec(message.text.trim());
    let reply: string;
    if (!start) reply = REPLIES.hello;
    else if (!start[1]) reply = REPLIES.badToken;
    else {
      const userId = await bindChat(this.db, this.hashOf(start[1]), chatId, message.from?.username ?? message.chat.username ?? null);
      reply = userId === undefined ? REPLIES.badToken : REPLIES.linked[await this.languageOf(userId)];
    }
    // A reply that cannot be sent changes nothing: the link is made (or refused) either way.
    await this.settings.api.sendMessage(chatId, reply).catch(() => {});
  }

  /** The outbox's sender: one notification to the recipient's linked chat. */
  async deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    const api = this.settings.api;
    if (!api) return { outcome: 'skipped', reason: 'no bot configured' };
    const channel = await telegramChannelOf(this.db, delivery.userId);
    if (!channel?.chatId || !channel.enabled) return { outcome: 'skipped', reason: 'channel off or unlinked' };
    const text = await this.textOf(delivery);
    try {
      await api.sendMessage(channel.chatId, text);
      return { outcome: 'sent' };
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      if (error.isBlocked) {
        await markTelegramBlocked(this.db, delivery.userId, channel.chatId);
        return { outcome: 'failed', error: error.message, httpStatus: error.status };
      }
      if (error.isTransient) {
        const retryAt = new Date(Date.now() + (error.retryAfterSeconds ?? 0) * 1000);
        return { outcome: 'retry', error: error.message, httpStatus: error.status || null, retryAt };
      }
      return { outcome: 'failed', error: error.message, httpStatus: error.status };
    }
  }

  private async textOf(delivery: ClaimedDelivery): Promise<string> {
    const language = await this.languageOf(delivery.userId);
    const text = notificationText(delivery.kind, delivery.payload, language);
    const url = notificationUrl(this.settings.publicUrl, delivery);
    return url ? `${text}\n${url}` : text;
  }

  private async languageOf(userId: number): Promise<Language> {
    return (await findUserById(this.db, userId))?.language ?? 'uk';
  }

  private username(): Promise<string> {
    this.botUsername ??= this.settings.api!.getMe().then((me) => {
      if (!me.username) throw new Error('the bot has no username');
      return me.username;
    });
    // A failed getMe is asked again next time rather than remembered.
    return this.botUsername.catch((error: unknown) => {
      this.botUsername = null;
      throw error;
    });
  }

  private hashOf(token: string): string {
    return createHmac('sha256', this.settings.secret).update(`telegram-link:${token}`).digest('base64url');
  }
}
