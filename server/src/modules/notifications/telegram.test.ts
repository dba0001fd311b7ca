/**
 * The Telegram channel against the Bot API stand-in on loopback (the real client, real HTTP): linking
 * with a one-time `/start TOKEN`, messages with a link back to the task, a blocked bot (403) turning the
 * channel off, a Bot API that is down (retried with backoff, nothing lost), and the outbox delivering
 * each message once while two server processes work from it.
 */
import type { TelegramLink, UserProfile } from '@negayno/shared/contract';
import type { BuiltApp } from '../../app.js';
import type { UserRow } from '../../db/schema.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../dev/telegram-stand-in.js';
import { createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { deliveryLogOf } from './repo.js';

describe('Telegram notifications', () => {
  let standIn: TelegramStandIn;
  let ctx: TestContext;
  let actor: UserRow;
  let nextChatId = 5000;

  beforeAll(async () => {
    standIn = await startTelegramStandIn();
    ctx = await createTestContext({
      env: {
        TELEGRAM_BOT_TOKEN: standIn.token,
        TELEGRAM_API_URL: standIn.url,
        TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
        NOTIFICATION_POLL_MS: '100',
        PUBLIC_URL: 'https://app.negayno.test',
      },
    });
    actor = await createUser(ctx.db, { firstname: 'Олена', lastname: 'Коваленко' });
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  const dataOf = <T>(response: { body: unknown }): T => {
    const body = response.body as { status: string; data: T };
    if (body.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(body)}`);
    return body.data;
  };
  const profileOf = async (cookie: string) => dataOf<UserProfile>(await ctx.get('/api/user/profile', { cookie }));

  async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A user who linked the bot through the deep link, as a person would: `/start TOKEN` in the chat. */
  async function linkedUser(language: 'uk' | 'en' = 'uk'): Promise<{ user: UserRow; cookie: string; chatId: number }> {
    const user = await createUser(ctx.db, { language });
    const cookie = await ctx.login(user.email);
    const link = dataOf<TelegramLink>(await ctx.post('/api/channel/telegram/link', undefined, { cookie }));
    const chatId = nextChatId++;
    standIn.userSends(chatId, `/start ${link.token}`, `person${chatId}`);
    // Linked once the bot has answered this chat.
    await until(
      () => standIn.messages.some((message) => message.chatId === chatId),
      (answered) => answered,
    );
    return { user, cookie, chatId };
  }

  it('links with a one-time deep link; a reused or wrong token is refused in the chat', async () => {
    const user = await createUser(ctx.db, { language: 'en' });
    const cookie = await ctx.login(user.email);
    expect((await profileOf(cookie)).channels.telegram).toEqual({ name: null, token: null, enabled: false, linked: false, blocked: false, available: true });

    const link = dataOf<TelegramLink>(await ctx.post('/api/channel/telegram/link', undefined, { cookie }));
    expect(link.url).toBe(`https://t.me/${standIn.botUsername}?start=${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{20,64}$/);

    standIn.userSends(7001, `/start ${link.token}`, 'olena');
    const [reply] = (await standIn.waitForMessages(standIn.messages.length + 1)).slice(-1);
    expect(reply).toMatchObject({ chatId: 7001, text: expect.stringContaining('Telegram is linked to Negayno') });
    expect((await profileOf(cookie)).channels.telegram).toEqual({ name: 'olena', token: null, enabled: true, linked: true, blocked: false, available: true });

    // The same token again (another chat): spent. A token nobody issued: wrong. The link stays with 7001.
    for (const [chatId, text] of [
      [7002, `/start ${link.token}`],
      [7003, '/start not-a-real-token-at-all'],
    ] as const) {
      standIn.userSends(chatId, text);
      const [answer] = (await standIn.waitForMessages(standIn.messages.length + 1)).slice(-1);
      expect(answer).toMatchObject({ chatId, text: expect.stringContaining('already used') });
    }
    const row = await ctx.db.selectFrom('telegram_channels').select(['chat_id', 'link_token_hash']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ chat_id: 7001, link_token_hash: null });
  });

  it('sends a notification with a link back to the task, in the recipient’s language', async () => {
    const { user, chatId } = await linkedUser('en');
    const project = await createProject(ctx.db, { owner: user, name: 'Shop' });
    const task = await createTask(ctx.db, { project, author: user, status: 'discussion', name: 'Cart' });
    const before = standIn.messages.length;
    await ctx.services.notifications.notify(ctx.db, { kind: 'task_created', actorId: actor.id, userIds: [user.id], taskId: task.id });
    const [message] = (await standIn.waitForMessages(before + 1)).slice(-1);
    expect(message).toMatchObject({
      chatId,
      text: `Олена Коваленко created task #${task.number} “Cart” in “Shop”\nhttps://app.negayno.test/task/${task.id}?projectId=${project.id}`,
    });
  });

  it('turns the channel off when Telegram answers 403 (the bot is blocked), and the profile says so', async () => {
    const { user, cookie, chatId } = await linkedUser();
    standIn.block(chatId);
    const [notified] = await ctx.db.transaction().execute(async (trx) => {
      await ctx.services.notifications.notify(trx, { kind: 'invitation_sent', actorId: actor.id, userIds: [user.id] });
      return trx.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute();
    });
    const log = await until(
      () => deliveryLogOf(ctx.db, notified!.id, 'telegram'),
      (rows) => rows.length > 0,
    );
    expect(log).toEqual([{ attempt: 1, outcome: 'failed', httpStatus: 403, error: expect.stringContaining('blocked'), status: 'failed' }]);
    expect((await profileOf(cookie)).channels.telegram).toMatchObject({ enabled: false, linked: true, blocked: true });

    // Turned off, later notifications go in the app only; turning it on again clears the block.
    await ctx.services.notifications.notify(ctx.db, { kind: 'invitation_sent', actorId: actor.id, userIds: [user.id] });
    const telegramRows = await ctx.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select('d.id')
      .where('n.user_id', '=', user.id)
      .where('d.channel', '=', 'telegram')
      .execute();
    expect(telegramRows).toHaveLength(1);
    const enabled = dataOf<UserProfile>(await ctx.request('PUT', '/api/channel/telegram/update-settings', { cookie, payload: { enabled: true } }));
    expect(enabled.channels.telegram).toMatchObject({ enabled: true, blocked: false });
  });

  it('retries with backoff while the Bot API is down, loses nothing, and delivers once it is back', async () => {
    const { user, chatId } = await linkedUser();
    standIn.down(true);
    await ctx.services.notifications.notify(ctx.db, { kind: 'invitation_sent', actorId: actor.id, userIds: [user.id] });
    const notification = await ctx.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await until(
      () => deliveryLogOf(ctx.db, notification.id, 'telegram'),
      (rows) => rows.length >= 2,
    );
    // The app is unaffected meanwhile: calls answer as usual.
    expect((await ctx.get('/api/version')).status).toBe(200);
    const before = standIn.messages.length;
    standIn.down(false);
    await standIn.waitForMessages(before + 1);
    const log = await until(
      () => deliveryLogOf(ctx.db, notification.id, 'telegram'),
      (rows) => rows.at(-1)?.outcome === 'sent',
    );
    expect(log.slice(0, 2).map((row) => [row.outcome, row.httpStatus])).toEqual([
      ['retry', 502],
      ['retry', 502],
    ]);
    expect(standIn.messages.filter((message) => message.chatId === chatId && message.text.includes('запрошує'))).toHaveLength(1);
  });

  it('enables, disables and unlinks; a channel that is not linked answers channel_not_found', async () => {
    const { user, cookie } = await linkedUser();
    const off = dataOf<UserProfile>(await ctx.request('PUT', '/api/channel/telegram/update-settings', { cookie, payload: { enabled: false } }));
    expect(off.channels.telegram).toMatchObject({ enabled: false, linked: true });
    await ctx.services.notifications.notify(ctx.db, { kind: 'invitation_sent', actorId: actor.id, userIds: [user.id] });
    const channels = await ctx.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select('d.channel')
      .where('n.user_id', '=', user.id)
      .execute();
    // The app and email (on by default), no Telegram.
    expect(channels.map((row) => row.channel).sort()).toEqual(['app', 'email']);

    const unlinked = dataOf<UserProfile>(await ctx.request('DELETE', '/api/channel/telegram/delete', { cookie }));
    expect(unlinked.channels.telegram).toMatchObject({ linked: false, enabled: false, name: null });
    expect((await ctx.request('DELETE', '/api/channel/telegram/delete', { cookie })).body).toMatchObject({ code: 'channel_not_found' });
    expect((await ctx.request('PUT', '/api/channel/telegram/update-settings', { cookie, payload: { enabled: true } })).body).toMatchObject({
      code: 'channel_not_found',
    });
    expect((await ctx.request('PUT', '/api/channel/whatsapp/update-settings', { cookie, payload: { enabled: true } })).body).toMatchObject({
      code: 'channel_not_found',
    });
    expect((await ctx.request('PUT', '/api/channel/telegram/update-settings', { cookie, payload: { enabled: 'yes' } })).body).toMatchObject({
      code: 'invalid_value',
    });
  });

  it('delivers each message exactly once while two server processes work the outbox', async () => {
    const second: BuiltApp = await ctx.buildAnotherApp();
    try {
      const people = await Promise.all([linkedUser(), linkedUser(), linkedUser()]);
      const before = standIn.messages.length;
      const count = 60;
      for (let i = 0; i < count; i += 1) {
        const person = people[i % people.length]!;
        const service = i % 2 === 0 ? ctx.services.notifications : second.services.notifications;
        await ctx.db
          .transaction()
          .execute((trx) => service.notify(trx, { kind: 'invitation_sent', actorId: actor.id, userIds: [person.user.id], payload: { projectName: `P${i}` } }));
      }
      await standIn.waitForMessages(before + count, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const texts = standIn.messages.slice(before).map((message) => message.text);
      expect(texts).toHaveLength(count);
      expect(new Set(texts).size).toBe(count);
      const sentTwice = await ctx.db
        .selectFrom('notification_delivery_log')
        .select('delivery_id')
        .where('outcome', '=', 'sent')
        .groupBy('delivery_id')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
      expect(sentTwice).toEqual([]);
    } finally {
      await second.close();
    }
  }, 90_000);
});
