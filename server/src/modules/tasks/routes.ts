import { idParam, nameBody, taskFilterQuery } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { validate } from '../../http/validate.js';
import type { Services } from '../../services.js';
import { requireUser, userOf } from '../auth/index.js';

type WithId = { Params: { id: string } };
type Archive = { Params: { id?: string; backFrom?: string } };

export function tasksRoutes(services: Services): FastifyPluginAsync {
  const { tasks } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);

    app.get<WithId>('/project/:id/tasks', async (request) => {
      const projectId = validate(idParam('project'), request.params.id);
      return ok(await tasks.board(userOf(request), projectId, validate(taskFilterQuery, request.query)));
    });

    app.get('/tasks', async (request) => ok(await tasks.boardOfAll(userOf(request), validate(taskFilterQuery, request.query))));

    app.post<WithId>('/project/:id/new-task', async (request) => {
      const projectId = validate(idParam('project'), request.params.id);
      const { name } = validate(nameBody, request.body);
      return ok(await tasks.create(userOf(request), projectId, name));
    });

    const archive = async (request: { params: Archive['Params'] } & Parameters<typeof userOf>[0]) => {
      const projectId = request.params.id === undefined ? undefined : validate(idParam('project'), request.params.id);
      const backFrom = request.params.backFrom === undefined ? undefined : validate(idParam('backFrom'), request.params.backFrom);
      return ok(await tasks.archive(userOf(request), { projectId, backFrom }));
    };
    app.get<Archive>('/archive', archive);
    app.get<Archive>('/archive/:backFrom', archive);
    app.get<Archive>('/project/:id/archive', archive);
    app.get<Archive>('/project/:id/archive/:backFrom', archive);

    app.get<WithId>('/task/:id', async (request) => {
      const taskId = validate(idParam('task'), request.params.id);
      return ok(await tasks.get(userOf(request), taskId));
    });

    app.get<WithId>('/task/:id/get-card', async (request) => {
      const taskId = validate(idParam('task'), request.params.id);
      return ok(await tasks.card(userOf(request), taskId));
    });
  };
}
