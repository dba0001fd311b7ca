import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.js';
import { languageOf } from '../../http/language.js';
import type { ProjectEditingService } from './editing.js';
import type { ProjectMembersService } from './members.js';
import type { ProjectsService } from './service.js';
import { requireUser, userOf } from '../auth/index.js';
import type { InvitationContext } from './members.js';

function invitationContextOf(request: FastifyRequest): InvitationContext {
  return { language: languageOf(request) };
}

/** What the projects routes call: this module's services. */
export interface ProjectsRouteServices {
  projects: ProjectsService;
  projectEditing: ProjectEditingService;
  projectMembers: ProjectMembersService;
}

export function projectsRoutes(services: ProjectsRouteServices): FastifyPluginAsync {
  const { projects, projectEditing, projectMembers } = services;
  const calls = endpoints.projects;
  return async (app) => {
    app.addHook('preHandler', requireUser);

    route(app, calls.list, async ({ request }) => projects.list(userOf(request)));
    route(app, calls.create, async ({ body, request }) => projectEditing.create(userOf(request), body.name));
    route(app, calls.get, async ({ params, request }) => projects.get(userOf(request), params.id));
    route(app, calls.rename, async ({ params, body, request }) => projectEditing.rename(userOf(request), params.id, body.name));
    route(app, calls.sort, async ({ params, body, request }) => projectEditing.sort(userOf(request), params.id, body.sortorder));
    route(app, calls.delete, async ({ params, query, request }) => projectEditing.delete(userOf(request), params.id, query.projectId));

    route(app, calls.invite, async ({ params, body, request }) => projectMembers.invite(userOf(request), params.id, body.email, invitationContextOf(request)));
    route(app, calls.acceptInvitation, async ({ params, request }) => projectMembers.accept(userOf(request), params.id));
    route(app, calls.declineInvitation, async ({ params, request }) => projectMembers.decline(userOf(request), params.id));
    route(app, calls.cancelInvitation, async ({ params, request }) => projectMembers.cancelInvitation(userOf(request), params.id, params.email));

    route(app, calls.updateRole, async ({ params, body, request }) => projectMembers.updateRole(userOf(request), params.id, params.userId, body.role));
    route(app, calls.updateSettings, async ({ params, body, request }) =>
      projectMembers.updateSettings(userOf(request), params.id, params.userId, body.canNegayno),
    );
    route(app, calls.removeUser, async ({ params, request }) => projectMembers.remove(userOf(request), params.id, params.userId));
  };
}
