import { idParam } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { validate } from '../../http/validate.js';
import type { Services } from '../../services.js';
import { requireUser, userOf } from '../auth/index.js';

export function usersRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/user/profile', { preHandler: requireUser }, async (request) => ok(await services.users.profileOf(userOf(request))));

    app.get<{ Params: { id: string } }>('/user/:id', { preHandler: requireUser }, async (request) => {
      const id = validate(idParam('user'), request.params.id);
      return ok(await services.users.publicUser(userOf(request), id));
    });
  };
}
