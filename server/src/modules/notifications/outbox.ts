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

export class NotificationOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wokenWhileRunning = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly senders: Partial<Record<DeliveryChannel, ChannelSender>>,
    private readonly options: OutboxOptions,
  ) {}

  /** Starts the periodic look and delivers what is already due (rows left by a previous run). */
  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Asks for a pass; passes never overlap, and a wake during one runs another after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'notification outbox pass failed'))
      .finally(() => {
        this.running = null;
        if (this.wokenWhileRunning) {
          this.wokenWhileRunning = false;
          this.wake();
        }
      });
  }

  /** Delivers every due row, batch after batch; answers how many it handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      if (this.stopped) return handled;
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
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
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
    if (result.outcome === 'retry') {
      if (delivery.attempts >= this.options.maxAttempts) {
        result = { outcome: 'failed', error: result.error, httpStatus: result.httpStatus };
      } else {
        const earliest = Date.now() + retryDelayMs(delivery.attempts);
        result = { ...result, retryAt: new Date(Math.max(earliest, result.retryAt.getTime())) };
      }
    }
    await settleDelivery(this.db, delivery, result, performance.now() - started);
  }
}
