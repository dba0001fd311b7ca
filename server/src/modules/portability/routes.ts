import { exportEndpoints } from '@negayno/shared/contract/export';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import { fileRoute } from '../../http/file-routes.js';
import { requireUser, userOf } from '../auth/index.js';
import type { ExportService } from './export/service.js';

/** What the portability routes call: this module's export service. */
export interface PortabilityRouteServices {
  exports: ExportService;
}

export function portabilityRoutes(services: PortabilityRouteServices): FastifyPluginAsync {
  const { exports } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);
    route(app, exportEndpoints.start, async ({ params, request }) => exports.start(userOf(request), params.id));
    route(app, exportEndpoints.latest, async ({ params, request }) => exports.latest(userOf(request), params.id));
    fileRoute(app, exportEndpoints.download, async ({ params, request }) => exports.download(userOf(request), params.id, params.exportId));
  };
}
