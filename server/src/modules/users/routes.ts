import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { AVATAR, endpoints } from '@negayno/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { preparedRoute, route } from '../../http/endpoint.js';
import { uploadRoute, wholeUpload } from '../../http/file-routes.js';
import type { Config } from '../../config.js';
import { clearSessionCookie, requireUser, sessionTokenOf, userOf, type SessionService } from '../auth/index.js';
import { AVATAR_NAME, type AvatarStore } from './avatars.js';
import type { AccountClosing } from './closing.js';
import type { PasswordChangeService } from './password.js';
import type { ProfileAnswers } from './profile-answers.js';
import type { UsersService } from './service.js';

/** What the users routes call: this module's services, and whether cookies are Secure. */
export interface UsersRouteServices {
  config: Pick<Config, 'cookieSecure'>;
  users: UsersService;
  profileAnswers: ProfileAnswers;
  passwordChanges: PasswordChangeService;
  accountClosing: AccountClosing;
}

export function usersRoutes(services: UsersRouteServices): FastifyPluginAsync {
  return async (app) => {
    // Multipart parsing for this plugin's routes only, unless the app registered it for all already.
    if (!app.hasRequestDecorator('isMultipart')) await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    const signedIn = { preHandler: requireUser };
    preparedRoute(app, endpoints.users.profile, async ({ request }) => services.profileAnswers.of(userOf(request)), signedIn);
    route(app, endpoints.users.get, async ({ params, request }) => services.users.publicUser(userOf(request), params.id), signedIn);
    route(app, endpoints.users.updateFullname, async ({ body, request }) => services.users.updateFullname(userOf(request), body), signedIn);
    route(app, endpoints.users.updatePhone, async ({ body, request }) => services.users.updatePhone(userOf(request), body), signedIn);
    route(app, endpoints.users.updateSettings, async ({ body, request }) => services.users.updateSettings(userOf(request), body), signedIn);
    route(
      app,
      endpoints.users.updatePassword,
      async ({ body, request }) => {
        const token = sessionTokenOf(request.cookies, services.config.cookieSecure);
        if (!token) throw new AppError('request_denied');
        return services.passwordChanges.change(userOf(request), token, body);
      },
      signedIn,
    );
    route(
      app,
      endpoints.users.deleteAccount,
      async ({ body, request, reply }) => {
        await services.accountClosing.close(userOf(request), body);
        clearSessionCookie(reply, services.config.cookieSecure);
        return null;
      },
      signedIn,
    );
    uploadRoute(
      app,
      endpoints.users.uploadAvatar,
      { maxBytes: AVATAR.maxBytes, receive: wholeUpload },
      async ({ file, request }) => services.users.uploadAvatar(userOf(request), file),
      signedIn,
    );
    route(app, endpoints.users.deleteAvatar, async ({ request }) => services.users.deleteAvatar(userOf(request)), signedIn);
  };
}

/**
 * `/files/avatars/{name}` (outside the API root, where avatarUrl points): the stored WebP squares.
 * Only names the store writes are served; an avatar is shown beside names people share a project with,
 * and its name is random, so it is served to any signed-in visitor who has it.
 */
/** What the avatars' files need: the session that may see them and the folder they are in. */
export interface AvatarFilesServices {
  config: Pick<Config, 'cookieSecure'>;
  sessions: Pick<SessionService, 'resolve'>;
  avatars: Pick<AvatarStore, 'dir'>;
}

export function avatarFilesRoute(services: AvatarFilesServices): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { name: string } }>('/files/avatars/:name', async (request, reply) => {
      // The session hook reads cookies on API paths only: this path resolves its own.
      const token = sessionTokenOf(request.cookies, services.config.cookieSecure);
      if (!token || !(await services.sessions.resolve(token))) throw new AppError('request_denied');
      const { name } = request.params;
      if (!AVATAR_NAME.test(name)) throw new AppError('avatar_not_found');
      const path = join(services.avatars.dir, name);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) throw new AppError('avatar_not_found');
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(createReadStream(path));
    });
  };
}
