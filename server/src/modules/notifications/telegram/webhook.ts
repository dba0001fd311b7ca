/**
 * The bot's webhook mode (TELEGRAM_WEBHOOK_URL and TELEGRAM_WEBHOOK_SECRET): every process registers
 * the webhook at start (setWebhook is idempotent, so several processes may), and Telegram posts each
 * update to `POST /api/telegram/webhook` with the secret in a header, which any process can take.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { API_ROOT, endpoints } from '@negayno/shared/contract';
import type { BotApi } from './bot-api.js';

/** The header Telegram sends the webhook's secret_token in. */
export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Where Telegram posts updates, under the public base URL. */
export function webhookUrlOf(publicBase: string): string {
  return `${publicBase}${API_ROOT}${endpoints.channels.telegramWebhook.path}`;
}

/**
 * Compares in time that does not depend on where the strings differ: both sides are hashed first, so
 * the lengths are equal too and the secret's length does not leak either.
 */
export function webhookSecretMatches(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

export interface WebhookRegistrationOptions {
  /** Pause before asking again after a refusal or no answer; doubles up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Registers the webhook, asking again with backoff while the Bot API is down or refuses: the server
 * starts at once either way, and updates queue at Telegram until the webhook is set.
 */
export class TelegramWebhookRegistration {
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;

  constructor(
    private readonly api: BotApi,
    private readonly url: string,
    private readonly secret: string,
    private readonly options: WebhookRegistrationOptions,
  ) {}

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async run(): Promise<void> {
    let delay = this.options.retryMs;
    while (!this.abort.signal.aborted) {
      try {
        await this.api.setWebhook(this.url, this.secret);
        this.options.log.info({ url: this.url }, 'telegram webhook registered');
        return;
      } catch (error) {
        this.options.log.error({ err: error }, `telegram setWebhook failed; asking again in ${delay} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.abort.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        delay = Math.min(delay * 2, this.options.maxRetryMs);
      }
    }
  }
}
