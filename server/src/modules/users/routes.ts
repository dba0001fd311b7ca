import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import type { Services } from '../../services.js';
import { requireUser, userOf } from '../auth/index.js';

export function usersRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.users.profile, async ({ request }) => services.users.profileOf(userOf(request)), { preHandler: requireUser });
    route(app, endpoints.users.get, async ({ params, request }) => services.users.publicUser(userOf(request), params.id), { preHandler: requireUser });
  };
}
