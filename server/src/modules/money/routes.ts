import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import { requireUser, userOf } from '../auth/index.js';
import type { Services } from '../../services.js';

export function moneyRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.money.balance, async ({ request }) => services.money.walletOf(userOf(request)), { preHandler: requireUser });
    route(app, endpoints.money.bonusBalance, async ({ request }) => services.money.bonusOf(userOf(request)), { preHandler: requireUser });
  };
}
