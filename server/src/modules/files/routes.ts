import fastifyMultipart from '@fastify/multipart';
import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import { fileRoute, uploadRoute } from '../../http/file-routes.js';
import { requireUser, userOf } from '../auth/index.js';
import type { FilesService } from './service.js';

/** What the files routes call: this module's files. */
export interface FilesRouteServices {
  files: FilesService;
}

export function filesRoutes(services: FilesRouteServices): FastifyPluginAsync {
  const { files } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    route(app, endpoints.files.list, async ({ params, request }) => files.list(userOf(request), params.id));
    route(app, endpoints.files.rename, async ({ params, body, request }) => files.rename(userOf(request), params.id, body.name));
    route(app, endpoints.files.delete, async ({ params, request }) => files.delete(userOf(request), params.id));

    uploadRoute(
      app,
      endpoints.files.upload,
      { maxBytes: files.maxBytes, receive: (incoming, params) => files.receive(String(params.id), incoming), discard: (stored) => files.discard(stored) },
      async ({ params, file, request }) => files.upload(userOf(request), params.id, file),
      // Nobody streams bytes at a task they may not edit.
      { allowed: ({ params, request }) => files.assertMayUpload(userOf(request), params.id) },
    );
    fileRoute(app, endpoints.files.content, async ({ params, request }) => files.open(userOf(request), params.id, 'content'));
    fileRoute(app, endpoints.files.thumb, async ({ params, request }) => files.open(userOf(request), params.id, 'thumb'));
  };
}
