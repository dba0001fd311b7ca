/**
 * Email notifications against a real SMTP server on loopback (the catcher) and the real chats: missed
 * chat messages go as one digest after the quiet period and not before, only the ones not viewed, once
 * even with two server processes; other chosen events are mailed in the person's language; the choices
 * are respected; the unsubscribe link turns email off and a forged one is refused.
 */
import type { UserProfile } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { BuiltApp } from '../../app.js';
import type { TaskRow, UserRow } from '../../db/schema.js';
import { createChats, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext, type TestResponse } from '../../test/harness.js';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { castOf, type Cast } from '../../test/workflow-kit.js';
import { unsubscribeUrl } from './email/unsubscribe.js';

const PUBLIC_URL = 'https://app.negayno.test';

function dataOf<T>(response: TestResponse<T>): T {
  if (response.body.status !== 'ok') throw new Error(`not ok (${response.status}): ${response.text}`);
  return response.body.data;
}

describe('email notifications: the chat digest, chosen events, unsubscribe (issue 14)', () => {
  let catcher: SmtpCatcher;
  let ctx: TestContext;
  let cast: Cast;
  let task: TaskRow;
  let chats: { main: number; work: number };

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    // The workers' own timers are slow here: each test drains when it means to, so "not yet" is certain.
    ctx = await createTestContext({ env: { SMTP_URL: catcher.url, PUBLIC_URL, EMAIL_DIGEST_QUIET_MINUTES: '15', EMAIL_BATCH_SECONDS: '3600' } });
    cast = await castOf(ctx);
    task = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'discussion', name: 'Кошик' });
    chats = await createChats(ctx.db, task);
  });
  afterAll(async () => {
    await ctx.close();
    await catcher.close();
  });

  const asAuth = (user: UserRow) => ({ id: user.id, role: user.role, email: user.email });
  const say = async (who: UserRow, text: string) => (await ctx.services.chats.send(asAuth(who), chats.main, { message: text }, null)).id;
  const mailsTo = (user: UserRow): CaughtMail[] => catcher.mails.filter((mail) => mail.to.includes(user.email.toLowerCase()));
  /** Moves a person's waiting email rows back in time, as if that many minutes had passed. */
  const age = (user: UserRow, minutes: number) =>
    sql`UPDATE notification_deliveries AS d SET created_at = d.created_at - make_interval(mins => ${minutes})
        FROM notifications AS n WHERE n.id = d.notification_id AND n.user_id = ${user.id} AND d.channel = 'email'`.execute(ctx.db);
  /** A person's email rows, oldest first; `afterId` leaves out the ones of earlier tests. */
  const emailRowsOf = (user: UserRow, afterId = 0) =>
    ctx.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select(['d.status', 'n.kind', 'd.last_error as reason'])
      .where('n.user_id', '=', user.id)
      .where('d.channel', '=', 'email')
      .where('d.id', '>', afterId)
      .orderBy('d.id')
      .execute();
  const drain = () => ctx.services.emailDigest.drain();

  it('mails the missed chat messages as one digest after the quiet period, not before, and only the unviewed ones', async () => {
    const reader = cast.people.author;
    const first = await say(cast.people.pm, 'Перше: ви бачили макет?');
    await say(cast.people.pm, 'Друге питання про кошик,\n  з переносом рядка');
    await say(cast.people.am, 'Третє: чекаємо на відповідь');
    // The reader opens the chat and sees the first message only.
    dataOf(await ctx.post(`/api/message/${first}/viewed`, undefined, { cookie: cast.cookies.author }));

    await drain();
    await age(reader, 14);
    await drain();
    expect(mailsTo(reader)).toEqual([]);
    expect((await emailRowsOf(reader)).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);

    await age(reader, 2);
    await drain();
    const [mail, ...more] = mailsTo(reader);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Negayno: непрочитані повідомлення в чатах задач');
    expect(mail!.text).toContain(`#${task.number} «Кошик»`);
    expect(mail!.text).toContain(': 2 повідомлення');
    expect(mail!.text).toContain('Друге питання про кошик, з переносом рядка');
    expect(mail!.text).toContain('Третє: чекаємо на відповідь');
    expect(mail!.text).not.toContain('Перше');
    expect(mail!.text).toContain(`${PUBLIC_URL}/task/${task.id}?projectId=${cast.projectId}`);
    const link = unsubscribeUrl(PUBLIC_URL, ctx.config.secret, reader.id);
    expect(mail!.text).toContain(link);
    expect(mail!.headers['list-unsubscribe']).toBe(`<${link}>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await emailRowsOf(reader)).map((row) => [row.status, row.reason])).toEqual([
      ['skipped', 'the message was viewed or deleted'],
      ['sent', null],
      ['sent', null],
    ]);

    // Nothing is mailed twice: another pass, another process.
    const second: BuiltApp = await ctx.buildAnotherApp();
    try {
      await Promise.all([drain(), second.services.emailDigest.drain()]);
    } finally {
      await second.close();
    }
    expect(mailsTo(reader)).toHaveLength(1);
  });

  it('starts the quiet period again with each new message', async () => {
    const reader = cast.people.sm;
    await say(cast.people.pm, 'Раз');
    await age(reader, 20);
    await say(cast.people.pm, 'Два');
    await age(reader, 10);
    await drain();
    expect(mailsTo(reader)).toEqual([]);
    await age(reader, 6);
    await drain();
    expect(mailsTo(reader)).toHaveLength(1);
    expect(mailsTo(reader)[0]!.text).toMatch(/Раз[\s\S]*Два/);
  });

  it('gives each person one mail even while two processes drain at once', async () => {
    const second: BuiltApp = await ctx.buildAnotherApp();
    try {
      const people = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(ctx.db, { language: 'en' })));
      for (const person of people)
        for (let i = 0; i < 3; i += 1)
          await ctx.services.notifications.notify(ctx.db, {
            kind: 'invitation_sent',
            actorId: cast.people.admin.id,
            userIds: [person.id],
            projectId: cast.projectId,
          });
      await Promise.all([drain(), second.services.emailDigest.drain(), drain(), second.services.emailDigest.drain()]);
      for (const person of people) {
        const mails = mailsTo(person);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe('Negayno: 3 new events');
        expect(mails[0]!.text.match(/invited you to the project/g)).toHaveLength(3);
      }
    } finally {
      await second.close();
    }
  });

  it('mails an event at once, in the person’s language, worded as in the app', async () => {
    const person = await createUser(ctx.db, { language: 'en', firstname: 'Olena' });
    await ctx.services.notifications.notify(ctx.db, { kind: 'task_created', actorId: cast.people.admin.id, userIds: [person.id], taskId: task.id });
    await drain();
    const [mail] = mailsTo(person);
    expect(mail!.subject).toBe(`Negayno: Адмін Користувач created task #${task.number} “Кошик” in “${await projectName()}”`);
    expect(mail!.text).toMatch(/^Hello Olena,/);
    expect(mail!.text).toContain(`${PUBLIC_URL}/task/${task.id}?projectId=${cast.projectId}`);
  });

  async function projectName(): Promise<string> {
    return (await ctx.db.selectFrom('projects').select('name').where('id', '=', cast.projectId).executeTakeFirstOrThrow()).name;
  }

  it('respects the choices: a group turned off queues no mail, and rows queued before are skipped', async () => {
    const reader = cast.people.am;
    const { lastId } = await ctx.db
      .selectFrom('notification_deliveries')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('lastId'))
      .executeTakeFirstOrThrow();
    const profile = dataOf(await ctx.request<UserProfile>('GET', '/api/user/profile', { cookie: cast.cookies.am }));
    expect(profile.channels.email).toEqual({ enabled: true, tasks: true, chat: true, money: true, invitations: true });

    await say(cast.people.pm, 'До вимкнення');
    const off = dataOf(await ctx.request<UserProfile>('PUT', '/api/user/update-settings', { cookie: cast.cookies.am, payload: { email: { chat: false } } }));
    expect(off.channels.email).toEqual({ enabled: true, tasks: true, chat: false, money: true, invitations: true });
    await say(cast.people.pm, 'Після вимкнення');
    await age(reader, 30);
    await drain();
    // Chat mail is off: the messages queued before (this test's and earlier ones') are not mailed either.
    expect(mailsTo(reader)).toEqual([]);
    expect((await emailRowsOf(reader, lastId)).map((row) => [row.status, row.reason])).toEqual([['skipped', 'email is off for this']]);

    for (const payload of [{ email: { chat: 'yes' } }, { email: {} }, { email: { everything: true } }]) {
      const refused = await ctx.request('PUT', '/api/user/update-settings', { cookie: cast.cookies.am, payload });
      expect([refused.status, refused.body]).toEqual([400, expect.objectContaining({ code: 'invalid_value' })]);
    }
  });

  it('unsubscribes with the signed link (no login), in the person’s language; a forged link is refused', async () => {
    const person = await createUser(ctx.db, { language: 'en' });
    const link = unsubscribeUrl(PUBLIC_URL, ctx.config.secret, person.id);
    const path = link.slice(PUBLIC_URL.length);
    const other = await createUser(ctx.db);

    for (const forged of [
      path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
      path.replace(`/${person.id}/`, `/${other.id}/`),
      `/api/email/unsubscribe/${person.id}/${'x'.repeat(43)}`,
      `/api/email/unsubscribe/0${person.id}/${path.split('/').at(-1)}`,
    ]) {
      const refused = await ctx.get(forged);
      expect(refused.status).toBe(404);
      expect(refused.text).toContain('unsubscribe-refused');
    }
    const untouched = await ctx.db.selectFrom('users').select('email_enabled').where('id', 'in', [person.id, other.id]).execute();
    expect(untouched.map((row) => row.email_enabled)).toEqual([true, true]);

    const page = await ctx.get(path);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain('Emails are off');
    const cookie = await ctx.login(person.email);
    expect(dataOf(await ctx.request<UserProfile>('GET', '/api/user/profile', { cookie })).channels.email).toMatchObject({ enabled: false, chat: true });
    await ctx.services.notifications.notify(ctx.db, { kind: 'invitation_sent', actorId: cast.people.admin.id, userIds: [person.id] });
    expect(await emailRowsOf(person)).toEqual([]);

    // A mail client's one-click POST (RFC 8058) does the same, with no Origin and a form body.
    const ukPerson = await createUser(ctx.db);
    const oneClick = await ctx.request('POST', unsubscribeUrl(PUBLIC_URL, ctx.config.secret, ukPerson.id).slice(PUBLIC_URL.length), {
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('Листи вимкнено');
  });
});
