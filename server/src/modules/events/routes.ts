import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.js';
import type { EventsService } from './service.js';
import { requireUser, userOf } from '../auth/index.js';

/** What the events routes call: the event log a reconnecting page reads. */
export interface EventsRouteServices {
  events: EventsService;
}

export function eventsRoutes(services: EventsRouteServices): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.events.list, async ({ query, request }) => services.events.since(userOf(request), query.room, query.after), {
      preHandler: requireUser,
    });
  };
}
