import {
  EMAIL_GROUP_OF,
  PAGE_SIZE,
  type Notification,
  type NotificationCount,
  type NotificationKind,
  type NotificationPage,
  type NotificationPayload,
} from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { DeliveryChannel } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { emailChannelsOf, namesOf } from '../users/index.js';
import { canSeeNotification, recipientsOf } from './policy.js';
import { toNotification } from './presenters.js';
import {
  findNotification,
  insertDeliveries,
  insertNotifications,
  markAllViewed,
  markViewed,
  notificationsOf,
  signalOutbox,
  unreadCountOf,
  usersWithTelegram,
} from './repo.js';

/** A task's event, as the tasks module describes it to notifications (wired in services.ts). */
export interface TaskAudienceAnswer {
  projectId: number;
  projectName: string;
  taskNumber: number;
  taskName: string;
  /**
   * Who hears of it: the task's participants (author, performers, the project's am/pm/sm) and, with
   * notifyAllTasks, every member of the project; only those who may see the task.
   */
  recipients: number[];
}

/**
 * What notifications must learn from the modules whose events they are (tasks and projects depend on
 * notifications to call `notify`, so notifications asks them through this, given by services.ts).
 * Both run on the caller's transaction, so a task created in it is already visible.
 */
export interface NotificationAudience {
  ofTask(db: Db, taskId: number): Promise<TaskAudienceAnswer | null>;
  projectName(db: Db, projectId: number): Promise<string | null>;
}

/** One event to notify of. Either `userIds` (exactly these people) or `taskId` (the task's audience). */
export interface NotifyInput {
  kind: NotificationKind;
  /** Who acted: named in the text, and never notified of their own action. Null for the system. */
  actorId: number | null;
  userIds?: number[];
  taskId?: number;
  projectId?: number;
  /** Extra words of the text; the actor's, project's and task's names are filled in here. */
  payload?: NotificationPayload;
}

/** What the modules whose events notify need: the front door alone. */
export type Notifier = Pick<NotificationsService, 'notify'>;

export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly audience: NotificationAudience,
  ) {}

  /**
   * Writes the notifications of one event and queues their delivery, inside the caller's transaction
   * `trx`: if the caller rolls back, nobody is notified. Every server process's outbox worker is woken
   * when that transaction commits (PostgreSQL delivers NOTIFY only then), and one of them emits
   * `notification.new` to each recipient and sends the Telegram messages. Answers the recipients.
   */
  async notify(trx: Db, input: NotifyInput): Promise<number[]> {
    const payload: NotificationPayload = { ...input.payload };
    let projectId = input.projectId ?? null;
    let candidates = input.userIds ?? [];
    if (input.taskId !== undefined) {
      const task = await this.audience.ofTask(trx, input.taskId);
      if (!task) return [];
      projectId = task.projectId;
      Object.assign(payload, { projectName: task.projectName, taskName: task.taskName, taskNumber: task.taskNumber });
      if (!input.userIds) candidates = task.recipients;
    } else if (projectId !== null && payload.projectName === undefined) {
      payload.projectName = (await this.audience.projectName(trx, projectId)) ?? '';
    }
    const recipients = recipientsOf(candidates, input.actorId);
    if (recipients.length === 0) return [];
    if (input.actorId !== null && payload.actorName === undefined) {
      const [actor] = await namesOf(trx, [input.actorId]);
      payload.actorName = actor ? `${actor.firstname} ${actor.lastname}`.trim() : '';
    }
    const written = await insertNotifications(
      trx,
      recipients.map((userId) => ({ userId, kind: input.kind, actorId: input.actorId, projectId, taskId: input.taskId ?? null, payload })),
    );
    const telegram = await usersWithTelegram(trx, recipients);
    const email = await emailChannelsOf(trx, recipients);
    const group = EMAIL_GROUP_OF[input.kind];
    const deliveries: Array<{ notificationId: number; channel: DeliveryChannel }> = [];
    for (const row of written) {
      deliveries.push({ notificationId: row.id, channel: 'app' });
      if (telegram.has(row.userId)) deliveries.push({ notificationId: row.id, channel: 'telegram' });
      // Mailed by the email digest, in one mail per person and pass (chat messages after a quiet period).
      const choices = email.get(row.userId);
      if (choices?.enabled && choices[group]) deliveries.push({ notificationId: row.id, channel: 'email' });
    }
    await insertDeliveries(trx, deliveries);
    await signalOutbox(trx);
    return recipients;
  }

  /** The viewer's notifications, 30 a page, newest first; `backFrom` is the last id of the page before. */
  async list(user: AuthUser, backFrom?: number): Promise<NotificationPage> {
    if (backFrom !== undefined) {
      const anchor = await findNotification(this.db, backFrom);
      if (!anchor || !canSeeNotification(user, anchor)) throw new AppError('backFrom_not_found');
    }
    const rows = await notificationsOf(this.db, user.id, PAGE_SIZE.notifications, backFrom);
    return { list: rows.slice(0, PAGE_SIZE.notifications).map(toNotification), hasMore: rows.length > PAGE_SIZE.notifications };
  }

  async markViewed(user: AuthUser, id: number): Promise<Notification> {
    const found = await findNotification(this.db, id);
    if (!found || !canSeeNotification(user, found)) throw new AppError('notification_not_found');
    await markViewed(this.db, user.id, id);
    return toNotification((await findNotification(this.db, id))!);
  }

  async markAllViewed(user: AuthUser): Promise<NotificationCount> {
    await markAllViewed(this.db, user.id);
    return { notificationCount: await unreadCountOf(this.db, user.id) };
  }

  unreadCount(userId: number): Promise<number> {
    return unreadCountOf(this.db, userId);
  }
}
