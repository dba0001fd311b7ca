import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import type { StaffingService } from './service.js';
import { requireUser, userOf } from '../auth/index.js';

/** A project's team (issue 31): the queue of unstaffed projects, taking one, the candidates, assigning. */
/** What the staffing routes call: the teams' service. */
export interface StaffingRouteServices {
  staffing: StaffingService;
}

export function staffingRoutes(services: StaffingRouteServices): FastifyPluginAsync {
  const { staffing } = services;
  const calls = endpoints.staffing;
  return async (app) => {
    app.addHook('preHandler', requireUser);

    route(app, calls.queue, async ({ request }) => staffing.queue(userOf(request)));
    route(app, calls.take, async ({ params, request }) => staffing.take(userOf(request), params.id));
    route(app, calls.candidates, async ({ params, request }) => staffing.candidates(userOf(request), params.id));
    route(app, calls.assign, async ({ params, body, request }) => staffing.assign(userOf(request), params.id, body));
  };
}
