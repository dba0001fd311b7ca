import fastifyMultipart from '@fastify/multipart';
import { endpoints, idParam } from '@negayno/shared/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { validate } from '../../http/validate.js';
import type { ChatsService } from './service.js';
import { requireUser, userOf } from '../auth/index.js';
import type { FilesService, IncomingFile, ServedFile, StoredUpload } from '../files/index.js';

/** Room for the multipart framing and the text fields around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const chatId = idParam('chat');
const messageId = idParam('message');

/** A file refusal names the field, so the browser shows it on the file (spec 8: `details.file.code`). */
function asFileError(error: unknown): unknown {
  if (error instanceof AppError && error.code.startsWith('file_') && !error.details) return new AppError(error.code, { file: error.code });
  return error;
}

function sendFile(reply: FastifyReply, file: ServedFile, download: boolean) {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header(
      'content-disposition',
      `${download || !file.inline ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', 'private, max-age=300')
    .send(file.stream);
}

/** What the chats routes call: the chats and the files a message carries. */
export interface ChatsRouteServices {
  chats: ChatsService;
  files: FilesService;
}

export function chatsRoutes(services: ChatsRouteServices): FastifyPluginAsync {
  const { chats, files } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);
    await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: files.maxBytes, files: 1, fields: 8, parts: 9 } });

    route(app, endpoints.chats.messages, async ({ params, request }) => chats.page(userOf(request), params.id));
    route(app, endpoints.chats.messagesFrom, async ({ params, request }) => chats.page(userOf(request), params.id, params.backFrom));
    route(app, endpoints.chats.message, async ({ params, request }) => chats.message(userOf(request), params.id));
    route(app, endpoints.chats.viewed, async ({ params, request }) => chats.viewed(userOf(request), params.id));
    route(app, endpoints.chats.update, async ({ params, body, request }) => chats.update(userOf(request), params.id, body.message));
    route(app, endpoints.chats.delete, async ({ params, request }) => chats.delete(userOf(request), params.id));
    route(app, endpoints.chats.recovery, async ({ params, request }) => chats.recovery(userOf(request), params.id));
    route(app, endpoints.chats.emoji, async ({ params, body, request }) => chats.emoji(userOf(request), params.id, body.emoji));
    route(app, endpoints.chats.taskChats, async ({ params, request }) => chats.taskChats(userOf(request), params.id));
    route(app, endpoints.chats.whoseMove, async ({ params, request }) => chats.whoseMove(userOf(request), params.id));

    // Multipart (one `file` part and the text fields), or JSON for a message of text alone.
    app.post<{ Params: { id: string } }>('/chat/:id/new-message', {
      onRequest: async (request) => {
        const announced = Number(request.headers['content-length'] ?? 0);
        if (announced > files.maxBytes + MULTIPART_OVERHEAD_BYTES) throw new AppError('file_is_too_large', { file: 'file_is_too_large' });
      },
      handler: async (request) => {
        const id = validate(chatId, request.params.id);
        const user = userOf(request);
        await chats.writable(user, id);
        const { fields, file } = await readMessageParts(request, (incoming) => files.receive(`chat/${id}`, incoming));
        try {
          return ok(await chats.send(user, id, fields, file));
        } catch (error) {
          if (file) await files.discard(file);
          throw error;
        }
      },
    });

    app.get<{ Params: { id: string }; Querystring: { download?: string } }>('/message/:id/file', async (request, reply) => {
      const served = await chats.file(userOf(request), validate(messageId, request.params.id), 'content');
      return sendFile(reply, served, request.query.download === '1');
    });
    app.get<{ Params: { id: string } }>('/message/:id/thumb', async (request, reply) => {
      const served = await chats.file(userOf(request), validate(messageId, request.params.id), 'thumb');
      return sendFile(reply, served, false);
    });
  };
}

/** The text fields and the one file of a new message; the file is checked and stored as it streams in. */
async function readMessageParts(
  request: FastifyRequest,
  receive: (incoming: IncomingFile) => Promise<StoredUpload>,
): Promise<{ fields: Record<string, unknown>; file: StoredUpload | null }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, file: null };
  const fields: Record<string, unknown> = {};
  let file: StoredUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = await receive({ filename: part.filename, stream: part.file }).catch((error: unknown) => {
          throw asFileError(error);
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw asFileError(error);
  }
  return { fields, file };
}
