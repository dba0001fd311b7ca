import type { UserRow } from '../../db/schema.js';
import { attachStaff, createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { loadsOf } from './index.js';

describe('staffing', () => {
  let ctx: TestContext;
  let client: UserRow;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await createUser(ctx.db, { firstname: 'Олена', lastname: 'Клієнтка' });
  });
  afterAll(() => ctx.close());

  describe('loadsOf', () => {
    it('counts live projects and their open tasks, zeros for who carries nothing', async () => {
      const pm = await createUser(ctx.db, { role: 'pm' });
      const idle = await createUser(ctx.db, { role: 'pm' });
      const one = await createProject(ctx.db, { owner: client });
      const two = await createProject(ctx.db, { owner: client });
      const archived = await createProject(ctx.db, { owner: client });
      await ctx.db.updateTable('projects').set({ archived_at: new Date() }).where('id', '=', archived.id).execute();
      for (const project of [one, two, archived]) await attachStaff(ctx.db, project, pm);
      await createTask(ctx.db, { project: one, author: client, status: 'published' });
      await createTask(ctx.db, { project: one, author: client, status: 'draft' });
      await createTask(ctx.db, { project: two, author: client, status: 'archived' });
      await createTask(ctx.db, { project: two, author: client, status: 'published' });
      await createTask(ctx.db, { project: archived, author: client, status: 'published' });

      const loads = await loadsOf(ctx.db, [pm.id, idle.id]);
      expect(loads.get(pm.id)).toEqual({ projects: 2, openTasks: 2 });
      expect(loads.get(idle.id)).toEqual({ projects: 0, openTasks: 0 });
      expect(await loadsOf(ctx.db, [])).toEqual(new Map());
    });
  });
});
