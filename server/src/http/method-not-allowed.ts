/**
 * A known API path called with a method it does not take answers 405 `method_not_allowed` (with an
 * Allow header) instead of 404: Fastify's router only knows "no route". Every API route is mirrored
 * into a find-my-way router (the one Fastify itself is built on) as it is added; the not-found handler
 * asks it which methods the path has.
 */
import { API_ROOT } from '@negayno/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import findMyWay, { type HTTPMethod } from 'find-my-way';
import { pathOf } from './api-paths.js';

export type AllowedMethods = (request: FastifyRequest) => string[];

/** Install before the routes: it sees only the routes added after it. */
export function trackApiMethods(app: FastifyInstance): AllowedMethods {
  const router = findMyWay({ ignoreTrailingSlash: app.initialConfig.ignoreTrailingSlash });
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_ROOT)) return;
    for (const method of ([] as string[]).concat(route.method) as HTTPMethod[]) {
      methods.add(method);
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, () => undefined);
    }
  });
  return (request) => [...methods].filter((method) => method !== request.method && router.find(method, pathOf(request.url)) !== null);
}
