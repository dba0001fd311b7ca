import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * API answers are private and change all the time (a profile, a balance, the version the browser
 * compares to reload): no browser or proxy may keep a copy.
 */
export function installNoStoreForApi(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
