import { READABLE_ALPHABET } from '../../lib/secure-codes.js';
import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { registerClient } from '../../test/flows.js';

/** XXXX-XXXX-XXXX-XXXX from the readable alphabet: 16 × log2(30) ≈ 78 bits (issue 35 K4 asks ≥ 60). */
const GROUPED_CODE = /^[ABCDEFGHJKMNPQRSTVWXYZ2-9]{4}(-[ABCDEFGHJKMNPQRSTVWXYZ2-9]{4}){3}$/;

describe('invitation codes', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('issues readable codes of each kind, single or multi use, with an expiry and an issuer', async () => {
    const sm = await createUser(ctx.db, { role: 'sm', email: 'issuer@example.test' });
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
    const single = await ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt, issuedBy: sm.id, note: 'Для ТОВ «Ромашка»' });
    expect(single).toMatchObject({ kind: 'client', maxUses: 1, useCount: 0, issuerEmail: 'issuer@example.test', note: 'Для ТОВ «Ромашка»', status: 'active' });
    expect(single.code).toMatch(GROUPED_CODE);
    expect(Math.abs(single.expiresAt!.getTime() - expiresAt.getTime())).toBeLessThan(1000);

    const multi = await ctx.services.invitations.issue({ kind: 'performer', maxUses: null, expiresAt: null, issuedBy: null, note: null, code: 'team-2025' });
    expect(multi).toMatchObject({ code: 'TEAM-2025', kind: 'performer', maxUses: null, issuerEmail: null, status: 'active' });
  });

  it('refuses a code that exists (as an invitation or a promo code) or is malformed', async () => {
    await ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null, code: 'TAKEN-CODE' });
    await expect(
      ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null, code: 'taken-code' }),
    ).rejects.toMatchObject({ code: 'code_is_used' });
    const owner = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ promo_code: 'PROMO-OWNER' }).where('id', '=', owner.id).execute();
    await expect(
      ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null, code: 'PROMO-OWNER' }),
    ).rejects.toMatchObject({ code: 'code_is_used' });
    await expect(
      ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null, code: 'no spaces' }),
    ).rejects.toMatchObject({ code: 'code_is_incorrect' });
    await expect(ctx.services.invitations.issue({ kind: 'client', maxUses: 0, expiresAt: null, issuedBy: null, note: null })).rejects.toMatchObject({
      code: 'invalid_value',
    });
  });

  it('lists codes newest first with their status, by kind', async () => {
    const used = await ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null });
    await registerClient(ctx, used.code, { email: 'listed@example.test' });
    const expired = await ctx.services.invitations.issue({ kind: 'client', maxUses: 5, expiresAt: new Date(Date.now() - 1000), issuedBy: null, note: null });
    const revoked = await ctx.services.invitations.issue({ kind: 'client', maxUses: null, expiresAt: null, issuedBy: null, note: null });
    await ctx.services.invitations.revoke(revoked.code);
    const active = await ctx.services.invitations.issue({ kind: 'client', maxUses: 2, expiresAt: null, issuedBy: null, note: null });

    const list = await ctx.services.invitations.list({ kind: 'client' });
    expect(list.slice(0, 4).map((item) => [item.code, item.status])).toEqual([
      [active.code, 'active'],
      [revoked.code, 'revoked'],
      [expired.code, 'expired'],
      [used.code, 'used'],
    ]);
    expect(list.every((item) => item.kind === 'client')).toBe(true);
    expect((await ctx.services.invitations.list({ kind: 'performer' })).every((item) => item.kind === 'performer')).toBe(true);
    expect(await ctx.services.invitations.revoke(revoked.code)).toBe(false);
  });

  it('makes invitation and promo codes of at least 60 bits, in typeable groups; codes of the old 8-letter form keep working (issue 35 K4)', async () => {
    expect(16 * Math.log2(READABLE_ALPHABET.length)).toBeGreaterThanOrEqual(60);
    const issued = await ctx.services.invitations.issue({ kind: 'client', maxUses: null, expiresAt: null, issuedBy: null, note: null });
    expect(issued.code).toMatch(GROUPED_CODE);
    await registerClient(ctx, issued.code.toLowerCase(), { email: 'grouped@example.test' });
    const registered = await ctx.db.selectFrom('users').select('promo_code').where('email', '=', 'grouped@example.test').executeTakeFirstOrThrow();
    expect(registered.promo_code).toMatch(GROUPED_CODE);

    const old = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ promo_code: 'ABCDEFGH' }).where('id', '=', old.id).execute();
    await ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null, code: 'WXYZ-2345' });
    await registerClient(ctx, 'abcdefgh', { email: 'old-promo@example.test' });
    await registerClient(ctx, 'wxyz-2345', { email: 'old-invitation@example.test' });
  });

  it('gives every new account a personal promo code that invites the next client', async () => {
    const invitation = await ctx.services.invitations.issue({ kind: 'client', maxUses: 1, expiresAt: null, issuedBy: null, note: null });
    await registerClient(ctx, invitation.code, { email: 'partner@example.test' });
    const partner = await ctx.db.selectFrom('users').select(['id', 'promo_code']).where('email', '=', 'partner@example.test').executeTakeFirstOrThrow();
    await registerClient(ctx, partner.promo_code!.toLowerCase(), { email: 'friend-1@example.test' });
    await registerClient(ctx, partner.promo_code!, { email: 'friend-2@example.test' });
    const invited = await ctx.db.selectFrom('users').select('email').where('invited_by', '=', partner.id).orderBy('email').execute();
    expect(invited).toEqual([{ email: 'friend-1@example.test' }, { email: 'friend-2@example.test' }]);
  });
});
