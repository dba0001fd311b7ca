import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import type { WorkflowService } from './service.js';
import type { TaskStepReader } from './step-answer.js';
import { requireUser, userOf } from '../auth/index.js';

/** What the workflow routes call: the life cycle's service and the read of a step's answer. */
export interface WorkflowRouteServices {
  workflow: WorkflowService;
  taskSteps: TaskStepReader;
}

export function workflowRoutes(services: WorkflowRouteServices): FastifyPluginAsync {
  const { workflow, taskSteps } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);
    route(app, endpoints.workflow.taskAction, async ({ params, body, request }) =>
      taskSteps.after(userOf(request), await workflow.taskAction(userOf(request), params.id, params.name, body)),
    );
    route(app, endpoints.workflow.documentAction, async ({ params, body, request }) =>
      taskSteps.after(userOf(request), await workflow.documentAction(userOf(request), params.id, params.name, body)),
    );
    route(app, endpoints.workflow.actions, async ({ params, request }) => workflow.actionsOf(userOf(request), params.id));
    route(app, endpoints.workflow.documents, async ({ params, request }) => workflow.documents(userOf(request), params.id));
    route(app, endpoints.workflow.versions, async ({ params, request }) => workflow.versions(userOf(request), params.id));
    route(app, endpoints.workflow.estimates, async ({ params, request }) => workflow.estimates(userOf(request), params.id));
    route(app, endpoints.workflow.ledger, async ({ params, request }) => workflow.ledger(userOf(request), params.id));
  };
}
