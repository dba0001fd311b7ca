import { searchEndpoint } from '@negayno/shared/contract/search';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import { requireUser, userOf } from '../auth/index.js';
import type { SearchService } from './service.js';

/** What the search route calls: this module's service only. */
export interface SearchRouteServices {
  search: SearchService;
}

export function searchRoutes(services: SearchRouteServices): FastifyPluginAsync {
  const { search } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);
    route(app, searchEndpoint, async ({ query, request }) => search.find(userOf(request), query));
  };
}
