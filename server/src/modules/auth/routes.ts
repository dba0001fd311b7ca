import { endpoints, type UserProfile } from '@negayno/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { AuthService } from './service.js';
import { clearSessionCookie, deviceCookieOf, sessionTokenOf, setDeviceCookie, setSessionCookie } from './cookie.js';
import type { ClientInfo } from './sessions.js';

export function clientInfoOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/** What the auth routes call: this module's sign-in, and the profile a signed-in person is answered with. */
export interface AuthRouteServices {
  config: Pick<Config, 'cookieSecure'>;
  auth: AuthService;
  /** The users module's answer for a signed-in person (a port: users depends on auth, not the reverse). */
  users: { profileOf(user: AuthUser): Promise<UserProfile> };
}

export function authRoutes(services: AuthRouteServices): FastifyPluginAsync {
  const secure = services.config.cookieSecure;
  return async (app) => {
    route(app, endpoints.auth.login, async ({ body, request, reply }) => {
      const { user, token, deviceCookie } = await services.auth.login(body, clientInfoOf(request), deviceCookieOf(request, secure));
      setSessionCookie(reply, token, secure);
      setDeviceCookie(reply, deviceCookie, secure);
      return services.users.profileOf(user);
    });

    route(app, endpoints.auth.loginAs, async ({ body, request, reply }) => {
      const { user, token } = await services.auth.loginByCode(body, clientInfoOf(request), sessionTokenOf(request.cookies, secure));
      setSessionCookie(reply, token, secure);
      return services.users.profileOf(user);
    });

    route(app, endpoints.auth.logout, async ({ request, reply }) => {
      const token = sessionTokenOf(request.cookies, secure);
      if (token) await services.auth.logout(token);
      clearSessionCookie(reply, secure);
      return null;
    });
  };
}
