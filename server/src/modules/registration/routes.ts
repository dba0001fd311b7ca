import { API_ROOT, FLOW_KINDS, endpoints, type FlowKind } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import { languageOf } from '../../http/language.js';
import type { Config } from '../../config.js';
import type { RegistrationService } from './service.js';
import { clientInfoOf } from '../auth/index.js';
import { FLOW_TTL_SECONDS } from './repo.js';

/** One cookie per machine kind, sent only to that kind's calls. */
export const FLOW_COOKIES: Record<FlowKind, string> = {
  registration: 'negayno_registration',
  'performer-registration': 'negayno_performer_registration',
  'restore-password': 'negayno_restore_password',
};

function cookieOptions(kind: FlowKind, secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', path: `${API_ROOT}/${kind}`, secure } as const;
}

/**
 * `POST /registration/{step}`, `/performer-registration/{step}`, `/restore-password/{step}` (spec 7).
 * Public: these are the ways in for people without an account.
 */
/** What the registration routes call: the flows, and whether cookies are Secure. */
export interface RegistrationRouteServices {
  config: Pick<Config, 'cookieSecure'>;
  registration: RegistrationService;
}

export function registrationRoutes(services: RegistrationRouteServices): FastifyPluginAsync {
  const secure = services.config.cookieSecure;
  return async (app) => {
    for (const kind of FLOW_KINDS) {
      const cookie = FLOW_COOKIES[kind];
      route(app, endpoints.flows[kind], async ({ params, body, request, reply }) => {
        const result = await services.registration.step(kind, params.step, body, {
          token: request.cookies[cookie],
          client: clientInfoOf(request),
          language: languageOf(request),
        });
        if (result.newToken) reply.setCookie(cookie, result.newToken, { ...cookieOptions(kind, secure), maxAge: FLOW_TTL_SECONDS });
        if (result.finished) reply.clearCookie(cookie, cookieOptions(kind, secure));
        return result.answer;
      });
    }
  };
}
