import { FlowClient, NEW_PASSWORD, lastCodeTo } from '../../test/flows.js';
import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('performer registration', () => {
  let ctx: TestContext;
  let counter = 0;
  const freshEmail = () => `performer-${Date.now()}-${(counter += 1)}@example.test`;
  const issuePerformerCode = () => ctx.services.invitations.issue({ kind: 'performer', maxUses: 1, expiresAt: null, issuedBy: null, note: null });

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function atNickname(firstname = 'Тарас', lastname = 'Олійник') {
    const invitation = await issuePerformerCode();
    const email = freshEmail();
    const flow = new FlowClient(ctx, 'performer-registration');
    expect(await flow.ok('check-invitation-code', { code: invitation.code })).toEqual({ next: 'email' });
    expect(await flow.ok('email', { email })).toEqual({ next: 'check-email' });
    expect(await flow.ok('check-email', { code: await lastCodeTo(ctx, email) })).toEqual({ next: 'country' });
    expect(await flow.ok('country', { country: 'UA' })).toEqual({ next: 'fullname' });
    const answer = await flow.ok('fullname', { firstname, lastname });
    return { flow, email, answer, invitation };
  }

  it('suggests free nicknames from the name, takes one of them and creates a performer', async () => {
    await createUser(ctx.db, { nickname: 'taras.oliinyk', role: 'performer' });
    const { flow, email, answer } = await atNickname();
    expect(answer.next).toBe('nickname');
    expect(answer.nicknames!.length).toBeGreaterThanOrEqual(3);
    expect(answer.nicknames).not.toContain('taras.oliinyk');
    expect(answer.nicknames![0]).toBe('taras_oliinyk');
    for (const nickname of answer.nicknames!) expect(nickname).toMatch(/^[a-z0-9][a-z0-9._]*[a-z0-9]$/);

    expect(await flow.ok('nickname', { nickname: answer.nicknames![1] })).toEqual({ next: 'password' });
    expect(await flow.ok('password', { password: NEW_PASSWORD })).toEqual({ next: 'done' });
    const cookie = await ctx.login(email, NEW_PASSWORD);
    expect((await ctx.get('/api/user/profile', { cookie })).body).toMatchObject({
      data: { role: 'performer', nickname: answer.nicknames![1], firstname: 'Тарас' },
    });
  });

  it('takes only a suggested nickname that is still free', async () => {
    const { flow, answer } = await atNickname('Юлія', 'Згурська');
    expect(answer.nicknames![0]).toBe('yuliia.zghurska');
    expect((await flow.call('nickname', { nickname: 'my-own-idea' })).body).toMatchObject({
      code: 'nickname_is_invalid',
      details: { nickname: { code: 'nickname_is_invalid' } },
    });
    expect((await flow.call('nickname', { nickname: '' })).body).toMatchObject({ code: 'nickname_is_empty' });
    expect((await flow.call('nickname', { nickname: 'n'.repeat(33) })).body).toMatchObject({ code: 'nickname_is_too_long' });
    // Someone else takes the first suggestion meanwhile.
    await createUser(ctx.db, { nickname: answer.nicknames![0], role: 'performer' });
    const taken = (await flow.call('nickname', { nickname: answer.nicknames![0] })).body;
    expect(taken).toMatchObject({ code: 'nickname_is_invalid', data: { next: 'nickname', nicknames: expect.arrayContaining([answer.nicknames![2]]) } });
    expect((taken as { data: { nicknames: string[] } }).data.nicknames).not.toContain(answer.nicknames![0]);
    expect(await flow.ok('nickname', { nickname: answer.nicknames![2]!.toUpperCase() })).toEqual({ next: 'password' });
  });

  it('suggests nicknames for names with no Latin form', async () => {
    const { answer } = await atNickname('李', '王');
    expect(answer.nicknames!.length).toBeGreaterThanOrEqual(3);
    for (const nickname of answer.nicknames!) expect(nickname).toMatch(/^performer\d+$/);
  });

  it('sends the flow back to the nickname with fresh suggestions when the chosen one was taken before the password', async () => {
    const first = await atNickname('Леся', 'Українка');
    const second = await atNickname('Леся', 'Українка');
    expect(second.answer.nicknames).toEqual(first.answer.nicknames);
    const contested = first.answer.nicknames![0]!;
    await first.flow.ok('nickname', { nickname: contested });
    await second.flow.ok('nickname', { nickname: contested });
    expect(await first.flow.ok('password', { password: NEW_PASSWORD })).toEqual({ next: 'done' });

    const refused = await second.flow.call('password', { password: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: 'error',
      code: 'nickname_is_invalid',
      details: { nickname: { code: 'nickname_is_invalid' } },
      data: { next: 'nickname' },
    });
    const fresh = (refused.body as { data: { nicknames: string[] } }).data.nicknames;
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    expect(fresh).not.toContain(contested);
    // Nothing was created, the invitation is not spent, and the password step waits for a nickname again.
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', second.email.toLowerCase()).executeTakeFirst()).toBeUndefined();
    expect((await ctx.db.selectFrom('invitation_codes').select('use_count').where('id', '=', second.invitation.id).executeTakeFirstOrThrow()).use_count).toBe(
      0,
    );
    expect((await second.flow.call('password', { password: NEW_PASSWORD })).body).toMatchObject({ code: 'method_not_allowed' });
    expect((await second.flow.call('nickname', { nickname: contested })).body).toMatchObject({ code: 'nickname_is_invalid' });

    expect(await second.flow.ok('nickname', { nickname: fresh[0] })).toEqual({ next: 'password' });
    expect(await second.flow.ok('password', { password: NEW_PASSWORD })).toEqual({ next: 'done' });
    const cookie = await ctx.login(second.email, NEW_PASSWORD);
    expect((await ctx.get('/api/user/profile', { cookie })).body).toMatchObject({ data: { nickname: fresh[0], role: 'performer' } });
  });

  it('cannot skip the nickname, and redoing the name forgets the chosen one', async () => {
    const { flow, answer } = await atNickname();
    expect((await flow.call('password', { password: NEW_PASSWORD })).body).toMatchObject({ code: 'method_not_allowed' });
    await flow.ok('nickname', { nickname: answer.nicknames![0] });
    const again = await flow.ok('fullname', { firstname: 'Остап', lastname: 'Вишня' });
    expect(again.nicknames).toContain('ostap.vyshnia');
    expect((await flow.call('nickname', { nickname: answer.nicknames![0] })).body).toMatchObject({ code: 'nickname_is_invalid' });
    expect((await flow.call('password', { password: NEW_PASSWORD })).body).toMatchObject({ code: 'method_not_allowed' });
  });

  it('takes only performer codes, and a client code only at client registration', async () => {
    const clientCode = await ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null });
    const response = await new FlowClient(ctx, 'performer-registration').call('check-invitation-code', { code: clientCode.code });
    expect(response.body).toMatchObject({ code: 'code_is_incorrect', details: { code: { code: 'code_is_incorrect' } } });
    const owner = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ promo_code: 'PROMO-PERF' }).where('id', '=', owner.id).execute();
    expect((await new FlowClient(ctx, 'performer-registration').call('check-invitation-code', { code: 'PROMO-PERF' })).body).toMatchObject({
      code: 'code_is_incorrect',
    });
  });

  it('keeps its progress apart from a client registration in the same browser', async () => {
    const { flow } = await atNickname();
    // The performer flow's cookie means nothing to the client machine.
    expect((await flow.call('fullname', {})).status).toBe(400);
    const response = await ctx.post('/api/registration/fullname', { firstname: 'A', lastname: 'B' });
    expect(response.body).toMatchObject({ code: 'method_not_allowed' });
  });
});
