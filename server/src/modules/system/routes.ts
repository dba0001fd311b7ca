import { logBody, type VersionInfo } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { validate } from '../../http/validate.js';
import type { Services } from '../../services.js';

/** navigator.sendBeacon(url, string) posts text/plain: such a body is the JSON text itself. */
function jsonOf(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? {};
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('invalid_value');
  }
}

export function systemRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/version', async () => ok<VersionInfo>({ version: await services.version.current() }));

    app.post('/log/new', async (request) => {
      const entry = validate(logBody, jsonOf(request.body));
      await services.clientLogs.record(entry, { userId: request.user?.id ?? null, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      request.log.info({ clientLog: entry.code, userId: request.user?.id ?? null }, 'client reported a failure');
      return ok(null);
    });
  };
}
