/**
 * `/remotes.json` as the release tool last wrote it, and the count of loads per remote version (a
 * request for a served remoteEntry.js). Both are public: they are what every page, signed in or not,
 * needs to start; they reveal nothing a page does not fetch anyway.
 */
import type { FastifyInstance } from 'fastify';
import { pathOf } from '../../http/api-paths.js';
import { REVALIDATE } from '../../http/static.js';
import { REMOTES_URL_PREFIX } from './files.js';
import type { ReleaseService } from './service.js';

export function installReleases(app: FastifyInstance, releases: ReleaseService): void {
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', REVALIDATE);
    return reply.type('application/json; charset=utf-8').send(await releases.manifest());
  });

  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET') return;
    const path = pathOf(request.url);
    if (path.startsWith(REMOTES_URL_PREFIX) && path.endsWith('/remoteEntry.js')) {
      await releases.recordLoad(path).catch((error: unknown) => request.log.error({ err: error }, 'could not count a remote load'));
    }
  });
}
