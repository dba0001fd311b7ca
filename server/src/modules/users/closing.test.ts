import type { MessagesPage, Project } from '@negayno/shared/contract';
import { addMember, assignPerformer, createChats, createProject, createTask, createUser, DEFAULT_TEST_PASSWORD, postMessage } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

describe('a person deletes their own account (issue 37 "Leaving")', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const close = (cookie: string, password = DEFAULT_TEST_PASSWORD) => ctx.post('/api/user/delete-account', { password }, { cookie });

  it('erases the personal data, ends the sessions, and leaves what others rely on under "Видалений користувач"', async () => {
    const admin = await createUser(ctx.db);
    const leaving = await createUser(ctx.db, { firstname: 'Ірина', lastname: 'Коваль' });
    const project = await createProject(ctx.db, { owner: admin });
    await addMember(ctx.db, project, leaving, 'user');
    const task = await createTask(ctx.db, { project, author: leaving, status: 'discussion' });
    const chats = await createChats(ctx.db, task);
    await postMessage(ctx.db, chats.main, leaving, 'Моє повідомлення');
    await ctx.db.updateTable('users').set({ phone: '+380501112233', promo_code: 'IRYNA1' }).where('id', '=', leaving.id).execute();
    const cookie = await ctx.login(leaving.email);
    const otherDevice = await ctx.login(leaving.email);

    const wrong = await close(cookie, 'not-the-password');
    expect({ status: wrong.status, body: wrong.body }).toMatchObject({
      status: 400,
      body: { code: 'password_is_incorrect', details: { password: { code: 'password_is_incorrect' } } },
    });

    const closed = await close(cookie);
    expect(closed.status).toBe(200);
    expect(String(closed.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    for (const session of [cookie, otherDevice]) expect((await ctx.get('/api/user/profile', { cookie: session })).status).toBe(401);
    await expect(ctx.login(leaving.email)).rejects.toThrow();

    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', leaving.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      firstname: 'Видалений користувач',
      lastname: '',
      phone: null,
      avatar_path: null,
      promo_code: null,
      email: `deleted-${leaving.id}@deleted.invalid`,
    });
    expect(row.deactivated_at).not.toBeNull();

    // The project goes on without them; their message stays, under the deleted user's name.
    const adminCookie = await ctx.login(admin.email);
    const seen = data<Project>(await ctx.get(`/api/project/${project.id}`, { cookie: adminCookie }));
    expect(seen.projectUsers.map((member) => member.id)).toEqual([admin.id]);
    const page = data<MessagesPage>(await ctx.get(`/api/chat/${chats.main}/messages`, { cookie: adminCookie }));
    expect(page.list.find((message) => message.message === 'Моє повідомлення')?.author).toMatchObject({ id: leaving.id, firstname: 'Видалений користувач' });
  });

  it('is refused while the account alone administers a project, naming it; a second administrator lets it go', async () => {
    const owner = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner, name: 'Магазин' });
    const cookie = await ctx.login(owner.email);
    const refused = await close(cookie);
    expect({ status: refused.status, body: refused.body }).toMatchObject({
      status: 409,
      body: { code: 'account_is_sole_administrator', data: { projects: [{ id: project.id, name: 'Магазин' }] } },
    });
    expect((await ctx.get('/api/user/profile', { cookie })).status).toBe(200);
    await addMember(ctx.db, project, await createUser(ctx.db), 'administrator');
    expect((await close(cookie)).status).toBe(200);
  });

  it('is refused while the wallet holds money, and for a performer on an unfinished task; staff are closed by an operator', async () => {
    const rich = await createUser(ctx.db);
    await ctx.services.ledger.post({
      paymentType: 'workpayment',
      currency: 'UAH',
      postings: [
        { account: { kind: 'provider' }, amount: -500 },
        { account: { kind: 'user_wallet', userId: rich.id }, amount: 500 },
      ],
    });
    expect((await close(await ctx.login(rich.email))).body).toMatchObject({ code: 'account_holds_money' });

    const performer = await createUser(ctx.db, { role: 'performer' });
    const task = await createTask(ctx.db, { project: await createProject(ctx.db, { owner: await createUser(ctx.db) }), author: performer, status: 'in_work' });
    await assignPerformer(ctx.db, task, performer);
    expect((await close(await ctx.login(performer.email))).body).toMatchObject({ code: 'account_has_work' });

    const pm = await createUser(ctx.db, { role: 'pm' });
    const staff = await close(await ctx.login(pm.email));
    expect({ status: staff.status, body: staff.body }).toMatchObject({ status: 403, body: { code: 'access_denied' } });
    expect(await ctx.db.selectFrom('users').select('firstname').where('id', 'in', [rich.id, performer.id, pm.id]).execute()).not.toContainEqual({
      firstname: 'Видалений користувач',
    });
  });

  it('closes once when asked twice at the same moment', async () => {
    const person = await createUser(ctx.db);
    const cookie = await ctx.login(person.email);
    const answers = await Promise.all([close(cookie), close(cookie)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });
});
