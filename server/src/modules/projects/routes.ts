import { idParam } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { validate } from '../../http/validate.js';
import type { Services } from '../../services.js';
import { requireUser, userOf } from '../auth/hook.js';

export function projectsRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/projects', { preHandler: requireUser }, async (request) => ok(await services.projects.list(userOf(request))));

    app.get<{ Params: { id: string } }>('/project/:id', { preHandler: requireUser }, async (request) => {
      const projectId = validate(idParam('project'), request.params.id);
      return ok(await services.projects.get(userOf(request), projectId));
    });
  };
}
