import type { Project, ProjectListItem } from '@negayno/shared/contract';
import type { UserRow } from '../../db/schema.js';
import { readOutbox } from '../../infra/mail/outbox.js';
import { addMember, attachStaff, createProject, createTask, createUser, inviteEmail } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { INVITATION_LIMITS } from './members.js';
import { keepsAnAdministrator } from './policy.js';
import { acceptProjectInvitations } from './repo.js';

describe('projects: invitations, names, order and deletion', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let adminCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL: 'https://app.negayno.test' } });
    admin = await createUser(ctx.db, { firstname: 'Олена', lastname: 'Коваленко' });
    adminCookie = await ctx.login(admin.email);
  });
  afterAll(() => ctx.close());

  const put = (url: string, payload: unknown, cookie: string) => ctx.request<Project>('PUT', url, { payload: payload as Record<string, unknown>, cookie });
  const del = <T = Project>(url: string, cookie: string) => ctx.request<T>('DELETE', url, { cookie });
  const dataOf = <T>(response: { body: unknown }): T => {
    const body = response.body as { status: string; data: T };
    if (body.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(body)}`);
    return body.data;
  };

  describe('invite by email', () => {
    it('makes an existing client a pending member who sees the invitation in the list and may accept it', async () => {
      const project = await createProject(ctx.db, { owner: admin, name: 'Магазин' });
      const invitee = await createUser(ctx.db, { email: 'Existing.Client@test.test' });
      const inviteeCookie = await ctx.login(invitee.email);

      const invited = await ctx.post<Project>(`/api/project/${project.id}/invite-user`, { email: 'existing.client@TEST.test' }, { cookie: adminCookie });
      // Until accepted, the invitation shows only the email as typed: not the account's id, name or spelling.
      expect(dataOf<Project>(invited).projectUsers).toContainEqual({
        id: null,
        email: 'existing.client@test.test',
        firstname: '',
        lastname: '',
        avatarUrl: null,
        role: 'invite',
        canNegayno: false,
        owner: false,
      });
      expect(await readOutbox(ctx.db, { to: invitee.email, limit: 5 })).toEqual([]);

      const list = dataOf<ProjectListItem[]>(await ctx.get('/api/projects', { cookie: inviteeCookie }));
      expect(list).toEqual([{ id: project.id, name: 'Магазин', role: 'invite', sortorder: 0, counters: [0, 0, 0, 0] }]);
      expect((await ctx.get(`/api/project/${project.id}`, { cookie: inviteeCookie })).body).toMatchObject({ code: 'project_not_found' });

      const again = await ctx.post(`/api/project/${project.id}/invite-user`, { email: invitee.email }, { cookie: adminCookie });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'email_already_invited', details: { email: { code: 'email_already_invited' } } });

      const accepted = dataOf<Project>(await ctx.post(`/api/project/${project.id}/accept-invitation`, undefined, { cookie: inviteeCookie }));
      expect(accepted).toMatchObject({ id: project.id, role: 'guest' });
      const afterAccept = await ctx.post(`/api/project/${project.id}/invite-user`, { email: invitee.email }, { cookie: adminCookie });
      expect(afterAccept.status).toBe(409);
      expect(afterAccept.body).toMatchObject({ code: 'user_already_added' });
    });

    it('lets the invitee decline: the row goes and the project is no longer listed', async () => {
      const project = await createProject(ctx.db, { owner: admin });
      const invitee = await createUser(ctx.db);
      const inviteeCookie = await ctx.login(invitee.email);
      await ctx.post(`/api/project/${project.id}/invite-user`, { email: invitee.email }, { cookie: adminCookie });

      const declined = await del<null>(`/api/project/${project.id}/decline-invitation`, inviteeCookie);
      expect(declined.body).toEqual({ status: 'ok', data: null });
      expect(dataOf<ProjectListItem[]>(await ctx.get('/api/projects', { cookie: inviteeCookie }))).toEqual([]);
      expect((await ctx.post(`/api/project/${project.id}/accept-invitation`, undefined, { cookie: inviteeCookie })).body).toMatchObject({
        code: 'project_not_found',
      });
      expect(dataOf<Project>(await ctx.get(`/api/project/${project.id}`, { cookie: adminCookie })).projectUsers.map((u) => u.id)).toEqual([admin.id]);
    });

    it('mails a new email the link to the 4-step registration, in the language of the request, once', async () => {
      const project = await createProject(ctx.db, { owner: admin, name: 'Мобільний застосунок' });
      const email = 'newcomer@test.test';
      const invited = await ctx.request<Project>('POST', `/api/project/${project.id}/invite-user`, {
        payload: { email: ' NewComer@test.test' },
        cookie: adminCookie,
        headers: { host: 'evil.example', 'accept-language': 'en' },
      });
      expect(dataOf<Project>(invited).projectUsers).toContainEqual({
        id: null,
        email,
        firstname: '',
        lastname: '',
        avatarUrl: null,
        role: 'invite',
        canNegayno: false,
        owner: false,
      });
      const [mail, ...others] = await readOutbox(ctx.db, { to: email, limit: 5 });
      expect(others).toEqual([]);
      expect(mail!.subject).toBe('Invitation to the project “Мобільний застосунок” at Negayno');
      // The link comes from PUBLIC_URL, never from the Host header the caller chose.
      expect(mail!.body).toContain('https://app.negayno.test/register?email=newcomer%40test.test');
      expect(mail!.body).not.toContain('evil.example');
      expect(mail!.body).toContain('Олена Коваленко invites you');

      const again = await ctx.post(`/api/project/${project.id}/invite-user`, { email }, { cookie: adminCookie });
      expect(again.body).toMatchObject({ code: 'email_already_invited' });
      expect(await readOutbox(ctx.db, { to: email, limit: 5 })).toHaveLength(1);
    });

    it('writes the mail in Ukrainian by default', async () => {
      const project = await createProject(ctx.db, { owner: admin, name: 'Сайт' });
      await ctx.post(`/api/project/${project.id}/invite-user`, { email: 'uk-reader@test.test' }, { cookie: adminCookie });
      const [mail] = await readOutbox(ctx.db, { to: 'uk-reader@test.test', limit: 1 });
      expect(mail!.subject).toBe('Запрошення до проєкту «Сайт» у Negayno');
      expect(mail!.body).toContain('/register?email=uk-reader%40test.test');
    });

    it('answers a staff email like an email with no account, and mails it nothing', async () => {
      const project = await createProject(ctx.db, { owner: admin });
      const pm = await createUser(ctx.db, { role: 'pm', email: 'staff.person@test.test' });
      const staffAnswer = await ctx.post<Project>(`/api/project/${project.id}/invite-user`, { email: pm.email }, { cookie: adminCookie });
      const strangerAnswer = await ctx.post<Project>(`/api/project/${project.id}/invite-user`, { email: 'stranger.person@test.test' }, { cookie: adminCookie });
      expect(staffAnswer.status).toBe(200);
      const shown = (response: typeof staffAnswer, email: string) => dataOf<Project>(response).projectUsers.find((user) => user.email === email);
      expect(shown(staffAnswer, pm.email)).toEqual({ ...shown(strangerAnswer, 'stranger.person@test.test'), email: pm.email });
      expect(await readOutbox(ctx.db, { to: pm.email, limit: 5 })).toEqual([]);
      const again = await ctx.post(`/api/project/${project.id}/invite-user`, { email: pm.email }, { cookie: adminCookie });
      expect(again.body).toMatchObject({ code: 'email_already_invited' });
    });

    it('limits invitations per inviter and per project an hour, with 429 and Retry-After', async () => {
      const project = await createProject(ctx.db, { owner: admin });
      const inviter = await createUser(ctx.db);
      await addMember(ctx.db, project, inviter, 'user');
      const inviterCookie = await ctx.login(inviter.email);
      const { limit } = INVITATION_LIMITS.perUser;
      for (let i = 0; i < limit; i += 1) {
        const response = await ctx.post(`/api/project/${project.id}/invite-user`, { email: `flood-${i}@test.test` }, { cookie: inviterCookie });
        expect(response.status).toBe(200);
      }
      const refused = await ctx.post(`/api/project/${project.id}/invite-user`, { email: 'one-more@test.test' }, { cookie: inviterCookie });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'authorization_too_much' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(await readOutbox(ctx.db, { to: 'one-more@test.test', limit: 1 })).toEqual([]);

      // The project's own limit holds for all its inviters together.
      const another = await createUser(ctx.db);
      await addMember(ctx.db, project, another, 'user');
      const anotherCookie = await ctx.login(another.email);
      const remaining = INVITATION_LIMITS.perProject.limit - limit;
      for (let i = 0; i < remaining; i += 1) {
        expect((await ctx.post(`/api/project/${project.id}/invite-user`, { email: `another-${i}@test.test` }, { cookie: anotherCookie })).status).toBe(200);
      }
      expect((await ctx.post(`/api/project/${project.id}/invite-user`, { email: 'another-last@test.test' }, { cookie: anotherCookie })).status).toBe(429);
    });

    it('shows staff and performers the client’s people by name and avatar only: no emails, no invitations', async () => {
      const project = await createProject(ctx.db, { owner: admin });
      const client = await createUser(ctx.db, { firstname: 'Марта' });
      await addMember(ctx.db, project, client, 'user');
      await inviteEmail(ctx.db, project, 'pending.person@test.test');
      const pm = await createUser(ctx.db, { role: 'pm' });
      await attachStaff(ctx.db, project, pm);
      const performer = await createUser(ctx.db, { role: 'performer' });
      await createTask(ctx.db, { project, author: admin, status: 'in_work', performers: [performer] });

      for (const viewer of [pm, performer]) {
        const seen = dataOf<Project>(await ctx.get(`/api/project/${project.id}`, { cookie: await ctx.login(viewer.email) }));
        expect(seen.projectUsers.map((user) => user.email)).toEqual(['', '']);
        expect(seen.projectUsers).toContainEqual(expect.objectContaining({ id: client.id, firstname: 'Марта', avatarUrl: null }));
        expect(JSON.stringify(seen)).not.toContain('@');
      }
      const byClient = dataOf<Project>(await ctx.get(`/api/project/${project.id}`, { cookie: await ctx.login(client.email) }));
      expect(byClient.projectUsers.map((user) => user.email)).toEqual([admin.email, client.email, 'pending.person@test.test']);
    });

    it('refuses empty and malformed emails', async () => {
      const project = await createProject(ctx.db, { owner: admin });
      const cases = [
        [{ email: '' }, 400, 'email_is_empty'],
        [{}, 400, 'email_is_empty'],
        [{ email: 'not-an-email' }, 400, 'email_is_invalid'],
      ] as const;
      for (const [payload, status, code] of cases) {
        const response = await ctx.post(`/api/project/${project.id}/invite-user`, payload, { cookie: adminCookie });
        expect({ payload, status: response.status, code: (response.body as { code: string }).code }).toEqual({ payload, status, code });
      }
    });

    it('becomes a guest membership when the invited email registers (the registration takes the invitation up)', async () => {
      const project = await createProject(ctx.db, { owner: admin });
      await ctx.post(`/api/project/${project.id}/invite-user`, { email: 'joins-later@test.test' }, { cookie: adminCookie });
      const joined = await createUser(ctx.db, { email: 'joins-later@test.test' });
      expect(await acceptProjectInvitations(ctx.db, joined.id, joined.email)).toBe(1);
      const cookie = await ctx.login(joined.email);
      expect(dataOf<Project>(await ctx.get(`/api/project/${project.id}`, { cookie })).role).toBe('guest');
    });

    it('cancels an email invitation and a pending membership; an unknown email is user_not_found', async () => {
      const project = await createProject(ctx.db, { owner: admin });
      const invitee = await createUser(ctx.db);
      await ctx.post(`/api/project/${project.id}/invite-user`, { email: invitee.email }, { cookie: adminCookie });
      await inviteEmail(ctx.db, project, 'someone@test.test');

      const first = dataOf<Project>(await del(`/api/project/${project.id}/cancel-invitation/someone%40test.test`, adminCookie));
      expect(first.projectUsers.map((u) => u.email)).toEqual([admin.email, invitee.email]);
      const second = dataOf<Project>(await del(`/api/project/${project.id}/cancel-invitation/${encodeURIComponent(invitee.email)}`, adminCookie));
      expect(second.projectUsers.map((u) => u.email)).toEqual([admin.email]);
      const missing = await del(`/api/project/${project.id}/cancel-invitation/nobody%40test.test`, adminCookie);
      expect({ status: missing.status, code: (missing.body as { code: string }).code }).toEqual({ status: 404, code: 'user_not_found' });
    });
  });

  describe('members', () => {
    it('changes roles and canNegayno of others, never touches the own row', async () => {
      const project = await createProject(ctx.db, { owner: admin });
      const member = await createUser(ctx.db);
      await addMember(ctx.db, project, member, 'guest');

      const raised = dataOf<Project>(await put(`/api/project/${project.id}/user/${member.id}/update-role`, { role: 'administrator' }, adminCookie));
      expect(raised.projectUsers.find((u) => u.id === member.id)).toMatchObject({ role: 'administrator', canNegayno: false });
      const allowed = dataOf<Project>(await put(`/api/project/${project.id}/user/${member.id}/update-settings`, { canNegayno: true }, adminCookie));
      expect(allowed.projectUsers.find((u) => u.id === member.id)).toMatchObject({ canNegayno: true });

      const ownRole = await put(`/api/project/${project.id}/user/${admin.id}/update-role`, { role: 'guest' }, adminCookie);
      expect({ status: ownRole.status, code: (ownRole.body as { code: string }).code }).toEqual({ status: 403, code: 'access_denied' });
      const ownDelete = await del(`/api/project/${project.id}/user/${admin.id}/delete`, adminCookie);
      expect({ status: ownDelete.status, code: (ownDelete.body as { code: string }).code }).toEqual({ status: 403, code: 'access_denied' });

      const badRole = await put(`/api/project/${project.id}/user/${member.id}/update-role`, { role: 'invite' }, adminCookie);
      expect(badRole.body).toMatchObject({ code: 'role_not_found' });
      const stranger = await createUser(ctx.db);
      const notMember = await put(`/api/project/${project.id}/user/${stranger.id}/update-role`, { role: 'user' }, adminCookie);
      expect({ status: notMember.status, code: (notMember.body as { code: string }).code }).toEqual({ status: 404, code: 'user_not_found' });

      const removed = dataOf<Project>(await del(`/api/project/${project.id}/user/${member.id}/delete`, adminCookie));
      expect(removed.projectUsers.map((u) => u.id)).toEqual([admin.id]);
      const memberCookie = await ctx.login(member.email);
      expect((await ctx.get(`/api/project/${project.id}`, { cookie: memberCookie })).status).toBe(404);
    });

    it('keeps an administrator: a second admin may demote the owner, the last admin is never demoted', async () => {
      const members = [
        { userId: 1, role: 'administrator' },
        { userId: 2, role: 'guest' },
      ];
      expect(keepsAnAdministrator(members, { userId: 1, newRole: 'user' })).toBe(false);
      expect(keepsAnAdministrator(members, { userId: 1, newRole: null })).toBe(false);
      expect(keepsAnAdministrator(members, { userId: 2, newRole: 'user' })).toBe(true);
      expect(keepsAnAdministrator([...members, { userId: 3, role: 'administrator' }], { userId: 1, newRole: 'guest' })).toBe(true);

      const project = await createProject(ctx.db, { owner: admin });
      const second = await createUser(ctx.db);
      await addMember(ctx.db, project, second, 'administrator');
      const demoted = dataOf<Project>(await put(`/api/project/${project.id}/user/${admin.id}/update-role`, { role: 'user' }, await ctx.login(second.email)));
      expect(demoted.projectUsers.find((u) => u.id === admin.id)).toMatchObject({ role: 'user', owner: true });
    });
  });

  describe('create, rename, order, delete', () => {
    it('creates a project first in the creator list, as its owning administrator, in their currency', async () => {
      const owner = await createUser(ctx.db, { currency: 'USD' });
      const cookie = await ctx.login(owner.email);
      const older = await createProject(ctx.db, { owner });
      const created = dataOf<Project>(await ctx.post('/api/project/new', { name: '  Лендинг ' }, { cookie }));
      expect(created).toMatchObject({ name: 'Лендинг', role: 'administrator', currency: 'USD', balance: 0, counters: [0, 0, 0, 0] });
      expect(created.projectUsers).toEqual([expect.objectContaining({ id: owner.id, role: 'administrator', owner: true })]);
      expect(dataOf<ProjectListItem[]>(await ctx.get('/api/projects', { cookie })).map((p) => [p.id, p.sortorder])).toEqual([
        [created.id, 0],
        [older.id, 1],
      ]);
      expect((await ctx.post('/api/project/new', { name: ' ' }, { cookie })).body).toMatchObject({ code: 'name_is_empty' });
      expect((await ctx.post('/api/project/new', { name: 'x'.repeat(256) }, { cookie })).body).toMatchObject({ code: 'name_is_too_long' });
    });

    it('renames for everyone who sees it', async () => {
      const project = await createProject(ctx.db, { owner: admin, name: 'Старе' });
      const member = await createUser(ctx.db);
      await addMember(ctx.db, project, member, 'user');
      expect(dataOf<Project>(await put(`/api/project/${project.id}/update-name`, { name: 'Нове' }, adminCookie)).name).toBe('Нове');
      expect(dataOf<Project>(await ctx.get(`/api/project/${project.id}`, { cookie: await ctx.login(member.email) })).name).toBe('Нове');
      expect((await put(`/api/project/${project.id}/update-name`, { name: '' }, adminCookie)).body).toMatchObject({ code: 'name_is_empty' });
    });

    it('moves a project within the viewer own list only', async () => {
      const owner = await createUser(ctx.db);
      const cookie = await ctx.login(owner.email);
      const [a, b, c] = [
        await createProject(ctx.db, { owner, sortOrder: 0 }),
        await createProject(ctx.db, { owner, sortOrder: 1 }),
        await createProject(ctx.db, { owner, sortOrder: 2 }),
      ];
      const partner = await createUser(ctx.db);
      await addMember(ctx.db, c, partner, 'user', { sortOrder: 0 });

      const moved = dataOf<ProjectListItem[]>(await put(`/api/project/${c.id}/update-sort`, { sortorder: 0 }, cookie));
      expect(moved.map((p) => [p.id, p.sortorder])).toEqual([
        [c.id, 0],
        [a.id, 1],
        [b.id, 2],
      ]);
      const toEnd = dataOf<ProjectListItem[]>(await put(`/api/project/${c.id}/update-sort`, { sortorder: 99 }, cookie));
      expect(toEnd.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
      const middle = dataOf<ProjectListItem[]>(await put(`/api/project/${a.id}/update-sort`, { sortorder: 1 }, cookie));
      expect(middle.map((p) => p.id)).toEqual([b.id, a.id, c.id]);
      expect((await put(`/api/project/${a.id}/update-sort`, { sortorder: -1 }, cookie)).body).toMatchObject({ code: 'invalid_value' });
      expect(dataOf<ProjectListItem[]>(await ctx.get('/api/projects', { cookie: await ctx.login(partner.email) })).map((p) => p.sortorder)).toEqual([0]);
    });

    it('deletes a project for everyone and answers the next one to show', async () => {
      const owner = await createUser(ctx.db);
      const cookie = await ctx.login(owner.email);
      const first = await createProject(ctx.db, { owner, sortOrder: 0 });
      const second = await createProject(ctx.db, { owner, sortOrder: 1 });
      const third = await createProject(ctx.db, { owner, sortOrder: 2 });
      const member = await createUser(ctx.db);
      await addMember(ctx.db, second, member, 'user');

      expect(dataOf(await del(`/api/project/${second.id}/delete?projectId=${third.id}`, cookie))).toEqual({ projectId: third.id });
      expect((await ctx.get(`/api/project/${second.id}`, { cookie })).status).toBe(404);
      expect(dataOf<ProjectListItem[]>(await ctx.get('/api/projects', { cookie: await ctx.login(member.email) }))).toEqual([]);
      // Asking for the deleted project itself, or for none, falls back to the first of the list.
      expect(dataOf(await del(`/api/project/${third.id}/delete?projectId=${third.id}`, cookie))).toEqual({ projectId: first.id });
      expect(dataOf(await del(`/api/project/${first.id}/delete`, cookie))).toEqual({ projectId: null });
    });
  });
});
