import { sql } from 'kysely';
import type { UserProfile } from '@negayno/shared/contract';
import type { BuiltApp } from '../../app.js';
import type { UserRow } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { addMember, assignPerformer, attachStaff, createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, injectInto, type TestContext } from '../../test/harness.js';
import { EVERY_PROFILE, MAX_AGE_MS, MAX_ENTRIES, ProfileAnswers } from './profile-answers.js';

const someone: AuthUser = { id: 7, role: 'user', email: 'a@test.test' };

/** A profile read the test finishes by hand, to change things while it is under way. */
function deferredReads() {
  const pending: Array<{ user: AuthUser; finish: (name: string) => void }> = [];
  let reads = 0;
  const read = (user: AuthUser) =>
    new Promise<UserProfile>((resolve) => {
      reads += 1;
      pending.push({ user, finish: (firstname) => resolve({ id: user.id, firstname } as UserProfile) });
    });
  return { read, pending, reads: () => reads };
}

const firstnameOf = (answer: { json: Buffer }) => (JSON.parse(answer.json.toString()) as { data: UserProfile }).data.firstname;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ProfileAnswers', () => {
  it('keeps a read answer for its user, shares a read under way, and reads again after MAX_AGE_MS', async () => {
    let now = 1_000_000;
    const reads = deferredReads();
    const answers = new ProfileAnswers(reads.read, () => now);
    const first = answers.of(someone);
    const second = answers.of(someone);
    reads.pending[0]!.finish('Олена');
    expect(firstnameOf(await first)).toBe('Олена');
    expect(await second).toBe(await first);
    await settle();
    expect(await answers.of(someone)).toBe(await first);
    expect(reads.reads()).toBe(1);

    now += MAX_AGE_MS;
    const late = answers.of(someone);
    expect(reads.reads()).toBe(2);
    reads.pending[1]!.finish('Ольга');
    expect(firstnameOf(await late)).toBe('Ольга');
  });

  it('drops one user on their change, everyone on EVERY_PROFILE, and never serves an answer read under another role', async () => {
    const reads = deferredReads();
    const answers = new ProfileAnswers(reads.read);
    const other: AuthUser = { id: 8, role: 'pm', email: 'b@test.test' };
    const keep = async (user: AuthUser) => {
      const answer = answers.of(user);
      reads.pending.at(-1)!.finish(`name ${reads.reads()}`);
      await answer;
      await settle();
    };
    await keep(someone);
    await keep(other);
    answers.changed(String(someone.id));
    void answers.of(someone);
    void answers.of(other);
    expect(reads.reads()).toBe(3);
    reads.pending.at(-1)!.finish('again');
    await settle();

    answers.changed(EVERY_PROFILE);
    void answers.of(other);
    expect(reads.reads()).toBe(4);
    reads.pending.at(-1)!.finish('again');
    await settle();

    void answers.of({ ...other, role: 'am' });
    expect(reads.reads()).toBe(5);

    // The role changed while a read for the former one was under way: that read is not kept.
    const former = answers.of({ ...someone, role: 'user' });
    const current = answers.of({ ...someone, role: 'pm' });
    reads.pending[6]!.finish('pm');
    reads.pending[5]!.finish('client');
    await Promise.all([former, current]);
    await settle();
    expect(firstnameOf(await answers.of({ ...someone, role: 'pm' }))).toBe('pm');
    expect(reads.reads()).toBe(7);
  });

  it('neither keeps nor shares a read during which its user changed', async () => {
    const reads = deferredReads();
    const answers = new ProfileAnswers(reads.read);
    const before = answers.of(someone);
    answers.changed(String(someone.id));
    // Asked after the change was announced: a read of its own, not the one started before it.
    const after = answers.of(someone);
    expect(reads.reads()).toBe(2);
    reads.pending[0]!.finish('old');
    reads.pending[1]!.finish('new');
    expect(firstnameOf(await before)).toBe('old');
    expect(firstnameOf(await after)).toBe('new');
    await settle();
    expect(firstnameOf(await answers.of(someone))).toBe('new');
    expect(reads.reads()).toBe(2);

    // The same after this process's own change (forgetAll), with the read finishing first this time.
    const during = answers.of({ ...someone, id: 9 });
    answers.forgetAll();
    reads.pending[2]!.finish('old');
    await during;
    await settle();
    void answers.of({ ...someone, id: 9 });
    expect(reads.reads()).toBe(4);
  });

  it('does not keep a failed read, and drops the least recently used past MAX_ENTRIES', async () => {
    let fail = true;
    const answers = new ProfileAnswers(async (user) => {
      if (fail) throw new Error('database gone');
      return { id: user.id, firstname: 'x' } as UserProfile;
    });
    await expect(answers.of(someone)).rejects.toThrow('database gone');
    fail = false;
    await answers.of(someone);
    await settle();
    expect(answers.hits).toBe(0);

    for (let id = 1; id <= MAX_ENTRIES; id++) await answers.of({ ...someone, id: 100 + id });
    await settle();
    await answers.of(someone);
    expect(answers.hits).toBe(0);
  });
});

