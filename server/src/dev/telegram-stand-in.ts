/**
 * A stand-in for the Telegram Bot API on loopback, speaking the same protocol as api.telegram.org for
 * what Negayno uses (getMe, sendMessage, getUpdates with long polling, setWebhook), so the real client is tested end
 * to end without the internet. Point TELEGRAM_API_URL at `url`.
 *
 * Tests drive it: `userSends(chatId, text)` plays a person writing to the bot (e.g. `/start TOKEN`),
 * `block(chatId)` makes sendMessage answer 403 as Telegram does for a user who blocked the bot,
 * `down(true)` answers 502 to everything, `messages` holds what the bot sent, with arrival times,
 * `webhooks` every setWebhook call (while one is set, getUpdates answers 409 as Telegram does).
 * Control over HTTP too (`POST /__stand-in/send`, `/__stand-in/block`, `/__stand-in/down`,
 * `GET /__stand-in/messages`), for the browser tests that run it in another process.
 * The end-to-end server start (e2e/support/start-server.mjs) runs it from the build, `dist/dev/`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SentMessage {
  chatId: number;
  text: string;
  /** performance.timeOrigin + performance.now() at arrival: comparable across processes on one machine. */
  receivedAt: number;
}

interface Update {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    text: string;
    chat: { id: number; type: 'private'; username: string; first_name: string };
    from: { id: number; is_bot: false; username: string; first_name: string };
  };
}

/** One setWebhook call as the stand-in received it. */
export interface WebhookRegistration {
  url: string;
  secretToken: string | null;
}

export interface TelegramStandIn {
  url: string;
  token: string;
  botUsername: string;
  readonly messages: SentMessage[];
  readonly webhooks: WebhookRegistration[];
  userSends(chatId: number, text: string, username?: string): void;
  block(chatId: number): void;
  down(isDown: boolean): void;
  /** Resolves when the bot has sent `count` messages in all (or rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<SentMessage[]>;
  close(): Promise<void>;
}

function now(): number {
  return performance.timeOrigin + performance.now();
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startTelegramStandIn(options: { port?: number; token?: string; botUsername?: string } = {}): Promise<TelegramStandIn> {
  const token = options.token ?? '123456:stand-in-token';
  const botUsername = options.botUsername ?? 'negayno_stand_in_bot';
  const messages: SentMessage[] = [];
  const webhooks: WebhookRegistration[] = [];
  const updates: Update[] = [];
  const blocked = new Set<number>();
  let isDown = false;
  let nextUpdateId = 1;
  let nextMessageId = 1;
  const pollers = new Set<() => void>();
  const messageWaiters = new Set<() => void>();
  const sockets = new Set<Socket>();

  const wakePollers = () => {
    for (const wake of [...pollers]) wake();
  };

  const userSends = (chatId: number, text: string, username = `user${chatId}`) => {
    updates.push({
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        text,
        chat: { id: chatId, type: 'private', username, first_name: username },
        from: { id: chatId, is_bot: false, username, first_name: username },
      },
    });
    wakePollers();
  };

  async function botMethod(method: string, body: Record<string, unknown>, response: ServerResponse): Promise<void> {
    if (isDown) return answer(response, 502, { ok: false, error_code: 502, description: 'Bad Gateway' });
    switch (method) {
      case 'getMe':
        return answer(response, 200, { ok: true, result: { id: 1, is_bot: true, first_name: 'Negayno', username: botUsername } });
      case 'sendMessage': {
        const chatId = Number(body.chat_id);
        const text = typeof body.text === 'string' ? body.text : '';
        if (!Number.isFinite(chatId) || !text)
          return answer(response, 400, { ok: false, error_code: 400, description: 'Bad Request: chat_id and text are required' });
        if (blocked.has(chatId)) return answer(response, 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
        messages.push({ chatId, text, receivedAt: now() });
        for (const wake of [...messageWaiters]) wake();
        return answer(response, 200, {
          ok: true,
          result: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, text },
        });
      }
      case 'setWebhook': {
        const url = typeof body.url === 'string' ? body.url : '';
        webhooks.push({ url, secretToken: typeof body.secret_token === 'string' ? body.secret_token : null });
        return answer(response, 200, { ok: true, result: true, description: url ? 'Webhook was set' : 'Webhook was deleted' });
      }
      case 'getUpdates': {
        if (webhooks.at(-1)?.url)
          return answer(response, 409, { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active" });
        const offset = Number(body.offset ?? 0);
        // Telegram forgets the updates below the offset once they are asked past.
        while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
        const timeoutMs = Math.min(Number(body.timeout ?? 0), 50) * 1000;
        if (updates.length === 0 && timeoutMs > 0) {
          await new Promise<void>((resolve) => {
            const wake = () => {
              pollers.delete(wake);
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(wake, timeoutMs);
            pollers.add(wake);
          });
        }
        if (isDown) return answer(response, 502, { ok: false, error_code: 502, description: 'Bad Gateway' });
        return answer(response, 200, { ok: true, result: updates.slice(0, 100) });
      }
      default:
        return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  }

  async function control(path: string, body: Record<string, unknown>, response: ServerResponse): Promise<void> {
    switch (path) {
      case '/__stand-in/send':
        userSends(Number(body.chatId), String(body.text ?? ''), typeof body.username === 'string' ? body.username : undefined);
        return answer(response, 200, { ok: true });
      case '/__stand-in/block':
        blocked.add(Number(body.chatId));
        return answer(response, 200, { ok: true });
      case '/__stand-in/down':
        isDown = Boolean(body.down);
        return answer(response, 200, { ok: true });
      case '/__stand-in/messages':
        return answer(response, 200, { ok: true, result: messages });
      default:
        return answer(response, 404, { ok: false });
    }
  }

  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    void readJson(request)
      .then((body) => {
        if (path.startsWith('/__stand-in/')) return control(path, body, response);
        const match = /^\/bot([^/]+)\/(\w+)$/.exec(path);
        if (!match || match[1] !== token) return answer(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return botMethod(match[2]!, body, response);
      })
      .catch((error: unknown) => answer(response, 500, { ok: false, error_code: 500, description: String(error) }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    botUsername,
    messages,
    webhooks,
    userSends,
    block: (chatId) => blocked.add(chatId),
    down: (value) => {
      isDown = value;
      if (value) wakePollers();
    },
    waitForMessages: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          messageWaiters.delete(check);
          clearTimeout(timer);
          resolve(messages.slice());
        };
        const timer = setTimeout(() => {
          messageWaiters.delete(check);
          reject(new Error(`the bot sent ${messages.length} of ${count} messages`));
        }, timeoutMs);
        messageWaiters.add(check);
        check();
      }),
    close: async () => {
      wakePollers();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
