import fastifyMultipart from '@fastify/multipart';
import { importEndpoints, IMPORT } from '@negayno/shared/contract/project-import';
import type { FastifyPluginAsync } from 'fastify';
import { uploadRoute, wholeUpload } from '../../../http/file-routes.js';
import { languageOf } from '../../../http/language.js';
import { requireUser, userOf } from '../../auth/index.js';
import type { ImportService } from './service.js';

/** What the import routes call. */
export interface ImportRouteServices {
  projectImport: ImportService;
}

/** The file is read whole (IMPORT.maxBytes bounds it): JSON is parsed in one piece. */
const storage = { maxBytes: IMPORT.maxBytes, receive: wholeUpload };

export function importRoutes(services: ImportRouteServices): FastifyPluginAsync {
  const { projectImport } = services;
  return async (app) => {
    app.addHook('preHandler', requireUser);
    if (!app.hasRequestDecorator('isMultipart')) await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    const intoNew = { allowed: ({ request }: { request: Parameters<typeof userOf>[0] }) => projectImport.assertMayImport(userOf(request), undefined) };
    uploadRoute(
      app,
      importEndpoints.previewNew,
      storage,
      async ({ body, file, request }) => projectImport.preview(userOf(request), undefined, file, body, languageOf(request)),
      intoNew,
    );
    uploadRoute(
      app,
      importEndpoints.importNew,
      storage,
      async ({ body, file, request }) => projectImport.run(userOf(request), undefined, file, body, languageOf(request)),
      intoNew,
    );

    // Nobody streams a file at a project they may not import into (404 for one they do not see).
    const intoProject = {
      allowed: ({ params, request }: { params: { id: number }; request: Parameters<typeof userOf>[0] }) =>
        projectImport.assertMayImport(userOf(request), params.id),
    };
    uploadRoute(
      app,
      importEndpoints.previewInto,
      storage,
      async ({ params, body, file, request }) => projectImport.preview(userOf(request), params.id, file, body, languageOf(request)),
      intoProject,
    );
    uploadRoute(
      app,
      importEndpoints.importInto,
      storage,
      async ({ params, body, file, request }) => projectImport.run(userOf(request), params.id, file, body, languageOf(request)),
      intoProject,
    );
  };
}
