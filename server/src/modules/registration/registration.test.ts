import { sql } from 'kysely';
import { errorText } from '@negayno/shared/contract';
import { FlowClient, NEW_PASSWORD, lastCodeTo, registerClient } from '../../test/flows.js';
import { createProject, createUser, inviteEmail } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { readOutbox } from '../../infra/mail/outbox.js';

describe('client registration', () => {
  let ctx: TestContext;
  let counter = 0;
  const freshEmail = () => `client-${Date.now()}-${(counter += 1)}@example.test`;
  const issueCode = (input: { maxUses?: number | null; expiresAt?: Date | null; kind?: 'client' | 'performer' } = {}) =>
    ctx.services.invitations.issue({
      kind: input.kind ?? 'client',
      maxUses: input.maxUses === undefined ? 1 : input.maxUses,
      expiresAt: input.expiresAt ?? null,
      issuedBy: null,
      note: null,
    });

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** A flow that has passed the invitation code and the email, awaiting the code. */
  async function atCodeStep(email = freshEmail()): Promise<{ flow: FlowClient; email: string }> {
    const invitation = await issueCode();
    const flow = new FlowClient(ctx, 'registration');
    await flow.ok('check-invitation-code', { code: invitation.code });
    await flow.ok('email', { email });
    return { flow, email };
  }

  it('walks the six steps in order, then the new client signs in and sees no projects', async () => {
    const invitation = await issueCode();
    const email = freshEmail();
    const flow = new FlowClient(ctx, 'registration', { headers: { 'accept-language': 'en' } });

    expect(await flow.ok('check-invitation-code', { code: ` ${invitation.code.toLowerCase()} ` })).toEqual({ next: 'email' });
    expect(flow.hasCookie).toBe(true);
    expect(await flow.ok('email', { email: `  ${email.toUpperCase()}` })).toEqual({ next: 'check-email' });
    const [mail] = await readOutbox(ctx.db, { to: email, limit: 1 });
    expect(mail!.code).toMatch(/^\d{6}$/);
    expect(mail!.subject).toBe(`Your Negayno confirmation code: ${mail!.code}`);
    expect(mail!.body).toContain(mail!.code!);
    expect(await flow.ok('check-email', { code: mail!.code })).toEqual({ next: 'country' });
    expect(await flow.ok('country', { country: 'ua' })).toEqual({ next: 'fullname' });
    expect(await flow.ok('fullname', { firstname: '  Ірина', lastname: 'Петренко ' })).toEqual({ next: 'password' });
    expect(await flow.ok('password', { password: NEW_PASSWORD })).toEqual({ next: 'done' });
    expect(flow.hasCookie).toBe(false);

    const cookie = await ctx.login(email, NEW_PASSWORD);
    const profile = await ctx.get('/api/user/profile', { cookie });
    expect(profile.body).toMatchObject({
      status: 'ok',
      data: { email: email.toLowerCase(), firstname: 'Ірина', lastname: 'Петренко', role: 'user', country: 'UA', language: 'en', projectCount: 0 },
    });
    const projects = await ctx.get('/api/projects', { cookie });
    expect(projects.body).toMatchObject({ status: 'ok', data: [] });

    const row = await ctx.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
    expect(row.invitation_code_id).toBe(invitation.id);
    expect(row.invited_by).toBeNull();
    expect(row.promo_code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const used = await ctx.db.selectFrom('invitation_codes').select('use_count').where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(used.use_count).toBe(1);
  });

  it('takes a promo code as a client invitation and records the inviter', async () => {
    const inviter = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ promo_code: 'OLENA2024' }).where('id', '=', inviter.id).execute();
    const email = freshEmail();
    await registerClient(ctx, 'olena2024', { email });
    const row = await ctx.db.selectFrom('users').select(['invited_by', 'invitation_code_id']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toEqual({ invited_by: inviter.id, invitation_code_id: null });
  });

  it('lets a multi-use code in many times and counts each use', async () => {
    const invitation = await issueCode({ maxUses: null });
    for (let i = 0; i < 3; i += 1) await registerClient(ctx, invitation.code, { email: freshEmail() });
    const row = await ctx.db.selectFrom('invitation_codes').select('use_count').where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(row.use_count).toBe(3);
  });

  describe('invitation codes', () => {
    const check = (code: unknown) => new FlowClient(ctx, 'registration').call('check-invitation-code', { code });

    it.each([
      ['', 'code_is_empty'],
      ['   ', 'code_is_empty'],
      ['X'.repeat(65), 'code_is_too_long'],
      ['NO-SUCH-CODE', 'code_is_incorrect'],
    ])('refuses %j with %s on the code field', async (code, expected) => {
      const response = await check(code);
      expect(response.status).toBe(400);
      expect(response.cookies).toEqual([]);
      expect(response.body).toMatchObject({ code: expected, details: { code: { code: expected } } });
    });

    it('refuses an expired, a used up and a revoked code with their own messages', async () => {
      const expired = await issueCode({ expiresAt: new Date(Date.now() - 1000) });
      expect((await check(expired.code)).body).toMatchObject({ code: 'code_is_expired', message: errorText('code_is_expired', 'uk') });

      const single = await issueCode();
      await registerClient(ctx, single.code, { email: freshEmail() });
      expect((await check(single.code)).body).toMatchObject({ code: 'code_is_used', details: { code: { code: 'code_is_used' } } });

      const revoked = await issueCode({ maxUses: null });
      expect(await ctx.services.invitations.revoke(revoked.code.toLowerCase())).toBe(true);
      expect((await check(revoked.code)).body).toMatchObject({ code: 'code_is_expired' });
    });

    it('does not take a performer code for a client', async () => {
      const performerCode = await issueCode({ kind: 'performer' });
      expect((await check(performerCode.code)).body).toMatchObject({ code: 'code_is_incorrect' });
    });

    it('refuses a single-use code at the end when another registration used it meanwhile, creating nothing', async () => {
      const single = await issueCode();
      const first = await atCodeStepWith(single.code);
      const second = await atCodeStepWith(single.code);
      await finish(first);
      await second.flow.ok('check-email', { code: await lastCodeTo(ctx, second.email) });
      await second.flow.ok('country', { country: 'UA' });
      await second.flow.ok('fullname', { firstname: 'Олег', lastname: 'Другий' });
      const late = await second.flow.call('password', { password: NEW_PASSWORD });
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ code: 'code_is_used', details: { code: { code: 'code_is_used' } } });
      expect(await ctx.db.selectFrom('users').select('id').where('email', '=', second.email).executeTakeFirst()).toBeUndefined();
      const row = await ctx.db.selectFrom('invitation_codes').select('use_count').where('id', '=', single.id).executeTakeFirstOrThrow();
      expect(row.use_count).toBe(1);
    });

    async function atCodeStepWith(code: string) {
      const flow = new FlowClient(ctx, 'registration');
      const email = freshEmail();
      await flow.ok('check-invitation-code', { code });
      await flow.ok('email', { email });
      return { flow, email };
    }

    async function finish({ flow, email }: { flow: FlowClient; email: string }) {
      await flow.ok('check-email', { code: await lastCodeTo(ctx, email) });
      await flow.ok('country', { country: 'UA' });
      await flow.ok('fullname', { firstname: 'Ганна', lastname: 'Перша' });
      await flow.ok('password', { password: NEW_PASSWORD });
    }

    it('limits wrong invitation codes per address, and the limit outlives a restart', async () => {
      const ip = '203.0.113.7';
      const guess = (app = ctx) => new FlowClient(app, 'registration', { remoteAddress: ip }).call('check-invitation-code', { code: 'GUESS-1234' });
      for (let i = 0; i < 20; i += 1) expect((await guess()).body).toMatchObject({ code: 'code_is_incorrect' });
      expect((await guess()).status).toBe(429);
      const restarted = await ctx.buildAnotherApp();
      try {
        const response = await restarted.app.inject({
          method: 'POST',
          url: '/api/registration/check-invitation-code',
          payload: { code: 'GUESS-1234' },
          remoteAddress: ip,
        });
        expect(response.json()).toMatchObject({ code: 'authorization_too_much' });
      } finally {
        await restarted.close();
      }
      // Another address is not affected.
      expect(
        (await new FlowClient(ctx, 'registration', { remoteAddress: '203.0.113.8' }).call('check-invitation-code', { code: 'GUESS-1234' })).body,
      ).toMatchObject({ code: 'code_is_incorrect' });
    });
  });

  describe('the email step', () => {
    it.each([
      ['', 'email_is_empty'],
      ['not-an-email', 'email_is_invalid'],
      [`${'a'.repeat(250)}@example.test`, 'email_is_too_long'],
    ])('refuses %j with %s', async (email, expected) => {
      const invitation = await issueCode();
      const flow = new FlowClient(ctx, 'registration');
      await flow.ok('check-invitation-code', { code: invitation.code });
      const response = await flow.call('email', { email });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: expected, details: { email: { code: expected } } });
    });

    it('refuses an email that already has an account, whatever its case, and sends nothing', async () => {
      const existing = await createUser(ctx.db, { email: 'taken@example.test' });
      const invitation = await issueCode();
      const flow = new FlowClient(ctx, 'registration', { headers: { 'accept-language': 'en' } });
      await flow.ok('check-invitation-code', { code: invitation.code });
      const response = await flow.call('email', { email: 'TAKEN@example.test' });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'email_already_added',
        message: 'This email is already registered',
        details: { email: { code: 'email_already_added' } },
      });
      expect(await readOutbox(ctx.db, { to: existing.email, limit: 5 })).toEqual([]);
    });

    it('sends again at most once a minute to one address; a new code replaces the old one', async () => {
      const { flow, email } = await atCodeStep();
      const first = await lastCodeTo(ctx, email);
      const again = await flow.call('email', { email });
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ code: 'authorization_too_much' });

      // A minute later (the window moved back in time) the send-again works.
      await ctx.db
        .updateTable('rate_limits')
        .set({ window_start: sql`now() - interval '61 seconds'` })
        .where('key', '=', `code-send:minute:registration:${email}`)
        .execute();
      expect(await flow.ok('email', { email })).toEqual({ next: 'check-email' });
      const second = await lastCodeTo(ctx, email);
      if (second !== first) expect((await flow.call('check-email', { code: first })).body).toMatchObject({ code: 'code_is_incorrect' });
      expect(await flow.ok('check-email', { code: second })).toEqual({ next: 'country' });
    });

    it('sends at most five codes an hour to one address', async () => {
      const { flow, email } = await atCodeStep();
      const moveMinuteBack = () =>
        ctx.db
          .updateTable('rate_limits')
          .set({ window_start: sql`now() - interval '61 seconds'` })
          .where('key', '=', `code-send:minute:registration:${email}`)
          .execute();
      for (let sent = 1; sent < 5; sent += 1) {
        await moveMinuteBack();
        await flow.ok('email', { email });
      }
      await moveMinuteBack();
      expect((await flow.call('email', { email })).body).toMatchObject({ code: 'authorization_too_much' });
    });
  });

  describe('the confirmation code', () => {
    it.each([
      ['', 'code_is_empty'],
      ['1234567', 'code_is_too_long'],
      ['12345', 'code_is_incorrect'],
      ['12a456', 'code_is_incorrect'],
    ])('refuses %j with %s', async (code, expected) => {
      const { flow } = await atCodeStep();
      const response = await flow.call('check-email', { code });
      expect(response.body).toMatchObject({ code: expected, details: { code: { code: expected } } });
    });

    it('refuses a wrong code, and after five wrong tries even the right one: a new code is needed', async () => {
      const { flow, email } = await atCodeStep();
      const right = await lastCodeTo(ctx, email);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        const response = await flow.call('check-email', { code: wrong });
        expect(response.body).toMatchObject({ code: 'code_is_incorrect', details: { code: { code: 'code_is_incorrect' } } });
      }
      expect((await flow.call('check-email', { code: right })).body).toMatchObject({ code: 'code_is_expired' });
    });

    it('keeps a code 10 minutes by default, and refuses it after that', async () => {
      const { flow, email } = await atCodeStep();
      const { lifetime } = await ctx.db
        .selectFrom('auth_flows')
        .select(sql<number>`extract(epoch from email_code_expires_at - now())`.as('lifetime'))
        .where('step', '=', 'check-email')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(Number(lifetime)).toBeGreaterThan(9 * 60);
      expect(Number(lifetime)).toBeLessThanOrEqual(10 * 60);
      await ctx.db
        .updateTable('auth_flows')
        .set({ email_code_expires_at: sql`now() - interval '1 second'` })
        .where('step', '=', 'check-email')
        .execute();
      const response = await flow.call('check-email', { code: await lastCodeTo(ctx, email) });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'code_is_expired', details: { code: { code: 'code_is_expired' } } });
    });

    it('stores only a keyed hash of the code', async () => {
      const { email } = await atCodeStep();
      const code = await lastCodeTo(ctx, email);
      const rows = await ctx.db.selectFrom('auth_flows').select(['email_code_hash', 'data']).execute();
      expect(rows.every((row) => !row.email_code_hash?.includes(code) && !JSON.stringify(row.data).includes(code))).toBe(true);
    });

    it('limits wrong codes per account across codes', async () => {
      const email = freshEmail();
      let { flow } = await atCodeStep(email);
      for (let i = 0; i < 10; i += 1) {
        if (i === 5) {
          // The first code is spent: a new flow sends a new one a minute later.
          await ctx.db
            .updateTable('rate_limits')
            .set({ window_start: sql`now() - interval '61 seconds'` })
            .where('key', '=', `code-send:minute:registration:${email}`)
            .execute();
          ({ flow } = await atCodeStep(email));
        }
        await flow.call('check-email', { code: '999999' });
      }
      const response = await flow.call('check-email', { code: await lastCodeTo(ctx, email) });
      expect(response.status).toBe(429);
      expect(response.body).toMatchObject({ code: 'authorization_too_much' });
    });
  });

  describe('names, country and password', () => {
    async function atCountry(): Promise<FlowClient> {
      const { flow, email } = await atCodeStep();
      await flow.ok('check-email', { code: await lastCodeTo(ctx, email) });
      return flow;
    }

    it.each([
      [{}, 'country_is_empty'],
      [{ country: '' }, 'country_is_empty'],
      [{ country: 'UKR' }, 'country_is_too_long'],
      [{ country: 'PL' }, 'country_not_found'],
    ])('refuses the country %j with %s', async (payload, expected) => {
      const response = await (await atCountry()).call('country', payload);
      expect(response.body).toMatchObject({ code: expected, details: { country: { code: expected } } });
    });

    it('names every wrong name field and every password rule', async () => {
      const flow = await atCountry();
      await flow.ok('country', { country: 'UA' });
      const names = await flow.call('fullname', { firstname: ' ', lastname: 'Я'.repeat(101) });
      expect(names.body).toMatchObject({
        code: 'firstname_is_empty',
        details: { firstname: { code: 'firstname_is_empty' }, lastname: { code: 'lastname_is_too_long' } },
      });
      expect((await flow.call('fullname', { firstname: 'Я'.repeat(101), lastname: '' })).body).toMatchObject({
        details: { firstname: { code: 'firstname_is_too_long' }, lastname: { code: 'lastname_is_empty' } },
      });
      await flow.ok('fullname', { firstname: 'Ірина', lastname: 'Петренко' });
      for (const [password, expected] of [
        ['', 'password_is_empty'],
        ['short12', 'password_is_too_short'],
        ['x'.repeat(129), 'password_is_too_long'],
      ] as const) {
        expect((await flow.call('password', { password })).body).toMatchObject({ code: expected, details: { password: { code: expected } } });
      }
      expect(await flow.ok('password', { password: 'x'.repeat(128) })).toEqual({ next: 'done' });
    });
  });

  describe('the order of steps', () => {
    it('refuses every step but the first without a flow', async () => {
      for (const step of ['check-email', 'country', 'fullname', 'password']) {
        const response = await new FlowClient(ctx, 'registration').call(step, {});
        expect(response.status).toBe(409);
        expect(response.body).toMatchObject({ code: 'method_not_allowed' });
      }
      expect((await new FlowClient(ctx, 'registration').call('nickname', {})).status).toBe(404);
      expect((await new FlowClient(ctx, 'registration').call('no-such-step', {})).status).toBe(404);
    });

    it('cannot skip the code: country, names and password wait for a checked email', async () => {
      const { flow } = await atCodeStep();
      for (const step of ['country', 'fullname', 'password']) {
        expect((await flow.call(step, { country: 'UA', firstname: 'A', lastname: 'B', password: NEW_PASSWORD })).body).toMatchObject({
          code: 'method_not_allowed',
        });
      }
    });

    it('goes back to an earlier step and forgets what came after it', async () => {
      const { flow, email } = await atCodeStep();
      await flow.ok('check-email', { code: await lastCodeTo(ctx, email) });
      await flow.ok('country', { country: 'UA' });
      await flow.ok('fullname', { firstname: 'Ірина', lastname: 'Петренко' });
      // Back to the country: the names must be given again.
      expect(await flow.ok('country', { country: 'UA' })).toEqual({ next: 'fullname' });
      expect((await flow.call('password', { password: NEW_PASSWORD })).body).toMatchObject({ code: 'method_not_allowed' });
      // Back to the email (another one): it must be confirmed again before anything else.
      await ctx.db
        .updateTable('rate_limits')
        .set({ window_start: sql`now() - interval '61 seconds'` })
        .where('key', 'like', 'code-send:minute:%')
        .execute();
      const other = freshEmail();
      expect(await flow.ok('email', { email: other })).toEqual({ next: 'check-email' });
      expect((await flow.call('country', { country: 'UA' })).body).toMatchObject({ code: 'method_not_allowed' });
      await flow.ok('check-email', { code: await lastCodeTo(ctx, other) });
      await flow.ok('country', { country: 'UA' });
      await flow.ok('fullname', { firstname: 'Ірина', lastname: 'Петренко' });
      await flow.ok('password', { password: NEW_PASSWORD });
      expect(await ctx.db.selectFrom('users').select('email').where('email', 'in', [email, other]).execute()).toEqual([{ email: other }]);
    });

    it('does not replay a checked code or a finished registration', async () => {
      const { flow, email } = await atCodeStep();
      const code = await lastCodeTo(ctx, email);
      await flow.ok('check-email', { code });
      expect((await flow.call('check-email', { code })).body).toMatchObject({ code: 'method_not_allowed' });
      await flow.ok('country', { country: 'UA' });
      await flow.ok('fullname', { firstname: 'Ірина', lastname: 'Петренко' });
      const sameCookie = flow.fork();
      await flow.ok('password', { password: NEW_PASSWORD });
      expect((await sameCookie.call('password', { password: NEW_PASSWORD })).body).toMatchObject({ code: 'method_not_allowed' });
      expect((await flow.call('fullname', { firstname: 'A', lastname: 'B' })).body).toMatchObject({ code: 'method_not_allowed' });
    });

    it('does not let a finished flow cookie be replayed to create a second account', async () => {
      const invitation = await issueCode({ maxUses: null });
      const flow = new FlowClient(ctx, 'registration');
      const email = freshEmail();
      await flow.ok('check-invitation-code', { code: invitation.code });
      await flow.ok('email', { email });
      await flow.ok('check-email', { code: await lastCodeTo(ctx, email) });
      await flow.ok('country', { country: 'UA' });
      await flow.ok('fullname', { firstname: 'Ірина', lastname: 'Петренко' });
      // The same cookie sent twice at once: one account, one use.
      const [a, b] = await Promise.all([flow.call('password', { password: NEW_PASSWORD }), flow.call('password', { password: NEW_PASSWORD })]);
      expect([a.status, b.status].sort()).toEqual([200, expect.any(Number)]);
      expect([a.body.status, b.body.status].filter((status) => status === 'ok')).toHaveLength(1);
      const row = await ctx.db.selectFrom('invitation_codes').select('use_count').where('id', '=', invitation.id).executeTakeFirstOrThrow();
      expect(row.use_count).toBe(1);
    });
  });

  describe('the 4-step variant for an email invited to a project', () => {
    it('needs no invitation code, asks name before country, and joins the inviting projects as a guest', async () => {
      const owner = await createUser(ctx.db);
      const project = await createProject(ctx.db, { owner, name: 'Запрошення' });
      const email = freshEmail();
      await inviteEmail(ctx.db, project, email);

      const flow = new FlowClient(ctx, 'registration');
      expect(await flow.ok('email', { email })).toEqual({ next: 'check-email' });
      expect(await flow.ok('check-email', { code: await lastCodeTo(ctx, email) })).toEqual({ next: 'fullname' });
      expect((await flow.call('country', { country: 'UA' })).body).toMatchObject({ code: 'method_not_allowed' });
      expect(await flow.ok('fullname', { firstname: 'Ірина', lastname: 'Петренко' })).toEqual({ next: 'country' });
      expect(await flow.ok('country', { country: 'UA' })).toEqual({ next: 'password' });
      expect(await flow.ok('password', { password: NEW_PASSWORD })).toEqual({ next: 'done' });

      const cookie = await ctx.login(email, NEW_PASSWORD);
      const projects = await ctx.get<Array<{ id: number }>>('/api/projects', { cookie });
      expect(projects.body).toMatchObject({ status: 'ok', data: [{ id: project.id }] });
      const member = await ctx.db
        .selectFrom('project_members')
        .select('role')
        .where('project_id', '=', project.id)
        .where('user_id', '!=', owner.id)
        .executeTakeFirstOrThrow();
      expect(member.role).toBe('guest');
      expect(await ctx.db.selectFrom('project_invitations').selectAll().where('email', '=', email).execute()).toEqual([]);
    });

    it('answers a registered and a not-invited email like an invited one, and mails neither a code', async () => {
      const owner = await createUser(ctx.db);
      const project = await createProject(ctx.db, { owner });
      const invited = freshEmail();
      await inviteEmail(ctx.db, project, invited);
      const registered = (await createUser(ctx.db)).email;
      const stranger = freshEmail();

      const answers = [];
      for (const email of [invited, registered, stranger]) {
        const response = await new FlowClient(ctx, 'registration').call('email', { email });
        answers.push({ status: response.status, body: response.body });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]).toEqual({ status: 200, body: { status: 'ok', data: { next: 'check-email' } } });
      expect(await readOutbox(ctx.db, { to: registered, limit: 1 })).toEqual([]);
      expect(await readOutbox(ctx.db, { to: stranger, limit: 1 })).toEqual([]);
      expect(await readOutbox(ctx.db, { to: invited, limit: 1 })).toHaveLength(1);
    });

    it('refuses to finish when the invitation was cancelled meanwhile', async () => {
      const owner = await createUser(ctx.db);
      const project = await createProject(ctx.db, { owner });
      const email = freshEmail();
      await inviteEmail(ctx.db, project, email);
      const flow = new FlowClient(ctx, 'registration');
      await flow.ok('email', { email });
      await flow.ok('check-email', { code: await lastCodeTo(ctx, email) });
      await flow.ok('fullname', { firstname: 'Ірина', lastname: 'Петренко' });
      await flow.ok('country', { country: 'UA' });
      await ctx.db.deleteFrom('project_invitations').where('email', '=', email).execute();
      expect((await flow.call('password', { password: NEW_PASSWORD })).body).toMatchObject({ code: 'email_not_invited' });
      expect(await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    });

    it('switches to the 6 steps when an invitation code is entered', async () => {
      const owner = await createUser(ctx.db);
      const project = await createProject(ctx.db, { owner });
      const email = freshEmail();
      await inviteEmail(ctx.db, project, email);
      const flow = new FlowClient(ctx, 'registration');
      await flow.ok('email', { email });
      const invitation = await issueCode();
      expect(await flow.ok('check-invitation-code', { code: invitation.code })).toEqual({ next: 'email' });
      expect((await flow.call('check-email', { code: await lastCodeTo(ctx, email) })).body).toMatchObject({ code: 'method_not_allowed' });
    });
  });
});

