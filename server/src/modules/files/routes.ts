import fastifyMultipart from '@fastify/multipart';
import { endpoints, idParam } from '@negayno/shared/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { validate } from '../../http/validate.js';
import type { FilesService } from './service.js';
import { requireUser, userOf } from '../auth/index.js';
import type { ServedFile } from './service.js';

/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const fileId = idParam('file');

/** `filename*` carries any name safely; the plain `filename` is its ASCII shadow for old clients. */
function dispositionOf(file: ServedFile, download: boolean): string {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${download || !file.inline ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
}

function sendFile(reply: FastifyReply, file: ServedFile, download: boolean) {
  return (
    reply
      .header('content-type', file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', dispositionOf(file, download))
      .header('x-content-type-options', 'nosniff')
      // Opened on its own, a file is inert: no script runs, nothing loads, whatever its bytes say.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, max-age=300')
      .send(file.stream)
  );
}

/** What the files routes call: this module's files. */
export interface FilesRouteServices {
  files: FilesService;
}

export function filesRoutes(services: FilesRouteServices): FastifyPluginAsync {
  const { files } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);
    await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: files.maxBytes, files: 1, fields: 0, parts: 1 } });

    route(app, endpoints.files.list, async ({ params, request }) => files.list(userOf(request), params.id));
    route(app, endpoints.files.rename, async ({ params, body, request }) => files.rename(userOf(request), params.id, body.name));
    route(app, endpoints.files.delete, async ({ params, request }) => files.delete(userOf(request), params.id));

    app.post<{ Params: { id: string } }>('/task/:id/upload-file', {
      // A body announced larger than the limit is refused before a byte of it is read.
      onRequest: async (request) => {
        const announced = Number(request.headers['content-length'] ?? 0);
        if (announced > files.maxBytes + MULTIPART_OVERHEAD_BYTES) throw new AppError('file_is_too_large', { file: 'file_is_too_large' });
      },
      handler: async (request) => {
        const taskId = validate(idParam('task'), request.params.id);
        const user = userOf(request);
        await files.assertMayUpload(user, taskId);
        const part = await request.file().catch(() => undefined);
        if (!part) throw new AppError('file_is_empty', { file: 'file_is_empty' });
        return ok(await files.upload(user, taskId, { filename: part.filename, stream: part.file }));
      },
    });

    app.get<{ Params: { id: string }; Querystring: { download?: string } }>('/file/:id/content', async (request, reply) => {
      const served = await files.open(userOf(request), validate(fileId, request.params.id), 'content');
      return sendFile(reply, served, request.query.download === '1');
    });
    app.get<{ Params: { id: string } }>('/file/:id/thumb', async (request, reply) => {
      const served = await files.open(userOf(request), validate(fileId, request.params.id), 'thumb');
      return sendFile(reply, served, false);
    });
  };
}
