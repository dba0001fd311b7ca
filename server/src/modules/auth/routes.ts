import { loginAsBody, loginBody } from '@negayno/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { validate } from '../../http/validate.js';
import type { Services } from '../../services.js';
import { clearSessionCookie, deviceCookieOf, sessionTokenOf, setDeviceCookie, setSessionCookie } from './cookie.js';
import type { ClientInfo } from './sessions.js';

export function clientInfoOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export function authRoutes(services: Services): FastifyPluginAsync {
  const secure = services.config.cookieSecure;
  return async (app) => {
    app.post('/login', async (request, reply) => {
      const credentials = validate(loginBody, request.body ?? {});
      const { user, token, deviceCookie } = await services.auth.login(credentials, clientInfoOf(request), deviceCookieOf(request, secure));
      setSessionCookie(reply, token, secure);
      setDeviceCookie(reply, deviceCookie, secure);
      return ok(await services.users.profileOf(user));
    });

    app.post('/login-as', async (request, reply) => {
      const body = validate(loginAsBody, request.body ?? {});
      const { user, token } = await services.auth.loginByCode(body, clientInfoOf(request), sessionTokenOf(request.cookies, secure));
      setSessionCookie(reply, token, secure);
      return ok(await services.users.profileOf(user));
    });

    app.get('/logout', async (request, reply) => {
      const token = sessionTokenOf(request.cookies, secure);
      if (token) await services.auth.logout(token);
      clearSessionCookie(reply, secure);
      return ok(null);
    });
  };
}
