/**
 * The bot's webhook mode against the Bot API stand-in: the server registers the webhook with its secret
 * at start, refuses updates without the secret, and links an account from `/start TOKEN` posted by
 * Telegram exactly as the long polling does.
 */
import type { TelegramLink, UserProfile } from '@negayno/shared/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../dev/telegram-stand-in.js';
import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext, type TestResponse } from '../../test/harness.js';

const SECRET = 'webhook_Secret-0123456789';

describe('Telegram webhook mode', () => {
  let standIn: TelegramStandIn;
  let ctx: TestContext;

  beforeAll(async () => {
    standIn = await startTelegramStandIn();
    ctx = await createTestContext({
      env: {
        TELEGRAM_BOT_TOKEN: standIn.token,
        TELEGRAM_API_URL: standIn.url,
        TELEGRAM_WEBHOOK_URL: 'https://hooks.negayno.test/',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  const dataOf = <T>(response: TestResponse<T>): T => {
    if (response.body.status !== 'ok') throw new Error(`not ok (${response.status}): ${response.text}`);
    return response.body.data;
  };

  const update = (chatId: number, text: string) => ({
    update_id: 900_000 + chatId,
    message: {
      message_id: 1,
      date: 1,
      text,
      chat: { id: chatId, type: 'private', username: 'hooked' },
      from: { id: chatId, is_bot: false, username: 'hooked' },
    },
  });
  const postUpdate = (body: object, secret?: string) =>
    ctx.post('/api/telegram/webhook', body, { headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret } });

  async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('registers the webhook at start with the secret, at the public base URL', async () => {
    await until(() => standIn.webhooks.length > 0);
    expect(standIn.webhooks).toEqual([{ url: 'https://hooks.negayno.test/api/telegram/webhook', secretToken: SECRET }]);
  });

  it('refuses an update with a wrong or missing secret (403) and links nobody', async () => {
    const user = await createUser(ctx.db, { language: 'en' });
    const cookie = await ctx.login(user.email);
    const link = dataOf(await ctx.post<TelegramLink>('/api/channel/telegram/link', undefined, { cookie }));
    const before = standIn.messages.length;
    for (const secret of [undefined, 'wrong', `${SECRET}x`, SECRET.slice(0, -1), '']) {
      const refused = await postUpdate(update(8101, `/start ${link.token}`), secret);
      expect([refused.status, refused.body]).toEqual([403, expect.objectContaining({ code: 'access_denied' })]);
    }
    expect(standIn.messages.length).toBe(before);
    expect(dataOf(await ctx.get<UserProfile>('/api/user/profile', { cookie })).channels.telegram).toMatchObject({ linked: false });
  });

  it('links the account from /start TOKEN with the right secret, and answers in the chat', async () => {
    const user = await createUser(ctx.db, { language: 'en' });
    const cookie = await ctx.login(user.email);
    const link = dataOf(await ctx.post<TelegramLink>('/api/channel/telegram/link', undefined, { cookie }));
    const accepted = await postUpdate(update(8102, `/start ${link.token}`), SECRET);
    expect([accepted.status, accepted.body]).toEqual([200, { status: 'ok', data: null }]);
    expect(standIn.messages.at(-1)).toMatchObject({ chatId: 8102, text: expect.stringContaining('Telegram is linked to Negayno') });
    expect(dataOf(await ctx.get<UserProfile>('/api/user/profile', { cookie })).channels.telegram).toMatchObject({
      linked: true,
      enabled: true,
      name: 'hooked',
    });
    // The token is spent: Telegram posting the same update again links nothing new and says so.
    await postUpdate(update(8103, `/start ${link.token}`), SECRET);
    expect(standIn.messages.at(-1)).toMatchObject({ chatId: 8103, text: expect.stringContaining('already used') });
  });

  it('answers a malformed update with invalid_value once the secret is right', async () => {
    const refused = await postUpdate({ update_id: 'x' }, SECRET);
    expect([refused.status, refused.body]).toEqual([400, expect.objectContaining({ code: 'invalid_value' })]);
  });

  it('wants the webhook URL and its secret together, and a secret Telegram accepts', () => {
    expect(() => loadConfig({ TELEGRAM_WEBHOOK_URL: 'https://hooks.negayno.test' })).toThrow(ConfigError);
    expect(() => loadConfig({ TELEGRAM_WEBHOOK_SECRET: SECRET })).toThrow(ConfigError);
    expect(() => loadConfig({ TELEGRAM_WEBHOOK_URL: 'https://hooks.negayno.test', TELEGRAM_WEBHOOK_SECRET: 'has spaces' })).toThrow(ConfigError);
    expect(loadConfig({}).telegram.webhook).toBeNull();
  });
});
