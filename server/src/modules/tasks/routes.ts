import { idParam } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { validate } from '../../http/validate.js';
import type { Services } from '../../services.js';
import { requireUser, userOf } from '../auth/hook.js';

export function tasksRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>('/project/:id/tasks', { preHandler: requireUser }, async (request) => {
      const projectId = validate(idParam('project'), request.params.id);
      return ok(await services.tasks.board(userOf(request), projectId));
    });

    app.get<{ Params: { id: string } }>('/task/:id', { preHandler: requireUser }, async (request) => {
      const taskId = validate(idParam('task'), request.params.id);
      return ok(await services.tasks.get(userOf(request), taskId));
    });
  };
}
