import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '@negayno/shared/contract';
import { AppError } from './app-error.js';
import { isApiPath, pathOf } from './api-paths.js';

/** MAINTENANCE_MODE: every API call but the version check answers 503, which the browser shows as the maintenance page. */
export function installMaintenanceMode(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  app.addHook('onRequest', async (request) => {
    if (isApiPath(request.url) && pathOf(request.url) !== `${API_ROOT}/version`) throw new AppError('maintenance_mode');
  });
}
