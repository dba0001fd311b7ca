import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '@negayno/shared/contract';
import { AppError } from './app-error.js';
import { isApiPath, pathOf } from './api-paths.js';

/** Still answered in maintenance: the browser's version check, and the load balancer's probes (the process is up and serving the maintenance page). */
const OPEN_IN_MAINTENANCE = new Set(['/version', '/health', '/ready'].map((path) => `${API_ROOT}${path}`));

/** MAINTENANCE_MODE: every API call but those above answers 503, which the browser shows as the maintenance page. */
export function installMaintenanceMode(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  app.addHook('onRequest', async (request) => {
    if (isApiPath(request.url) && !OPEN_IN_MAINTENANCE.has(pathOf(request.url))) throw new AppError('maintenance_mode');
  });
}
