import { addMember, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { castOf, type Cast } from '../../test/workflow-kit.js';
import { projectAccessesIn, projectAccessIn } from './audience.js';

describe('the project access of several people at once (a task event asks it of everyone it may concern)', () => {
  let ctx: TestContext;
  let cast: Cast;
  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx);
  });
  afterAll(() => ctx.close());

  it('answers in one statement what projectAccessIn answers for each: members, staff, a performer, an invitee, outsiders', async () => {
    const idlePerformer = await createUser(ctx.db, { role: 'performer' });
    const invitee = await createUser(ctx.db);
    await addMember(ctx.db, { id: cast.projectId }, invitee, 'invite');
    const outsider = await createUser(ctx.db);
    const staffElsewhere = await createUser(ctx.db, { role: 'pm' });
    await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status: 'in_work', performers: [cast.people.performer] });
    const users = [...Object.values(cast.people), idlePerformer, invitee, outsider, staffElsewhere].map(({ id, role, email }) => ({ id, role, email }));

    const together = await projectAccessesIn(ctx.db, users, cast.projectId);
    for (const user of users) expect([user.id, together.get(user.id)]).toEqual([user.id, await projectAccessIn(ctx.db, user, cast.projectId)]);
    expect(users.map((user) => together.get(user.id)?.role ?? null)).toEqual([
      'administrator',
      'user',
      'guest',
      'am',
      'pm',
      'sm',
      'performer',
      null,
      null,
      null,
      null,
    ]);
  });
});
