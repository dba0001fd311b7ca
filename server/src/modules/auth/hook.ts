/** Who is calling: the session cookie of an API request becomes request.user (null when signed out). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { isApiPath } from '../../http/api-paths.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { sessionTokenOf, setSessionCookie } from './cookie.js';
import type { ResolvedSession, SessionService } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The live session a request's cookie names, on any path (the release counter asks it of remote entries). */
export async function sessionOf(
  request: FastifyRequest,
  sessions: SessionService,
  cookieSecure: boolean,
): Promise<(ResolvedSession & { token: string }) | null> {
  const token = sessionTokenOf(request.cookies, cookieSecure);
  const session = token ? await sessions.resolve(token) : null;
  return token && session ? { ...session, token } : null;
}

export function installSessionHook(app: FastifyInstance, sessions: SessionService, cookieSecure: boolean): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const session = await sessionOf(request, sessions, cookieSecure);
    if (!session) return;
    request.user = session.user;
    if (session.wasExtended) setSessionCookie(reply, session.token, cookieSecure);
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
