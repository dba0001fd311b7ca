/** `/ops/…` (issue 31): every call answers 404 to anyone but an operator, before its input is even read. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.js';
import { AppError } from '../../http/app-error.js';
import { languageOf } from '../../http/language.js';
import type { OpsService } from './service.js';
import { userOf } from '../auth/index.js';

/** What the ops routes call: the console's service. */
export interface OpsRouteServices {
  ops: OpsService;
}

export function opsRoutes(services: OpsRouteServices): FastifyPluginAsync {
  const { ops } = services;
  const calls = opsEndpoints;
  return async (app) => {
    // Signed out: the usual 401. Signed in but no operator: the same 404 as a path that does not exist,
    // so the console's existence is not told to others.
    app.addHook('preHandler', async (request: FastifyRequest) => {
      const user = userOf(request);
      if (!(await ops.isOperator(user))) throw new AppError('action_not_found');
    });
    const operatorId = (request: FastifyRequest) => userOf(request).id;

    route(app, calls.staff, async ({ query }) => ops.staff(query));
    route(app, calls.createStaff, async ({ request, body }) => ops.createStaff(operatorId(request), body, languageOf(request)));
    route(app, calls.deactivateStaff, async ({ request, params, body }) => ops.deactivate(operatorId(request), params.id, body.successorId));
    route(app, calls.reactivateStaff, async ({ request, params }) => ops.reactivate(operatorId(request), params.id));
    route(app, calls.projects, async ({ query }) => ops.projects(query));
    route(app, calls.invitations, async ({ query }) => ops.invitationList(query));
    route(app, calls.issueInvitation, async ({ request, body }) => ops.issueInvitation(operatorId(request), body));
    route(app, calls.revokeInvitation, async ({ request, params }) => ops.revokeInvitation(operatorId(request), params.id));
    route(app, calls.payouts, async ({ query }) => ops.payoutList(query));
    route(app, calls.walletHistory, async ({ request, params }) => ops.walletHistory(userOf(request), params.id));
    route(app, calls.completePayout, async ({ request, params, body }) => ops.settlePayout(operatorId(request), params.number, 'completed', body.reference));
    route(app, calls.rejectPayout, async ({ request, params, body }) => ops.settlePayout(operatorId(request), params.number, 'rejected', body.reason));
    route(app, calls.deadlines, async () => ops.deadlines());
    route(app, calls.money, async () => ops.money());
    route(app, calls.loginCode, async ({ request, body }) => ops.loginCode(operatorId(request), body.email));
    route(app, calls.audit, async ({ query }) => ops.audit(query));
  };
}
