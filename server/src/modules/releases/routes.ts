/**
 * `/remotes.json` as the release tool last wrote it, and the count of loads per remote version (a
 * signed-in user's request for the remoteEntry.js they are served). Both are public: they are what
 * every page, signed in or not, needs to start; they reveal nothing a page does not fetch anyway.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathOf } from '../../http/api-paths.js';
import { REVALIDATE } from '../../http/static.js';
import { REMOTES_URL_PREFIX } from './files.js';
import type { ReleaseService } from './service.js';

/** `userIdOf`: the signed-in user of a request, whose side of a canary their load counts on. */
export function installReleases(app: FastifyInstance, releases: ReleaseService, userIdOf: (request: FastifyRequest) => Promise<number | null>): void {
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', REVALIDATE);
    return reply.type('application/json; charset=utf-8').send(await releases.manifest());
  });

  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET') return;
    const path = pathOf(request.url);
    if (path.startsWith(REMOTES_URL_PREFIX) && path.endsWith('/remoteEntry.js')) {
      await userIdOf(request)
        .then((userId) => releases.recordLoad(path, userId))
        .catch((error: unknown) => request.log.error({ err: error }, 'could not count a remote load'));
    }
  });
}
