/**
 * A small client of the Telegram Bot API (https://core.telegram.org/bots/api): `POST {base}/bot{token}/{method}`
 * with a JSON body, answered `{ ok, result }` or `{ ok: false, error_code, description, parameters }`.
 * The base URL is configurable (TELEGRAM_API_URL), so tests and a fresh install talk to a stand-in on loopback.
 */

export interface TelegramUser {
  id: number;
  is_bot?: boolean;
  first_name?: string;
  username?: string;
}

export interface TelegramMessage {
  message_id: number;
  chat: { id: number; type?: string; username?: string; first_name?: string };
  from?: TelegramUser;
  text?: string;
  date?: number;
}

export interface TelegramUpdate {
  update_id: number;
  message?: TelegramMessage;
}

/** A refusal or an unreachable API. `status` 0 = no answer (network, timeout); `retryAfterSeconds` from a 429. */
export class BotApiError extends Error {
  constructor(
    readonly status: number,
    description: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(description);
    this.name = 'BotApiError';
  }

  /** Telegram's 403: the user blocked the bot or deleted the chat. Retrying cannot help. */
  get isBlocked(): boolean {
    return this.status === 403;
  }

  /** Worth another try later: no answer, too many requests, or the API's own failure. */
  get isTransient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

interface BotApiAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export class BotApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs = 10_000,
  ) {}

  getMe(): Promise<TelegramUser> {
    return this.call('getMe', {});
  }

  sendMessage(chatId: number, text: string): Promise<TelegramMessage> {
    return this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
  }

  /**
   * Webhook mode: Telegram posts every update to `url`, with `secretToken` in the
   * X-Telegram-Bot-Api-Secret-Token header (getUpdates is refused while a webhook is set).
   */
  setWebhook(url: string, secretToken: string): Promise<boolean> {
    return this.call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] });
  }

  /** Long polling: the API holds the request up to `timeoutSeconds` when there is nothing new. */
  getUpdates(offset: number, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramUpdate[]> {
    return this.call('getUpdates', { offset, timeout: timeoutSeconds, allowed_updates: ['message'] }, { waitMs: timeoutSeconds * 1000, signal });
  }

  private async call<T>(method: string, body: object, options: { waitMs?: number; signal?: AbortSignal } = {}): Promise<T> {
    const timeout = AbortSignal.timeout(this.timeoutMs + (options.waitMs ?? 0));
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/bot${this.token}/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw new BotApiError(0, error instanceof Error ? error.message : String(error));
    }
    const answer = (await response.json().catch(() => null)) as BotApiAnswer<T> | null;
    if (!response.ok || !answer?.ok) {
      const status = answer?.error_code ?? response.status;
      throw new BotApiError(status, answer?.description ?? `HTTP ${response.status}`, answer?.parameters?.retry_after ?? null);
    }
    return answer.result as T;
  }
}
