/**
 * Every task action × every status × every role, against the decisions 3 table written out here on
 * its own: an allowed move lands on the right status with dates that agree with it; a refused one
 * answers its code (404 for a task the role cannot see, 403 for a role that may not act, 409 out of
 * order) and changes nothing.
 */
import { TASK_ACTIONS, TASK_STATUSES, type TaskActionName, type TaskCard, type TaskStatus } from '@negayno/shared/contract';
import { createTask } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ROLES, act, castOf, type Cast, type Role } from '../../test/workflow-kit.js';

const CLIENT: Role[] = ['admin', 'author'];
const LIVE = TASK_STATUSES.filter((s) => s !== 'archived');

/** From decisions 3 "Action calls": who, from which statuses, to which (undefined: stays). */
const EXPECTED: Record<TaskActionName, { who: Role[] | ((status: TaskStatus) => Role[]); from: readonly TaskStatus[]; to?: TaskStatus }> = {
  publish: { who: CLIENT, from: ['draft'], to: 'published' },
  'to-drafts': { who: CLIENT, from: ['published'], to: 'draft' },
  'to-discussion': { who: ['am', 'pm'], from: ['published'], to: 'discussion' },
  'to-estimation': { who: ['pm'], from: ['discussion'], to: 'estimation' },
  'finish-evaluation': { who: ['performer'], from: ['estimation'], to: 'estimated' },
  'continue-evaluation': { who: ['performer', 'pm'], from: ['estimated'], to: 'estimation' },
  're-estimate': { who: ['sm', 'pm'], from: ['estimated'], to: 'estimation' },
  'restore-estimate': { who: ['sm', 'pm'], from: ['estimation'], to: 'estimated' },
  'send-offer': { who: ['sm'], from: ['estimated'], to: 'offer' },
  'return-offer': { who: ['sm'], from: ['offer'], to: 'estimated' },
  progress: { who: ['pm'], from: ['in_work'] },
  'to-manager-review': { who: ['performer'], from: ['in_work'] },
  pause: { who: ['pm'], from: ['in_work'] },
  unpause: { who: ['pm'], from: ['in_work'] },
  'to-test': { who: ['pm'], from: ['in_work'], to: 'testing' },
  'accept-test': { who: CLIENT, from: ['testing'] },
  'reject-test': { who: CLIENT, from: ['testing'], to: 'in_work' },
  'to-prod': { who: ['pm'], from: ['testing'], to: 'review' },
  'accept-work': { who: ['admin'], from: ['review'], to: 'rating' },
  'reject-prod': { who: ['admin'], from: ['review'], to: 'in_work' },
  'add-rating': { who: CLIENT, from: ['rating'] },
  'finish-rating': { who: CLIENT, from: ['rating'], to: 'archived' },
  'to-archive': { who: ['am'], from: ['draft', 'published', 'discussion', 'estimation', 'estimated', 'offer'], to: 'archived' },
  restore: { who: ['am'], from: ['archived'] },
  delete: { who: (status) => (status === 'draft' ? CLIENT : ['admin']), from: LIVE },
  accept: { who: ['am'], from: LIVE, to: 'archived' },
  reject: { who: ['am'], from: LIVE },
};

/**
 * What the fresh tasks of this test lack for a guard (decisions 3): nothing paused, no deletion asked,
 * no estimate stored, nothing archived by the am, not yet accepted on test.
 */
const GUARD_REFUSES: Partial<Record<TaskActionName, { status: number; code: string }>> = {
  unpause: { status: 409, code: 'method_not_allowed' },
  'to-prod': { status: 409, code: 'method_not_allowed' },
  restore: { status: 409, code: 'method_not_allowed' },
  accept: { status: 409, code: 'method_not_allowed' },
  reject: { status: 409, code: 'method_not_allowed' },
  'restore-estimate': { status: 404, code: 'estimate_not_found' },
};

/** Drafts stay the client's until published: staff without the client column set cannot open them. */
const cannotSee = (role: Role, status: TaskStatus) => status === 'draft' && (role === 'pm' || role === 'sm' || role === 'performer');

describe('the transition table: every action × status × role', () => {
  let ctx: TestContext;
  let cast: Cast;

  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await castOf(ctx);
    // Seven sign-ins check argon2 hashes: slow on a shared 2-core machine.
  }, 120_000);
  afterAll(() => ctx.close());

  const snapshot = (taskId: number) =>
    ctx.db.selectFrom('tasks').select(['status', 'updated_at', 'date_pause', 'deletion_requested_at']).where('id', '=', taskId).executeTakeFirst();

  describe.each(TASK_ACTIONS)('%s', (action) => {
    it.each(TASK_STATUSES)('from %s', async (status) => {
      const task = await createTask(ctx.db, { project: { id: cast.projectId }, author: cast.people.author, status, performers: [cast.people.performer] });
      const rule = EXPECTED[action];
      const who = typeof rule.who === 'function' ? rule.who(status) : rule.who;
      const inOrder = rule.from.includes(status);
      const before = await snapshot(task.id);

      for (const role of ROLES.filter((r) => !who.includes(r))) {
        const answer = await act(ctx, cast, role, task.id, action);
        const expected = cannotSee(role, status) ? [404, 'task_not_found'] : [403, 'access_denied'];
        expect([role, answer.status, (answer.body as { code?: string }).code]).toEqual([role, ...expected]);
      }
      expect(await snapshot(task.id)).toEqual(before);

      const [actor] = who;
      const answer = await act(ctx, cast, actor!, task.id, action);
      const refusal = cannotSee(actor!, status)
        ? { status: 404, code: 'task_not_found' }
        : !inOrder
          ? { status: 409, code: 'method_not_allowed' }
          : GUARD_REFUSES[action];
      if (refusal) {
        expect([answer.status, (answer.body as { code?: string }).code]).toEqual([refusal.status, refusal.code]);
        expect(await snapshot(task.id)).toEqual(before);
        return;
      }
      expect(answer.status).toBe(200);
      const after = await snapshot(task.id);
      if (action === 'delete' && status === 'draft') {
        expect(after).toBeUndefined();
        return;
      }
      expect(after!.status).toBe(rule.to ?? status);
      // The card says whether its dates contradict its status (rootError); no allowed move may leave that.
      const card = (answer.body as { data: TaskCard | null }).data;
      if (card && card.status !== 'archived') expect(card.color).not.toBe('rootError');
    });
  });
});
