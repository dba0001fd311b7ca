import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import type { Config } from '../../config.js';
import type { ReleaseService } from '../releases/index.js';
import type { Readiness } from './readiness.js';
import type { ClientLogService } from './service.js';
import type { VersionService } from './version.js';

/** What the system routes call: the version, readiness and browser logs, and the releases a logged error is counted against. */
export interface SystemRouteServices {
  config: Pick<Config, 'money'>;
  version: VersionService;
  readiness: Readiness;
  clientLogs: ClientLogService;
  releases: Pick<ReleaseService, 'recordError'>;
}

export function systemRoutes(services: SystemRouteServices): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.system.version, async () => ({
      version: await services.version.current(),
      testPayments: services.config.money.testPaymentsAnnounced,
    }));
    route(app, endpoints.system.health, async () => ({ status: 'ok' as const }));
    route(app, endpoints.system.ready, async () => {
      await services.readiness.check();
      return { status: 'ready' as const };
    });

    route(app, endpoints.system.log, async ({ body: entry, request }) => {
      await services.clientLogs.record(entry, { userId: request.user?.id ?? null, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      request.log.info({ clientLog: entry.code, remote: entry.remote, userId: request.user?.id ?? null }, 'client reported a failure');
      if (entry.remote) await services.releases.recordError(entry.remote, entry.code, request.user?.id ?? null);
      return null;
    });
  };
}
