/**
 * A model test (fast-check): random sequences of card top-ups and their reports (duplicated, reordered,
 * mismatched), payouts and cancellations, tips, bonus spends, escrow moves, releases and refunds run
 * against the real services and a plain model of the balances. After every step the balances equal the
 * model, every transaction's postings sum to zero and no balance is negative.
 */
import fc from 'fast-check';
import type { AuthUser } from '../../lib/auth-user.js';
import { createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { AccountRef } from './ledger.js';
import { checkLedger } from './ledger-check.js';

type Op =
  | { kind: 'topUp'; amount: number; toProject: boolean }
  | { kind: 'report'; pick: number; outcome: 'success' | 'failure'; times: number }
  | { kind: 'mismatch'; pick: number }
  | { kind: 'payout'; amount: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'tip'; amount: number }
  | { kind: 'bonusSpend'; amount: number }
  | { kind: 'escrow'; amount: number }
  | { kind: 'release' }
  | { kind: 'refund'; progress: number };

const ops: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('topUp' as const), amount: fc.integer({ min: 10_000, max: 90_000 }), toProject: fc.boolean() }),
  fc.record({
    kind: fc.constant('report' as const),
    pick: fc.nat(),
    outcome: fc.constantFrom('success' as const, 'failure' as const),
    times: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('mismatch' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('payout' as const), amount: fc.integer({ min: 50_000, max: 120_000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('tip' as const), amount: fc.integer({ min: 1_000, max: 30_000 }) }),
  fc.record({ kind: fc.constant('bonusSpend' as const), amount: fc.integer({ min: 100, max: 3_000 }) }),
  fc.record({ kind: fc.constant('escrow' as const), amount: fc.integer({ min: 1_000, max: 60_000 }) }),
  fc.constant({ kind: 'release' as const }),
  fc.record({ kind: fc.constant('refund' as const), progress: fc.integer({ min: 0, max: 100 }) }),
);

describe('the ledger against a model', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('keeps every balance equal to the model, every transaction balanced and nothing negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 5, maxLength: 18 }), async (sequence) => {
        const inviter = await createUser(ctx.db);
        const client = await createUser(ctx.db);
        await ctx.db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', client.id).execute();
        const performer = await createUser(ctx.db, { role: 'performer' });
        const project = await createProject(ctx.db, { owner: client });
        const inviterProject = await createProject(ctx.db, { owner: inviter });
        const task = await createTask(ctx.db, { project, author: client, status: 'in_work' });
        // Tips wait until the work is accepted (decisions 5).
        const accepted = await createTask(ctx.db, { project, author: client, status: 'rating' });
        const asUser = (row: { id: number; role: AuthUser['role']; email: string }): AuthUser => ({ id: row.id, role: row.role, email: row.email });

        const accounts = {
          wallet: { kind: 'user_wallet', userId: client.id },
          bonus: { kind: 'user_bonus', userId: inviter.id },
          performer: { kind: 'user_wallet', userId: performer.id },
          project: { kind: 'project', projectId: project.id },
          inviterProject: { kind: 'project', projectId: inviterProject.id },
          escrow: { kind: 'escrow', taskId: task.id },
        } satisfies Record<string, AccountRef>;
        const model: Record<keyof typeof accounts, number> = { wallet: 0, bonus: 0, performer: 0, project: 0, inviterProject: 0, escrow: 0 };
        const orders: Array<{ orderId: string; amount: number; fee: number; toProject: boolean; status: 'pending' | 'completed' | 'rejected' }> = [];
        const payouts: Array<{ number: number; amount: number; pending: boolean }> = [];
        const { ledger, payments, payouts: payoutService, money } = ctx.services;
        const refused = (promise: Promise<unknown>) =>
          promise.then(
            () => false,
            () => true,
          );

        for (const op of sequence) {
          switch (op.kind) {
            case 'topUp': {
              const target = op.toProject
                ? { kind: 'project' as const, projectId: project.id, name: project.name, currency: 'UAH' as const }
                : { kind: 'wallet' as const };
              const checkout = await payments.start(asUser(client), target, op.amount);
              orders.push({ orderId: checkout.orderId, amount: op.amount, fee: Math.ceil(op.amount * 0.015), toProject: op.toProject, status: 'pending' });
              break;
            }
            case 'report': {
              const order = orders[op.pick % Math.max(orders.length, 1)];
              if (!order) break;
              for (let i = 0; i < op.times; i++)
                await payments.confirm({ orderId: order.orderId, outcome: op.outcome, total: order.amount + order.fee, currency: 'UAH' }, 'callback');
              // A success credits a pending order, and a rejected one too (issue 35: the card was charged on a retry).
              if (order.status !== 'completed' && op.outcome === 'success') {
                model[order.toProject ? 'project' : 'wallet'] += order.amount;
                model.bonus += Math.floor(order.amount * 0.05);
                order.status = 'completed';
              } else if (order.status === 'pending') {
                order.status = 'rejected';
              }
              break;
            }
            case 'mismatch': {
              const order = orders[op.pick % Math.max(orders.length, 1)];
              if (order)
                await payments.confirm({ orderId: order.orderId, outcome: 'success', total: order.amount + order.fee + 1, currency: 'UAH' }, 'callback');
              break;
            }
            case 'payout': {
              const allowed = op.amount <= model.performer;
              try {
                const row = await payoutService.request(asUser(performer), op.amount);
                payouts.push({ number: row.number, amount: op.amount, pending: true });
                model.performer -= op.amount;
                expect(allowed).toBe(true);
              } catch {
                expect(allowed).toBe(false);
              }
              break;
            }
            case 'cancel': {
              const payout = payouts[op.pick % Math.max(payouts.length, 1)];
              if (!payout) break;
              const failed = await refused(payoutService.cancel(asUser(performer), payout.number));
              expect(failed).toBe(!payout.pending);
              if (payout.pending) model.performer += payout.amount;
              payout.pending = false;
              break;
            }
            case 'tip': {
              const allowed = op.amount <= model.wallet;
              expect(await refused(money.tip(asUser(client), accepted.id, op.amount, performer.id))).toBe(true); // not a performer of the task yet
              await ctx.db
                .insertInto('task_performers')
                .values({ task_id: accepted.id, user_id: performer.id })
                .onConflict((oc) => oc.doNothing())
                .execute();
              expect(await refused(money.tip(asUser(client), accepted.id, op.amount, performer.id))).toBe(!allowed);
              await ctx.db.deleteFrom('task_performers').where('task_id', '=', accepted.id).execute();
              if (allowed) {
                model.wallet -= op.amount;
                model.performer += op.amount;
              }
              break;
            }
            case 'bonusSpend': {
              const allowed = op.amount <= model.bonus;
              expect(await refused(money.deposit(asUser(inviter), inviterProject.id, op.amount, 'bonus'))).toBe(!allowed);
              if (allowed) {
                model.bonus -= op.amount;
                model.inviterProject += op.amount;
              }
              break;
            }
            case 'escrow': {
              const allowed = op.amount <= model.project;
              const move = ledger.post({
                paymentType: 'taskpayment',
                currency: 'UAH',
                projectId: project.id,
                taskId: task.id,
                postings: [
                  { account: accounts.project, amount: -op.amount },
                  { account: accounts.escrow, amount: op.amount },
                ],
              });
              expect(await refused(move)).toBe(!allowed);
              if (allowed) {
                model.project -= op.amount;
                model.escrow += op.amount;
              }
              break;
            }
            case 'release':
            case 'refund': {
              const held = model.escrow;
              if (held === 0) break;
              const back = op.kind === 'refund' ? Math.floor((held * (100 - op.progress)) / 100) : 0;
              const share = Math.floor(((held - back) * 70) / 100);
              const platform = held - back - share;
              const legs = [
                { account: accounts.escrow as AccountRef, amount: -held },
                { account: accounts.project as AccountRef, amount: back },
                { account: accounts.performer as AccountRef, amount: share },
                { account: { kind: 'platform' } as AccountRef, amount: platform },
              ].filter((leg) => leg.amount !== 0);
              await ledger.post({ paymentType: op.kind === 'refund' ? 'refund' : 'workpayment', currency: 'UAH', taskId: task.id, postings: legs });
              model.escrow = 0;
              model.project += back;
              model.performer += share;
              break;
            }
          }

          for (const [name, account] of Object.entries(accounts) as Array<[keyof typeof accounts, AccountRef]>) {
            expect({ name, balance: await ledger.balanceOf(account, 'UAH') }).toEqual({ name, balance: model[name] });
          }
          expect(await checkLedger(ctx.db)).toEqual({ ok: true, lines: [] });
          const negative = await ctx.db.selectFrom('accounts').select('id').where('kind', '<>', 'provider').where('balance', '<', 0).execute();
          expect(negative).toEqual([]);
        }
      }),
      { numRuns: 12 },
    );
    // Twelve sequences of up to 18 steps, each checked against the whole ledger: minutes on a busy machine.
  }, 180_000);
});
