import { sql } from 'kysely';
import { createUser } from '../seed/builders.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { violatedUnique } from './errors.js';

describe('violatedUnique', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('names the unique index a real insert ran into, and nothing for other failures', async () => {
    await createUser(ctx.db, { nickname: 'the.taken.one', role: 'performer' });
    const second = await createUser(ctx.db, { role: 'performer' });
    const duplicate = await ctx.db
      .updateTable('users')
      .set({ nickname: 'THE.TAKEN.ONE' })
      .where('id', '=', second.id)
      .execute()
      .catch((error: unknown) => error);
    expect(violatedUnique(duplicate)).toBe('users_nickname_key');
    const other = await sql`select 1 / 0`.execute(ctx.db).catch((error: unknown) => error);
    expect(violatedUnique(other)).toBeUndefined();
    expect(violatedUnique(new Error('plain'))).toBeUndefined();
  });
});
