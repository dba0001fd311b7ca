import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths.js';

declare module 'fastify' {
  interface FastifyRequest {
    startedAt: bigint;
  }
}

/**
 * `Server-Timing: app;dur=…` on every API answer: the time from the request's arrival to its answer
 * being sent, which the browser's devtools and the benchmarks read apart from the network's share.
 */
export function installServerTiming(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0n);
  app.addHook('onRequest', async (request) => {
    request.startedAt = process.hrtime.bigint();
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const ms = Number(process.hrtime.bigint() - request.startedAt) / 1e6;
    reply.header('server-timing', `app;dur=${ms.toFixed(2)}`);
  });
}
