/**
 * No CSRF tokens by design (decisions 1): the session cookie is SameSite=Lax and every state-changing
 * call must come from our own origin. A browser always sends Origin on such calls, so a foreign Origin
 * (or Sec-Fetch-Site: cross-site) is refused. Clients that send neither (curl, server-to-server) pass.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '@negayno/shared/contract';
import { AppError } from './app-error.js';
import { isApiPath, pathOf } from './api-paths.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls that change state anyway (spec 7 names logout a GET). */
const STATE_CHANGING_GETS = new Set([`${API_ROOT}/logout`]);

export function isCrossSiteRequest(headers: IncomingHttpHeaders): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== headers.host;
  } catch {
    return true; // "null" or garbage: not our page
  }
}

export function installSameOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    const changesState = !SAFE_METHODS.has(request.method) || STATE_CHANGING_GETS.has(pathOf(request.url));
    if (changesState && isCrossSiteRequest(request.headers)) throw new AppError('access_denied');
  });
}