describe('the profile answer of a server process (issue 15)', () => {
  let ctx: TestContext;
  let other: BuiltApp;
  let client: UserRow;
  let pm: UserRow;
  let cookie: string;
  let pmCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    other = await ctx.buildAnotherApp();
    client = await createUser(ctx.db, { firstname: 'Олена' });
    pm = await createUser(ctx.db, { role: 'pm' });
    cookie = await ctx.login(client.email);
    pmCookie = await ctx.login(pm.email);
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  const profileIn = async (app: BuiltApp, as = cookie) => {
    const response = await injectInto(app, 'GET', '/api/user/profile', { cookie: as });
    return (response.body as { data: UserProfile }).data;
  };
  const profile = (as = cookie) => profileIn(ctx, as);

  /** Reads until `expected` holds of the profile (a change written outside the app arrives as a notification). */
  async function msUntil(read: () => Promise<UserProfile>, expected: (profile: UserProfile) => boolean): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 3_000) {
      if (expected(await read())) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`the profile did not change within 3 s: ${JSON.stringify(await read())}`);
  }

  it('sends the kept answer to a second read, byte for byte', async () => {
    const first = await ctx.get('/api/user/profile', { cookie });
    const before = ctx.services.profileAnswers.hits;
    const second = await ctx.get('/api/user/profile', { cookie });
    expect(ctx.services.profileAnswers.hits).toBe(before + 1);
    expect(second.text).toBe(first.text);
  });

  it('shows a change made through the app in the next read, with no wait', async () => {
    const project = await createProject(ctx.db, { owner: client });
    await ctx.db
      .insertInto('notifications')
      .values({ user_id: client.id, kind: 'task_created', project_id: project.id, payload: JSON.stringify({}) })
      .execute();
    await msUntil(profile, (read) => read.notificationCount === 1);
    expect((await ctx.post('/api/notifications/viewed', undefined, { cookie })).status).toBe(200);
    expect((await profile()).notificationCount).toBe(0);
  });

  it('drops what it keeps before it answers any change of its own, without waiting for the notification', async () => {
    await profile();
    // The change's own notification is held back, as one still on its way from the database would be.
    await ctx.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE users DISABLE TRIGGER users_notify_profile`.execute(trx);
      await trx.updateTable('users').set({ lastname: 'Тиха' }).where('id', '=', client.id).execute();
      await sql`ALTER TABLE users ENABLE TRIGGER users_notify_profile`.execute(trx);
    });
    expect((await profile()).lastname).not.toBe('Тиха');
    expect((await ctx.request('PUT', '/api/user/update-settings', { cookie: pmCookie, payload: { theme: 'dark' } })).status).toBe(200);
    expect((await profile()).lastname).toBe('Тиха');
  });

  it('shows changes written straight to the database, announced by its triggers, within milliseconds', async () => {
    const project = await createProject(ctx.db, { owner: { id: pm.id } });
    const kept = (await profile()).projectCount;

    await addMember(ctx.db, project, client, 'guest');
    await msUntil(profile, (read) => read.projectCount === kept + 1);

    await ctx.db
      .insertInto('accounts')
      .values({ kind: 'user_wallet', user_id: client.id, currency: 'UAH', balance: 0 })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await ctx.db.updateTable('accounts').set({ balance: 12_345 }).where('user_id', '=', client.id).where('kind', '=', 'user_wallet').execute();
    await msUntil(profile, (read) => read.balance === 12_345);

    await ctx.db.updateTable('users').set({ firstname: 'Ольга' }).where('id', '=', client.id).execute();
    await msUntil(profile, (read) => read.firstname === 'Ольга');

    await ctx.db.insertInto('telegram_channels').values({ user_id: client.id, chat_id: 42, username: 'olha' }).execute();
    await msUntil(profile, (read) => read.channels.telegram.linked);

    // A performer's projects are those of the tasks they perform.
    const performer = await createUser(ctx.db, { role: 'performer' });
    const performerCookie = await ctx.login(performer.email);
    expect((await profile(performerCookie)).projectCount).toBe(0);
    await assignPerformer(ctx.db, await createTask(ctx.db, { project, author: client, status: 'in_work', name: 'Верстка' }), performer);
    await msUntil(
      () => profile(performerCookie),
      (read) => read.projectCount === 1,
    );

    // A project deleted concerns everyone tied to it: staff and members alike.
    await attachStaff(ctx.db, project, pm);
    const pmKept = (await profile(pmCookie)).projectCount;
    await ctx.db.updateTable('projects').set({ deleted_at: new Date() }).where('id', '=', project.id).execute();
    await msUntil(profile, (read) => read.projectCount === kept);
    await msUntil(
      () => profile(pmCookie),
      (read) => read.projectCount === pmKept - 1,
    );
  });

  it('shows a change made through one process in another process within milliseconds', async () => {
    await profileIn(other);
    const changed = await ctx.request('PUT', '/api/user/update-fullname', { cookie, payload: { firstname: 'Марія', lastname: 'Бойко' } });
    expect(changed.status).toBe(200);
    const ms = await msUntil(
      () => profileIn(other),
      (read) => read.firstname === 'Марія',
    );
    expect(ms).toBeLessThan(1_000);
  });
});
