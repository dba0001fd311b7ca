import { type AddressInfo, createServer } from 'node:net';
import { ConfigError, loadConfig } from '../../config.js';
import { FlowClient } from '../../test/flows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { createMailer } from './mailer.js';
import { OutboxMailer, REDACTED_CODE, readOutbox } from './outbox.js';
import { SMTP_TIMEOUTS, SmtpMailer } from './smtp.js';
import { confirmationCodeMail } from './templates.js';

async function issueClientCode(ctx: TestContext): Promise<string> {
  return (await ctx.services.invitations.issue({ kind: 'client', maxUses: null, expiresAt: null, issuedBy: null, note: null })).code;
}

describe('mail over SMTP (SMTP_URL set)', () => {
  let catcher: SmtpCatcher;
  let ctx: TestContext;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    ctx = await createTestContext({ env: { SMTP_URL: catcher.url, MAIL_FROM: 'Negayno <codes@negayno.test>' } });
  });
  afterAll(async () => {
    await ctx.close();
    await catcher.close();
  });

  it('uses nodemailer when SMTP_URL is set', () => {
    expect(ctx.services.mailer).toBeInstanceOf(SmtpMailer);
  });

  it('delivers the confirmation code to a real SMTP server, in the request’s language, and the code works', async () => {
    const flow = new FlowClient(ctx, 'registration', { headers: { 'accept-language': 'en' } });
    await flow.ok('check-invitation-code', { code: await issueClientCode(ctx) });
    await flow.ok('email', { email: 'smtp-reader@example.test' });

    const mail = await catcher.mailTo('smtp-reader@example.test');
    expect(mail.from).toBe('codes@negayno.test');
    const code = /^\s+(\d{6})$/m.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Your Negayno confirmation code: ${code}`);
    expect(mail.text).toContain('valid for 10 minutes');
    expect(await flow.ok('check-email', { code })).toEqual({ next: 'country' });
    // Nothing goes to the outbox when a mail server is configured.
    expect(await readOutbox(ctx.db, { to: 'smtp-reader@example.test', limit: 1 })).toEqual([]);
  });

  it('writes the recovery mail in Ukrainian by default', async () => {
    const flow = new FlowClient(ctx, 'restore-password');
    await ctx.services.users.createAccount({
      email: 'uk-reader@example.test',
      password: 'correct-horse-battery',
      firstname: 'Ольга',
      lastname: 'Мельник',
      role: 'user',
    });
    await flow.ok('email', { email: 'uk-reader@example.test' });
    const mail = await catcher.mailTo('uk-reader@example.test');
    expect(mail.subject).toMatch(/^Відновлення пароля Negayno: \d{6}$/);
    expect(mail.text).toContain('Код діє 10 хвилин.');
  });
});

describe('mail with no mail server', () => {
  it('keeps the mail in the outbox and names the recipient and the code in one log line', async () => {
    const ctx = await createTestContext();
    try {
      const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
      const mailer = new OutboxMailer(ctx.db, { info: ((fields: Record<string, unknown>, message: string) => lines.push({ fields, message })) as never });
      await mailer.send({ to: 'reader@example.test', subject: 'Код', text: 'Ваш код: 123456', code: '123456' });
      expect(lines).toEqual([
        { fields: { mailTo: 'reader@example.test', mailCode: '123456' }, message: expect.stringMatching(/reader@example\.test.*123456/) },
      ]);
      const [kept] = await readOutbox(ctx.db, { to: 'READER@example.test', limit: 5 });
      expect(kept).toMatchObject({ recipient: 'reader@example.test', subject: 'Код', body: 'Ваш код: 123456', code: '123456' });
      expect(ctx.services.mailer).toBeInstanceOf(OutboxMailer);
    } finally {
      await ctx.close();
    }
  });

  it('keeps no live code in the outbox of a production install; the log line still names it (issue 35 K5)', async () => {
    const ctx = await createTestContext();
    try {
      const lines: string[] = [];
      const log = { info: ((_fields: unknown, message: string) => lines.push(message)) as never, warn: () => undefined };
      const mailer = createMailer({ smtpUrl: null, mailFrom: 'x@y.z', isProduction: true }, ctx.db, log);
      await mailer.send({ to: 'prod@example.test', subject: 'Код 654321', text: 'Ваш код: 654321', code: '654321' });
      const [kept] = await readOutbox(ctx.db, { to: 'prod@example.test', limit: 5 });
      expect(JSON.stringify(kept)).not.toContain('654321');
      expect(kept).toMatchObject({ subject: `Код ${REDACTED_CODE}`, body: `Ваш код: ${REDACTED_CODE}`, code: null });
      expect(lines).toEqual([expect.stringContaining('654321')]);
    } finally {
      await ctx.close();
    }
  });

  it('chooses the mailer by SMTP_URL', async () => {
    const ctx = await createTestContext();
    try {
      const log = { info: () => undefined } as never;
      expect(createMailer({ smtpUrl: null, mailFrom: 'x@y.z' }, ctx.db, log)).toBeInstanceOf(OutboxMailer);
      const smtp = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', mailFrom: 'x@y.z' }, ctx.db, log);
      expect(smtp).toBeInstanceOf(SmtpMailer);
      await smtp.close();
    } finally {
      await ctx.close();
    }
  });
});

describe('a mail server that is down (issue 35)', () => {
  it('answers mail_is_unavailable (503), spends no resend, and leaves the flow where it was', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const flow = new FlowClient(ctx, 'registration');
      await flow.ok('check-invitation-code', { code: await issueClientCode(ctx) });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        // The immediate retry is told the same, not 429: the first mail never left.
        const response = await flow.call('email', { email: 'unlucky@example.test' });
        expect(response.status).toBe(503);
        expect(response.body).toMatchObject({ code: 'mail_is_unavailable' });
      }
      expect((await flow.call('check-email', { code: '123456' })).body).toMatchObject({ code: 'method_not_allowed' });
    } finally {
      await ctx.close();
    }
  });

  it('gives up on a server that accepts the connection and never greets, within seconds', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'x@y.z', { warn: () => undefined } as never);
    try {
      const started = Date.now();
      await expect(mailer.send({ to: 'a@b.cd', subject: 's', text: 't' })).rejects.toMatchObject({ code: 'mail_is_unavailable' });
      expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUTS.greetingMs + 2_000);
    } finally {
      await mailer.close();
      silent.close();
    }
  }, 20_000);
});

describe('mail configuration', () => {
  it('reads SMTP_URL and MAIL_FROM, with a default sender', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: null, mailFrom: 'Negayno <no-reply@negayno.local>' });
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.test:465', MAIL_FROM: 'A <a@b.cd>' })).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.test:465',
      mailFrom: 'A <a@b.cd>',
    });
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.test' })).toThrow(ConfigError);
  });
});

describe('the confirmation code mail', () => {
  it.each([
    [900, 'uk', 'Код діє 15 хвилин.'],
    [60, 'uk', 'Код діє 1 хвилину.'],
    [120, 'uk', 'Код діє 2 хвилини.'],
    [21 * 60, 'uk', 'Код діє 21 хвилину.'],
    [45, 'uk', 'Код діє 45 секунд.'],
    [3, 'uk', 'Код діє 3 секунди.'],
    [900, 'en', 'The code is valid for 15 minutes.'],
    [60, 'en', 'The code is valid for 1 minute.'],
    [1, 'en', 'The code is valid for 1 second.'],
  ] as const)('tells a lifetime of %i s in %s words: %s', (seconds, language, sentence) => {
    expect(confirmationCodeMail('reader@example.test', '123456', 'registration', language, seconds).text).toContain(sentence);
  });
});
