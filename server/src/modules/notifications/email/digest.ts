/**
 * Email notifications (issue 14): each pass (every EMAIL_BATCH_SECONDS; a commit does not wake it, so
 * a burst of events gathers into one mail) mails every person with due email rows once, with all of
 * them — the events they chose, and the chat messages they missed once their chats have been quiet for
 * EMAIL_DIGEST_QUIET_MINUTES. Rows are the outbox's ('email' channel), written by `notify` in the
 * event's transaction, so nothing is lost across restarts; a person's rows are claimed by one process
 * (email/repo.ts) and settled after the mail went, so each mail goes once while processes live (a
 * process dying between sending and settling sends it again when the lease runs out, as the outbox does).
 * What the person said since is asked again when the mail is made: email turned off, a message viewed
 * or deleted, a notification seen in the app — those rows are skipped, not mailed.
 */
import { DIGEST_KIND, EMAIL_GROUP_OF, ROUTES } from '@negayno/shared/contract';
import type { Db } from '../../../db/connection.js';
import type { Mailer } from '../../../infra/mail/mailer.js';
import { emailChannelOf, findUserById } from '../../users/index.js';
import { withRetryPolicy } from '../outbox.js';
import { PassLoop } from '../pass-loop.js';
import { settleDelivery, type DeliveryOutcome } from '../repo.js';
import { digestMail, type MailedMessage } from './mail.js';
import { claimDueEmails, type EmailDelivery } from './repo.js';
import { unsubscribeUrl } from './unsubscribe.js';

/** What the chats know of the messages a digest names (wired in services.ts: notifications does not import chats). */
export interface UnreadMessages {
  /** Of these messages, the ones the reader has not viewed and that are not deleted: their text. */
  unreadTexts(db: Db, readerId: number, messageIds: number[]): Promise<Map<number, string>>;
}

export interface EmailDigestOptions {
  /** The pass interval (EMAIL_BATCH_SECONDS). */
  pollMs: number;
  quietMinutes: number;
  /** People mailed per claim. */
  peoplePerClaim: number;
  leaseSeconds: number;
  maxAttempts: number;
  publicUrl: string;
  secret: string;
  log: { error(object: object, message: string): void };
}

export const DEFAULT_EMAIL_DIGEST_OPTIONS = { peoplePerClaim: 20, leaseSeconds: 120, maxAttempts: 8 } as const;

export class EmailDigest {
  private readonly loop: PassLoop;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly chats: UnreadMessages,
    private readonly options: EmailDigestOptions,
  ) {
    this.loop = new PassLoop(() => this.drain(), { pollMs: options.pollMs, name: 'email digest', log: options.log });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Mails everyone who is due; answers how many people were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      if (this.loop.stopped) return handled;
      const people = await claimDueEmails(this.db, {
        people: this.options.peoplePerClaim,
        leaseSeconds: this.options.leaseSeconds,
        quietSeconds: Math.round(this.options.quietMinutes * 60),
      });
      if (people.length === 0) return handled;
      await Promise.all(people.map((deliveries) => this.mailOne(deliveries)));
      handled += people.length;
    }
  }

  /** One person's rows: what is still worth telling goes in one mail; the rest is settled as skipped. */
  private async mailOne(deliveries: EmailDelivery[]): Promise<void> {
    const started = performance.now();
    const userId = deliveries[0]!.userId;
    const user = await findUserById(this.db, userId);
    const choices = user ? emailChannelOf(user) : null;
    const chatRows = deliveries.filter((delivery) => delivery.kind === DIGEST_KIND);
    const unread = await this.chats.unreadTexts(
      this.db,
      userId,
      chatRows.map((delivery) => Number(delivery.payload.messageId)),
    );
    const skipped: Array<{ delivery: EmailDelivery; reason: string }> = [];
    const events: EmailDelivery[] = [];
    const messages: Array<MailedMessage & { delivery: EmailDelivery }> = [];
    for (const delivery of deliveries) {
      const text = unread.get(Number(delivery.payload.messageId));
      if (!choices?.enabled || !choices[EMAIL_GROUP_OF[delivery.kind]]) skipped.push({ delivery, reason: 'email is off for this' });
      else if (delivery.dateViewed) skipped.push({ delivery, reason: 'seen in the app' });
      else if (delivery.kind !== DIGEST_KIND) events.push(delivery);
      else if (text === undefined) skipped.push({ delivery, reason: 'the message was viewed or deleted' });
      else messages.push({ delivery, text, taskId: delivery.taskId, projectId: delivery.projectId, payload: delivery.payload });
    }
    const took = () => performance.now() - started;
    for (const { delivery, reason } of skipped) await settleDelivery(this.db, delivery, { outcome: 'skipped', reason }, took());
    const mailed = [...events, ...messages.map((message) => message.delivery)];
    if (!user || mailed.length === 0) return;

    let result: DeliveryOutcome;
    try {
      await this.mailer.send(
        digestMail({
          to: user.email,
          firstname: user.firstname,
          language: user.language,
          events,
          messages,
          publicUrl: this.options.publicUrl,
          profileUrl: `${this.options.publicUrl}${ROUTES.profile}`,
          unsubscribeUrl: unsubscribeUrl(this.options.publicUrl, this.options.secret, user.id),
        }),
      );
      result = { outcome: 'sent' };
    } catch (error) {
      // The mail server is down or refused: every row of the mail is tried again, together, later.
      result = { outcome: 'retry', error: error instanceof Error ? error.message : String(error), httpStatus: null, retryAt: new Date() };
    }
    for (const delivery of mailed) await settleDelivery(this.db, delivery, withRetryPolicy(result, delivery.attempts, this.options.maxAttempts), took());
  }
}
