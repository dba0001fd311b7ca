/**
 * The bot's long polling (getUpdates). One process at a time polls: it holds a lease in
 * telegram_poll_state, renewed on every round, so several server processes never read the same update
 * twice; when the holder dies its lease runs out and another takes over from the saved offset.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/connection.js';
import { claimPoll, releasePoll, savePollOffset } from '../repo.js';
import type { BotApi, TelegramUpdate } from './bot-api.js';

export interface PollerOptions {
  /** How long one getUpdates may wait for news (Telegram allows up to 50 s). */
  timeoutSeconds: number;
  /**
   * Pause after an empty round or while another process holds the poll, and the first pause after a
   * failed round; each failure in a row doubles it up to `maxIdleMs` (issue 35: a Bot API that answers
   * getUpdates at once, an emulator or a proxy, was asked ~200 times a second).
   */
  idleMs: number;
  maxIdleMs: number;
  log: { error(object: object, message: string): void };
}

export class TelegramPoller {
  private readonly holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly api: BotApi,
    private readonly handle: (update: TelegramUpdate) => Promise<void>,
    private readonly options: PollerOptions,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
    await releasePoll(this.db, this.holder).catch(() => {});
  }

  private async run(): Promise<void> {
    // The lease outlives one long poll, so the holder keeps it between rounds.
    const leaseSeconds = this.options.timeoutSeconds + 30;
    let failurePauseMs = this.options.idleMs;
    while (!this.abort.signal.aborted) {
      try {
        const offset = await claimPoll(this.db, this.holder, leaseSeconds);
        if (offset === null) {
          await this.pause(this.options.idleMs);
          continue;
        }
        const updates = await this.api.getUpdates(offset, this.options.timeoutSeconds, this.abort.signal);
        failurePauseMs = this.options.idleMs;
        if (updates.length === 0) await this.pause(this.options.idleMs);
        for (const update of updates) {
          if (this.abort.signal.aborted) return;
          await this.handle(update).catch((error: unknown) => this.options.log.error({ err: error }, 'telegram update failed'));
          // Saved after each update: a crash re-reads at most the one in hand.
          await savePollOffset(this.db, this.holder, update.update_id + 1);
        }
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.options.log.error({ err: error, retryInMs: failurePauseMs }, 'telegram polling failed; trying again');
        await this.pause(failurePauseMs);
        failurePauseMs = Math.min(failurePauseMs * 2, this.options.maxIdleMs);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.abort.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
