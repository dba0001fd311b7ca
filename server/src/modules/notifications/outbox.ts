/**
 * The outbox worker of one server process. Deliveries are rows (written by `notify` in the caller's
 * transaction), not timers in memory, so they survive restarts; each is claimed by one process at a
 * time (SKIP LOCKED plus a lease) and delivered once. The worker wakes when a notifying transaction
 * commits (PostgreSQL NOTIFY, to every process), and also every `pollMs` for retries that fall due and
 * for rows a dead process left behind.
 *
 * Exactly once holds while processes live; a process that dies between the channel accepting a message
 * and recording it leaves a lease that runs out, and the message goes again (at least once, then).
 */
import type { Db } from '../../db/connection.js';
import type { DeliveryChannel } from '../../db/schema.js';
import { PassLoop } from './pass-loop.js';
import { claimDueDeliveries, settleDelivery, type ClaimedDelivery, type DeliveryOutcome } from './repo.js';

export interface ChannelSender {
  deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome>;
}

export interface OutboxOptions {
  /** How often the worker looks for due rows without being woken. */
  pollMs: number;
  batchSize: number;
  /** How long a claimed row is this process's before another may take it up. */
  leaseSeconds: number;
  /** Attempts before a delivery is given up as failed. */
  maxAttempts: number;
  log: { error(object: object, message: string): void };
}

export const DEFAULT_OUTBOX_OPTIONS: Omit<OutboxOptions, 'log'> = { pollMs: 1000, batchSize: 50, leaseSeconds: 60, maxAttempts: 8 };

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 5 * 60_000;

/** 1 s, 2 s, 4 s … up to 5 minutes between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/**
 * A retry gives up after `maxAttempts`, and comes no sooner than the backoff allows (a channel may ask
 * for later, e.g. Telegram's retry_after, never for sooner).
 */
export function withRetryPolicy(result: DeliveryOutcome, attempts: number, maxAttempts: number): DeliveryOutcome {
  if (result.outcome !== 'retry') return result;
  if (attempts >= maxAttempts) return { outcome: 'failed', error: result.error, httpStatus: result.httpStatus };
  const earliest = Date.now() + retryDelayMs(attempts);
  return { ...result, retryAt: new Date(Math.max(earliest, result.retryAt.getTime())) };
}

export class NotificationOutbox {
  private readonly loop: PassLoop;

  constructor(
    private readonly db: Db,
    private readonly senders: Partial<Record<DeliveryChannel, ChannelSender>>,
    private readonly options: OutboxOptions,
  ) {
    this.loop = new PassLoop(() => this.drain(), { pollMs: options.pollMs, name: 'notification outbox', log: options.log });
  }

  /** Starts the periodic look and delivers what is already due (rows left by a previous run). */
  start(): void {
    this.loop.start();
  }

  /** Asks for a pass; passes never overlap, and a wake during one runs another after it. */
  wake(): void {
    this.loop.wake();
  }

  /** Delivers every due row, batch after batch; answers how many it handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      if (this.loop.stopped) return handled;
      const batch = await claimDueDeliveries(this.db, this.options.batchSize, this.options.leaseSeconds);
      if (batch.length === 0) return handled;
      // One recipient's messages in order; different recipients at once.
      const byUser = new Map<number, ClaimedDelivery[]>();
      for (const delivery of batch) byUser.set(delivery.userId, [...(byUser.get(delivery.userId) ?? []), delivery]);
      await Promise.all(
        [...byUser.values()].map(async (deliveries) => {
          for (const delivery of deliveries) await this.deliver(delivery);
        }),
      );
      handled += batch.length;
    }
  }

  /** Waits for the pass in progress and stops waking. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const started = performance.now();
    let result: DeliveryOutcome;
    const sender = this.senders[delivery.channel];
    try {
      result = sender ? await sender.deliver(delivery) : { outcome: 'skipped', reason: `no ${delivery.channel} sender` };
    } catch (error) {
      result = { outcome: 'retry', error: error instanceof Error ? error.message : String(error), httpStatus: null, retryAt: new Date() };
    }
    await settleDelivery(this.db, delivery, withRetryPolicy(result, delivery.attempts, this.options.maxAttempts), performance.now() - started);
  }
}
