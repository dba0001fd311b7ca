import fastifyMultipart from '@fastify/multipart';
import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import { fileRoute, uploadRoute } from '../../http/file-routes.js';
import { requireUser, userOf } from '../auth/index.js';
import type { FilesService } from '../files/index.js';
import type { ChatsService } from './service.js';

/** What the chats routes call: the chats and the files a message carries. */
export interface ChatsRouteServices {
  chats: ChatsService;
  files: FilesService;
}

export function chatsRoutes(services: ChatsRouteServices): FastifyPluginAsync {
  const { chats, files } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

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

    // Multipart with one optional `file` part, or JSON for a message of text alone.
    uploadRoute(
      app,
      endpoints.chats.newMessage,
      { maxBytes: files.maxBytes, receive: (incoming, params) => files.receive(`chat/${params.id}`, incoming), discard: (stored) => files.discard(stored) },
      async ({ params, body, file, request }) => chats.send(userOf(request), params.id, body, file),
      // Nobody streams bytes at a chat they may not write in.
      { allowed: ({ params, request }) => chats.writable(userOf(request), params.id) },
    );
    fileRoute(app, endpoints.chats.file, async ({ params, request }) => chats.file(userOf(request), params.id, 'content'));
    fileRoute(app, endpoints.chats.thumb, async ({ params, request }) => chats.file(userOf(request), params.id, 'thumb'));
  };
}
