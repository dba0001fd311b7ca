import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.js';
import { requireUser, userOf } from '../auth/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { Idempotency } from './idempotency.js';
import type { PaymentsService } from './payments.js';
import type { PayoutsService } from './payouts.js';
import type { MoneyService } from './service.js';
import { registerTestCheckout, type TestCheckoutServices } from './test-checkout.js';

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** What the money routes call: this module's services, and the project whose balance a payment tops up. */
export interface MoneyRouteServices extends TestCheckoutServices {
  money: MoneyService;
  payments: PaymentsService;
  payouts: PayoutsService;
  idempotency: Idempotency;
  projects: Pick<ProjectsService, 'balanceOwnedBy'>;
}

export function moneyRoutes(services: MoneyRouteServices): FastifyPluginAsync {
  return async (app) => {
    const { money, payments, payouts, idempotency } = services;
    const signedIn = { preHandler: requireUser };
    /** A money-moving call: answered once per Idempotency-Key (see idempotency.ts). */
    const once = <T>(request: FastifyRequest, input: unknown, work: () => Promise<T>) =>
      idempotency.run(userOf(request).id, idempotencyKeyOf(request), { route: request.routeOptions.url, input }, work);

    // LiqPay posts its callback as a form; only this plugin's routes read forms.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const e = endpoints.money;
    route(app, e.balance, async ({ request }) => money.walletOf(userOf(request)), signedIn);
    route(app, e.bonusBalance, async ({ request }) => money.bonusOf(userOf(request)), signedIn);
    route(app, e.calculate, async ({ request, body }) => payments.calculate(userOf(request), { kind: 'wallet' }, body.amount), signedIn);
    route(
      app,
      e.payment,
      async ({ request, body }) => once(request, body, () => payments.start(userOf(request), { kind: 'wallet' }, body.amount, body.returnTo)),
      signedIn,
    );
    route(app, e.payout, async ({ request, body }) => once(request, body, () => payouts.request(userOf(request), body.amount)), signedIn);
    route(app, e.cancelPayout, async ({ request, params }) => once(request, params, () => payouts.cancel(userOf(request), params.number)), signedIn);
    route(app, e.debitStat, async ({ request }) => money.userMonths(userOf(request), 'user_wallet'), signedIn);
    route(app, e.creditStat, async ({ request }) => money.userMonths(userOf(request), 'user_wallet'), signedIn);
    route(app, e.transactions, async ({ request }) => money.userTransactions(userOf(request), 'user_wallet'), signedIn);
    route(app, e.transactionsFrom, async ({ request, params }) => money.userTransactions(userOf(request), 'user_wallet', params.backFrom), signedIn);
    route(app, e.transaction, async ({ request, params }) => money.userTransaction(userOf(request), 'user_wallet', params.number), signedIn);
    route(app, e.bonusCreditStat, async ({ request }) => money.userMonths(userOf(request), 'user_bonus'), signedIn);
    route(app, e.bonusTransactions, async ({ request }) => money.userTransactions(userOf(request), 'user_bonus'), signedIn);
    route(app, e.bonusTransactionsFrom, async ({ request, params }) => money.userTransactions(userOf(request), 'user_bonus', params.backFrom), signedIn);
    route(app, e.bonusTransaction, async ({ request, params }) => money.userTransaction(userOf(request), 'user_bonus', params.number), signedIn);
    route(app, e.partner, async ({ request }) => money.partnerProgram(userOf(request)), signedIn);

    route(app, e.projectBalance, async ({ request, params }) => money.projectBalance(userOf(request), params.id), signedIn);
    route(
      app,
      e.projectCalculate,
      async ({ request, params, body }) => payments.calculate(userOf(request), await projectTarget(services, request, params.id), body.amount),
      signedIn,
    );
    route(
      app,
      e.projectPayment,
      async ({ request, params, body }) =>
        once(request, { params, body }, async () => payments.start(userOf(request), await projectTarget(services, request, params.id), body.amount)),
      signedIn,
    );
    route(
      app,
      e.projectDeposit,
      async ({ request, params, body }) => once(request, { params, body }, () => money.deposit(userOf(request), params.id, body.amount, body.from)),
      signedIn,
    );
    route(app, e.projectDebitStat, async ({ request, params }) => money.projectMonths(userOf(request), params.id), signedIn);
    route(app, e.projectTransactions, async ({ request, params }) => money.projectTransactions(userOf(request), params.id), signedIn);
    route(app, e.projectTransactionsFrom, async ({ request, params }) => money.projectTransactions(userOf(request), params.id, params.backFrom), signedIn);
    route(app, e.projectTransaction, async ({ request, params }) => money.projectTransaction(userOf(request), params.id, params.number), signedIn);
    route(
      app,
      e.closeProject,
      async ({ request, params, body }) => once(request, { params, body }, () => money.closeProject(userOf(request), params.id, body.projectId)),
      signedIn,
    );
    route(
      app,
      e.tips,
      async ({ request, params, body }) => once(request, { params, body }, () => money.tip(userOf(request), params.id, body.amount, body.userId)),
      signedIn,
    );

    route(app, e.order, async ({ request, params }) => payments.state(userOf(request), params.orderId), signedIn);
    route(app, e.testPayment, async ({ request, params, body }) => payments.testResult(userOf(request), params.orderId, body.result), signedIn);
    // Server to server: no session; the signature is the authentication.
    route(app, e.liqpayCallback, async ({ body }) => {
      await payments.callback(body);
      return null;
    });
    registerTestCheckout(app, services);
  };
}

async function projectTarget(services: Pick<MoneyRouteServices, 'projects'>, request: FastifyRequest, projectId: number) {
  const project = await services.projects.balanceOwnedBy(userOf(request), projectId);
  return { kind: 'project' as const, ...project };
}