describe('a confirmation code lifetime set by EMAIL_CODE_TTL_SECONDS', () => {
  const TTL_SECONDS = 3;
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { EMAIL_CODE_TTL_SECONDS: String(TTL_SECONDS) } });
  });
  afterAll(() => ctx.close());

  /** A flow awaiting its code, and a moment by which the code was surely sent. */
  async function codeSentTo(email: string): Promise<{ flow: FlowClient; sentBy: number }> {
    const invitation = await ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null });
    const flow = new FlowClient(ctx, 'registration');
    await flow.ok('check-invitation-code', { code: invitation.code });
    await flow.ok('email', { email });
    return { flow, sentBy: Date.now() };
  }

  it('says the lifetime in the mail, takes the code within it and refuses it once it has passed', async () => {
    const { flow: inTime } = await codeSentTo('in-time@example.test');
    const [mail] = await readOutbox(ctx.db, { to: 'in-time@example.test', limit: 1 });
    expect(mail!.body).toContain('Код діє 3 секунди.');
    expect(await inTime.ok('check-email', { code: mail!.code })).toEqual({ next: 'country' });

    const { flow: late, sentBy } = await codeSentTo('late@example.test');
    // Real time passes; nothing in the database is touched.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, sentBy + TTL_SECONDS * 1000 + 200 - Date.now())));
    const response = await late.call('check-email', { code: await lastCodeTo(ctx, 'late@example.test') });
    expect(response.body).toMatchObject({ code: 'code_is_expired', details: { code: { code: 'code_is_expired' } } });
  });
});
