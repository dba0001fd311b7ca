import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { requireUser, userOf } from '../auth/index.js';
import type { Services } from '../../services.js';

export function moneyRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/user/balance', { preHandler: requireUser }, async (request) => ok(await services.money.walletOf(userOf(request))));
    app.get('/user/bonus-balance', { preHandler: requireUser }, async (request) => ok(await services.money.bonusOf(userOf(request))));
  };
}
