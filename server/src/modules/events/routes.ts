import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import type { Services } from '../../services.js';
import { requireUser, userOf } from '../auth/index.js';

export function eventsRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.events.list, async ({ query, request }) => services.events.since(userOf(request), query.room, query.after), {
      preHandler: requireUser,
    });
  };
}
