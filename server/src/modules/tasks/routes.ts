import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { preparedRoute, route } from '../../http/endpoint.js';
import type { BoardAnswers } from './board-answers.js';
import type { TaskEditingService } from './editing.js';
import type { TasksService } from './service.js';
import { requireUser, userOf } from '../auth/index.js';

/** What the tasks' routes call: this module's services only. */
export interface TasksRouteServices {
  tasks: TasksService;
  taskEditing: TaskEditingService;
  boardAnswers: BoardAnswers;
}

export function tasksRoutes(services: TasksRouteServices): FastifyPluginAsync {
  const { tasks, taskEditing, boardAnswers } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);

    preparedRoute(app, endpoints.tasks.board, async ({ params, query, request }) => boardAnswers.project(userOf(request), params.id, query));
    preparedRoute(app, endpoints.tasks.boardOfAll, async ({ query, request }) => boardAnswers.allProjects(userOf(request), query));
    route(app, endpoints.tasks.create, async ({ params, body, request }) => tasks.create(userOf(request), params.id, body.name));

    route(app, endpoints.tasks.archive, async ({ request }) => tasks.archive(userOf(request), {}));
    route(app, endpoints.tasks.archiveFrom, async ({ params, request }) => tasks.archive(userOf(request), { backFrom: params.backFrom }));
    route(app, endpoints.tasks.projectArchive, async ({ params, request }) => tasks.archive(userOf(request), { projectId: params.id }));
    route(app, endpoints.tasks.projectArchiveFrom, async ({ params, request }) =>
      tasks.archive(userOf(request), { projectId: params.id, backFrom: params.backFrom }),
    );

    route(app, endpoints.tasks.get, async ({ params, request }) => tasks.get(userOf(request), params.id));
    route(app, endpoints.tasks.card, async ({ params, request }) => tasks.card(userOf(request), params.id));

    route(app, endpoints.taskEditing.rename, async ({ params, body, request }) => taskEditing.rename(userOf(request), params.id, body.name));
    route(app, endpoints.taskEditing.updateImportance, async ({ params, body, request }) =>
      taskEditing.updateImportance(userOf(request), params.id, body.importance),
    );
    route(app, endpoints.taskEditing.updateDescription, async ({ params, body, request }) =>
      taskEditing.updateDescription(userOf(request), params.id, body.description),
    );
    route(app, endpoints.taskEditing.description, async ({ params, request }) => taskEditing.description(userOf(request), params.id));
    route(app, endpoints.taskEditing.descriptionHistory, async ({ params, request }) => taskEditing.history(userOf(request), params.id));
  };
}
