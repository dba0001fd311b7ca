/** Who is calling: the session cookie of an API request becomes request.user (null when signed out). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { isApiPath } from '../../http/api-paths.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { sessionTokenOf, setSessionCookie } from './cookie.js';
import type { SessionService } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function installSessionHook(app: FastifyInstance, sessions: SessionService, cookieSecure: boolean): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const token = sessionTokenOf(request.cookies, cookieSecure);
    if (!token) return;
    const session = await sessions.resolve(token);
    if (!session) return;
    request.user = session.user;
    if (session.wasExtended) setSessionCookie(reply, token, cookieSecure);
  });
}

/** preHandler of every route that needs a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('request_denied');
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('request_denied');
  return request.user;
}
