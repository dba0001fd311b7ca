/**
 * Serves the built browser apps: the host at / (with /remotes.json and build-info.json beside its
 * index), each remote at /remotes/<name>/, and the host's index.html for any other page path so the
 * browser router can take over. Content-hashed files are cached for a year; everything whose name
 * stays the same across builds (index.html, remotes.json, remoteEntry.js, manifests) is revalidated.
 * A page's index.html carries `Link` preloads for the files its first screen needs (preloadsFor).
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_PACKAGES, SOCKET_PATH } from '@negayno/shared/contract';
import { isApiPath, pathOf } from './api-paths.js';
import type { NotFoundFallback } from './error-handler.js';

export const REMOTES_PREFIX = '/remotes/';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** `main.3f9a1c2b.js`, `3f9a1c2b.js`: a dot-separated hex segment of at least 8 characters before the extension. */
export function isContentHashed(fileName: string): boolean {
  const segments = basename(fileName).split('.');
  return segments.length > 1 && segments.slice(0, -1).some((segment) => /^[0-9a-f]{8,}$/i.test(segment));
}

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('cache-control', isContentHashed(filePath) ? IMMUTABLE : REVALIDATE);
}

/**
 * Registers the static roots and answers the not-found fallback for page paths. A remote's files come
 * from its build (`<remote>/dist`) and then from its published versions (`<releasesDir>/<remote>/<version>/`),
 * so `/remotes/mf-board/0.1.0-3f9a1c2b7d/remoteEntry.js` is served while any page may still load it.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  webRoot: string,
  options: {
    releasesDir?: string;
    preloadsFor?: (request: FastifyRequest) => Promise<string[]>;
    /** Anything else a page's answer carries for its code (the session hint cookie). */
    decoratePage?: (request: FastifyRequest, reply: FastifyReply) => void;
  } = {},
): Promise<NotFoundFallback> {
  const { releasesDir, preloadsFor, decoratePage } = options;
  const hostDist = join(webRoot, 'host', 'dist');
  // preCompressed: the build wrote .br and .gz beside each file; the one the browser accepts is sent.
  const common = { wildcard: true, cacheControl: false, suppressWarning: true, preCompressed: true, setHeaders: setCacheHeaders } as const;
  // index: false: `/` is a page like any other, answered as the others are (with its preload hints).
  await app.register(fastifyStatic, { ...common, root: hostDist, prefix: '/', index: false });
  for (const name of REMOTE_PACKAGES) {
    const root = releasesDir ? [remoteDist(webRoot, name), join(releasesDir, name)] : remoteDist(webRoot, name);
    await app.register(fastifyStatic, { ...common, root, prefix: `${REMOTES_PREFIX}${name}/`, decorateReply: false });
  }

  const hinted = new Set<string>();
  const hintOnce = (request: FastifyRequest, what: string, dist: string) => {
    if (hinted.has(what)) return;
    hinted.add(what);
    request.log.warn(`${what} is not built (${dist} is missing): run \`npm run build\` to serve it`);
  };

  const answer: NotFoundFallback = async (request, reply) => {
    const path = pathOf(request.url);
    if (isPagePath(request.method, path)) {
      if (existsSync(join(hostDist, 'index.html'))) {
        const links = preloadsFor ? await preloadsFor(request).catch((error: unknown) => hintsFailed(request, error)) : [];
        if (links.length > 0) reply.header('link', links.join(', '));
        decoratePage?.(request, reply);
        // The hints and the session hint follow the visitor's cookies: a shared cache must not hand one
        // visitor's answer to another.
        reply.header('vary', 'cookie');
        return reply.sendFile('index.html', hostDist);
      }
      hintOnce(request, 'The host', hostDist);
    } else {
      const remote = REMOTE_PACKAGES.find((name) => path.startsWith(`${REMOTES_PREFIX}${name}/`));
      if (remote && !existsSync(remoteDist(webRoot, remote))) hintOnce(request, `The remote ${remote}`, remoteDist(webRoot, remote));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  };
  app.get('/', answer);
  return answer;
}

/** Hints only speed a page up: without them it loads as before, so a failure is logged, not answered. */
function hintsFailed(request: FastifyRequest, error: unknown): string[] {
  request.log.error({ err: error }, 'could not work out the page preloads');
  return [];
}

function remoteDist(webRoot: string, name: string): string {
  return join(webRoot, name, 'dist');
}

/** A browser route (`/project/12`), not an API call, a socket, a remote's file or any other file. */
function isPagePath(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (isApiPath(path) || path.startsWith(SOCKET_PATH) || path.startsWith(REMOTES_PREFIX)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}
