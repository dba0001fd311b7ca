import { createTestContext, type TestContext } from '../../test/harness.js';
import type { BotApi, TelegramUpdate } from './telegram/bot-api.js';
import { TelegramPoller } from './telegram/poller.js';

/**
 * Issue 35: against a Bot API that answers getUpdates at once (an emulator, or a proxy that ignores the
 * long-poll timeout) the poller must not spin: it pauses after an empty round, and backs off further
 * after each failed one.
 */
describe('the Telegram poller between rounds', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function callsWithin(ms: number, answer: () => Promise<TelegramUpdate[]>): Promise<number> {
    let calls = 0;
    const api = {
      // Answered on the next turn of the event loop, as a network answer comes: timers still run.
      getUpdates: async () => {
        calls += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return answer();
      },
    } as unknown as BotApi;
    const log = { error: () => undefined };
    const poller = new TelegramPoller(ctx.db, api, async () => undefined, { timeoutSeconds: 25, idleMs: 100, maxIdleMs: 1_000, log });
    poller.start();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await poller.stop();
    return calls;
  }

  it('pauses after an empty round instead of asking again at once', async () => {
    expect(await callsWithin(1_000, async () => [])).toBeLessThanOrEqual(12);
  });

  it('backs off after failed rounds, doubling the pause', async () => {
    // 100 + 200 + 400 ms of pauses fit in a second: four calls at most, where a fixed pause makes ten.
    expect(await callsWithin(1_000, () => Promise.reject(new Error('Bot API down')))).toBeLessThanOrEqual(5);
  });
});
