import {
  deleteProjectQuery,
  emailField,
  idParam,
  inviteBody,
  memberSettingsBody,
  nameBody,
  sortorderBody,
  updateRoleBody,
} from '@negayno/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { languageOf } from '../../http/language.js';
import { validate } from '../../http/validate.js';
import type { Services } from '../../services.js';
import { requireUser, userOf } from '../auth/hook.js';
import type { InvitationContext } from './members.js';

type WithId = { Params: { id: string } };
type WithMember = { Params: { id: string; userId: string } };

function projectIdOf(request: FastifyRequest<WithId>): number {
  return validate(idParam('project'), request.params.id);
}

function invitationContextOf(request: FastifyRequest): InvitationContext {
  return { language: languageOf(request) };
}

export function projectsRoutes(services: Services): FastifyPluginAsync {
  const { projects, projectEditing, projectMembers } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);

    app.get('/projects', async (request) => ok(await projects.list(userOf(request))));

    app.post('/project/new', async (request) => {
      const { name } = validate(nameBody, request.body);
      return ok(await projectEditing.create(userOf(request), name));
    });

    app.get<WithId>('/project/:id', async (request) => ok(await projects.get(userOf(request), projectIdOf(request))));

    app.put<WithId>('/project/:id/update-name', async (request) => {
      const projectId = projectIdOf(request);
      const { name } = validate(nameBody, request.body);
      return ok(await projectEditing.rename(userOf(request), projectId, name));
    });

    app.put<WithId>('/project/:id/update-sort', async (request) => {
      const projectId = projectIdOf(request);
      const { sortorder } = validate(sortorderBody, request.body);
      return ok(await projectEditing.sort(userOf(request), projectId, sortorder));
    });

    app.delete<WithId & { Querystring: Record<string, string> }>('/project/:id/delete', async (request) => {
      const projectId = projectIdOf(request);
      const { projectId: next } = validate(deleteProjectQuery, request.query);
      return ok(await projectEditing.delete(userOf(request), projectId, next));
    });

    app.post<WithId>('/project/:id/invite-user', async (request) => {
      const projectId = projectIdOf(request);
      const { email } = validate(inviteBody, request.body);
      return ok(await projectMembers.invite(userOf(request), projectId, email, invitationContextOf(request)));
    });

    app.post<WithId>('/project/:id/accept-invitation', async (request) => ok(await projectMembers.accept(userOf(request), projectIdOf(request))));

    app.delete<WithId>('/project/:id/decline-invitation', async (request) => ok(await projectMembers.decline(userOf(request), projectIdOf(request))));

    app.delete<WithId & { Params: { email: string } }>('/project/:id/cancel-invitation/:email', async (request) => {
      const projectId = projectIdOf(request);
      const email = validate(emailField(), request.params.email);
      return ok(await projectMembers.cancelInvitation(userOf(request), projectId, email));
    });

    app.put<WithMember>('/project/:id/user/:userId/update-role', async (request) => {
      const projectId = projectIdOf(request);
      const memberId = validate(idParam('user'), request.params.userId);
      const { role } = validate(updateRoleBody, request.body);
      return ok(await projectMembers.updateRole(userOf(request), projectId, memberId, role));
    });

    app.put<WithMember>('/project/:id/user/:userId/update-settings', async (request) => {
      const projectId = projectIdOf(request);
      const memberId = validate(idParam('user'), request.params.userId);
      const { canNegayno } = validate(memberSettingsBody, request.body);
      return ok(await projectMembers.updateSettings(userOf(request), projectId, memberId, canNegayno));
    });

    app.delete<WithMember>('/project/:id/user/:userId/delete', async (request) => {
      const projectId = projectIdOf(request);
      const memberId = validate(idParam('user'), request.params.userId);
      return ok(await projectMembers.remove(userOf(request), projectId, memberId));
    });
  };
}
