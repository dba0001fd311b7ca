/**
 * The notifications module's front door.
 *
 * ## Notifying of an event: `services.notifications.notify(trx, input)`
 *
 * ```ts
 * notify(trx: Db, input: {
 *   kind: NotificationKind;          // shared/src/contract/notifications.ts: add a kind and its uk/en text there
 *   actorId: number | null;          // who acted (named in the text, never notified of their own action); null = the system
 *   userIds?: number[];              // exactly these people …
 *   taskId?: number;                 // … or the task's audience: its participants (author, performers, the project's
 *                                    //   am/pm/sm) and, with notifyAllTasks, every member of its project; only people who
 *                                    //   may see the task. With both, userIds are the recipients and the task names the text.
 *   projectId?: number;              // the project an event without a task is about (its name goes into the text)
 *   payload?: NotificationPayload;   // extra words of the text
 * }): Promise<number[]>              // the recipients
 * ```
 *
 * Call it inside the transaction that makes the change (`db.transaction().execute(async (trx) => …)`),
 * after the change's own writes. It writes one notification per recipient and queues its deliveries
 * (the live `notification.new`, Telegram when the recipient linked it, email for the groups they chose) in the outbox, in that same
 * transaction: a rollback notifies nobody. Nothing leaves before the commit: the outbox workers of every
 * server process are woken by PostgreSQL when it commits, and one of them delivers each row once.
 * A caller without a transaction of its own may pass `db`.
 *
 * Wired today: invitations (sent to an existing account, accepted) and new tasks. The task life cycle
 * and the chat call it for their events the same way (`kind` + `taskId`).
 */
export { DEFAULT_EMAIL_DIGEST_OPTIONS, EmailDigest, type UnreadMessages } from './email/digest.js';
export { unsubscribeUrl } from './email/unsubscribe.js';
export { LiveSender } from './live.js';
export { DEFAULT_OUTBOX_OPTIONS, NotificationOutbox, retryDelayMs, type ChannelSender, type OutboxOptions } from './outbox.js';
export { deliveryLogOf, forgetTelegramOf, OUTBOX_CHANNEL, unreadCountOf } from './repo.js';
export { notificationsRoutes } from './routes.js';
export { NotificationsService, type NotificationAudience, type Notifier, type NotifyInput, type TaskAudienceAnswer } from './service.js';
export { BotApi, BotApiError, type TelegramUpdate } from './telegram/bot-api.js';
export { LINK_TOKEN_TTL_SECONDS, TelegramChannelService } from './telegram/channel.js';
export { TelegramPoller } from './telegram/poller.js';
export { TelegramWebhookRegistration, webhookUrlOf } from './telegram/webhook.js';
