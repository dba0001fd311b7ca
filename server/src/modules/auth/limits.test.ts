import { createUser } from '../../seed/builders.js';
import { LIMITS } from './limits.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('login attempt limits', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string, remoteAddress: string) => ctx.post('/api/login', { email, password }, { remoteAddress });

  it('locks an account after five wrong passwords from any addresses, across a restart', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, 'wrong-password', `192.0.2.${i + 1}`)).body).toMatchObject({ code: 'authorization_failed' });
    const locked = await login(user.email, 'correct-horse-battery', '192.0.2.99');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'authorization_too_much' });

    const restarted = await ctx.buildAnotherApp();
    try {
      const response = await restarted.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'correct-horse-battery' },
        remoteAddress: '192.0.2.100',
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('lets an office behind one address keep signing in while some of its people mistype', async () => {
    const ip = '192.0.2.200';
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx.db)));
    // 16 failures from one address (three times an account's limit), four per person: nobody is locked.
    for (const person of people) for (let i = 0; i < 4; i += 1) await login(person.email, 'wrong-password', ip);
    for (const person of people) expect((await login(person.email, 'correct-horse-battery', ip)).status).toBe(200);
  });

  it('stops one address that tries many accounts', async () => {
    const ip = '192.0.2.201';
    // 99 earlier failures of this address on as many accounts (recorded directly: argon2 is slow on purpose), then one more.
    for (let i = 0; i < 99; i += 1) await ctx.services.limiter.consumeAll([[LIMITS.loginIp, ip]]);
    expect((await login('nobody@example.test', 'wrong-password', ip)).body).toMatchObject({ code: 'authorization_failed' });
    const user = await createUser(ctx.db);
    expect((await login(user.email, 'correct-horse-battery', ip)).body).toMatchObject({ code: 'authorization_too_much' });
    expect((await login(user.email, 'correct-horse-battery', '192.0.2.202')).status).toBe(200);
  });

  it('does not let a stranger lock the owner out of a browser that signed in before (device cookie)', async () => {
    const user = await createUser(ctx.db);
    const signedIn = await login(user.email, 'correct-horse-battery', '192.0.2.50');
    const device = signedIn.cookies.find((cookie) => cookie.name === 'negayno_device');
    expect(device).toMatchObject({ httpOnly: true, path: '/' });
    const ownersBrowser = { cookie: `negayno_device=${device!.value}` };

    for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong-password', `203.0.113.${i + 1}`);
    expect((await login(user.email, 'correct-horse-battery', '203.0.113.9')).status).toBe(429);
    const forged = await ctx.post(
      '/api/login',
      { email: user.email, password: 'correct-horse-battery' },
      { remoteAddress: '203.0.113.9', cookie: `negayno_device=${device!.value.slice(0, -2)}xx` },
    );
    expect(forged.status).toBe(429);
    const owner = await ctx.post('/api/login', { email: user.email, password: 'correct-horse-battery' }, { remoteAddress: '192.0.2.50', ...ownersBrowser });
    expect(owner.status).toBe(200);
  });

  it('locks a known browser after its own five wrong passwords, and its cookie does not serve another account', async () => {
    const [user, other] = [await createUser(ctx.db), await createUser(ctx.db)];
    const device = (await login(user.email, 'correct-horse-battery', '192.0.2.60')).cookies.find((cookie) => cookie.name === 'negayno_device')!;
    const fromDevice = (email: string, password: string) =>
      ctx.post('/api/login', { email, password }, { remoteAddress: '192.0.2.60', cookie: `negayno_device=${device.value}` });
    for (let i = 0; i < 5; i += 1) expect((await fromDevice(user.email, 'wrong-password')).body).toMatchObject({ code: 'authorization_failed' });
    expect((await fromDevice(user.email, 'correct-horse-battery')).status).toBe(429);

    for (let i = 0; i < 5; i += 1) await login(other.email, 'wrong-password', `203.0.113.${20 + i}`);
    expect((await fromDevice(other.email, 'correct-horse-battery')).status).toBe(429);
  });
});
