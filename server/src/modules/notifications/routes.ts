import { endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync, preHandlerHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/endpoint.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { UsersService } from '../users/index.js';
import type { NotificationsService } from './service.js';
import type { TelegramChannelService } from './telegram/channel.js';
import { requireUser, userOf } from '../auth/index.js';
import { registerUnsubscribe } from './email/unsubscribe.js';
import { WEBHOOK_SECRET_HEADER, webhookSecretMatches } from './telegram/webhook.js';

/** What the notifications routes call: this module's services, the profile a channel change answers with, and the unsubscribe link's keys. */
export interface NotificationsRouteServices {
  config: Pick<Config, 'secret' | 'publicUrl' | 'telegram'>;
  db: Db;
  notifications: NotificationsService;
  telegram: TelegramChannelService;
  users: Pick<UsersService, 'profileOf'>;
}

export function notificationsRoutes(services: NotificationsRouteServices): FastifyPluginAsync {
  return async (app) => {
    const signedIn = { preHandler: requireUser };
    route(app, endpoints.notifications.list, async ({ request }) => services.notifications.list(userOf(request)), signedIn);
    route(app, endpoints.notifications.listFrom, async ({ params, request }) => services.notifications.list(userOf(request), params.backFrom), signedIn);
    route(app, endpoints.notifications.viewed, async ({ params, request }) => services.notifications.markViewed(userOf(request), params.id), signedIn);
    route(app, endpoints.notifications.viewedAll, async ({ request }) => services.notifications.markAllViewed(userOf(request)), signedIn);

    // The channels of the profile (only Telegram exists; the path names it, as spec 7 has it).
    route(app, endpoints.channels.link, async ({ request }) => services.telegram.link(userOf(request)), signedIn);
    route(
      app,
      endpoints.channels.updateSettings,
      async ({ body, request }) => {
        await services.telegram.setEnabled(userOf(request), body.enabled);
        return services.users.profileOf(userOf(request));
      },
      signedIn,
    );
    route(
      app,
      endpoints.channels.unlink,
      async ({ request }) => {
        await services.telegram.unlink(userOf(request));
        return services.users.profileOf(userOf(request));
      },
      signedIn,
    );

    // The unsubscribe link of notification mails: no session, the link's signature is the proof.
    registerUnsubscribe(app, { db: services.db, secret: services.config.secret, publicUrl: services.config.publicUrl });

    // Telegram in webhook mode: the secret is checked before the body is validated, so a stranger learns nothing.
    const fromTelegram: preHandlerHookHandler = async (request) => {
      const webhook = services.config.telegram.webhook;
      if (!webhook || !services.telegram.available || !webhookSecretMatches(request.headers[WEBHOOK_SECRET_HEADER], webhook.secret))
        throw new AppError('access_denied');
    };
    route(
      app,
      endpoints.channels.telegramWebhook,
      async ({ body }) => {
        await services.telegram.handleUpdate(body);
        return null;
      },
      { preHandler: fromTelegram },
    );
  };
}
