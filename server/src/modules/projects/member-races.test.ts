import { addMember, createProject, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * Issue 35 I4: two administrators who demote or remove each other at the same moment must not leave the
 * project without an administrator (its money would be stuck). On PostgreSQL the requests run on pooled
 * connections at once (write skew under READ COMMITTED before the fix); PGlite serialises them.
 */
describe('two administrators changing each other in parallel', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const ROUNDS = 5;

  async function twoAdministrators() {
    const first = await createUser(ctx.db);
    const second = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner: first });
    await addMember(ctx.db, project, second, 'administrator');
    return { project, first, second, firstCookie: await ctx.login(first.email), secondCookie: await ctx.login(second.email) };
  }

  async function administratorsOf(projectId: number) {
    return ctx.db.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).where('role', '=', 'administrator').execute();
  }

  const outcome = (response: { status: number; body: unknown }) => (response.status === 200 ? 'ok' : (response.body as { code: string }).code);

  it('mutual demotion: exactly one succeeds, one administrator is left', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { project, first, second, firstCookie, secondCookie } = await twoAdministrators();
      const answers = await Promise.all([
        ctx.request('PUT', `/api/project/${project.id}/user/${second.id}/update-role`, { payload: { role: 'guest' }, cookie: firstCookie }),
        ctx.request('PUT', `/api/project/${project.id}/user/${first.id}/update-role`, { payload: { role: 'guest' }, cookie: secondCookie }),
      ]);
      expect(answers.map(outcome).sort()).toEqual(['access_denied', 'ok']);
      expect(await administratorsOf(project.id)).toHaveLength(1);
    }
  });

  it('mutual removal: exactly one succeeds, one administrator is left', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { project, first, second, firstCookie, secondCookie } = await twoAdministrators();
      const answers = await Promise.all([
        ctx.request('DELETE', `/api/project/${project.id}/user/${second.id}/delete`, { cookie: firstCookie }),
        ctx.request('DELETE', `/api/project/${project.id}/user/${first.id}/delete`, { cookie: secondCookie }),
      ]);
      // The loser was removed first: the project is no longer theirs to see.
      expect(answers.map(outcome).sort()).toEqual(['ok', 'project_not_found']);
      expect(await administratorsOf(project.id)).toHaveLength(1);
    }
  });
});
