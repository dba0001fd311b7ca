/**
 * Security headers on every answer, as helmet writes them. The Content-Security-Policy fits the
 * host and its remotes: every script comes from this origin (the host's bundle and the remotes'
 * remoteEntry.js and chunks under /remotes/), none inline; Fluent UI (Griffel) and the host's splash
 * insert <style> elements, so styles allow 'unsafe-inline'; the socket is this origin too ('self'
 * covers ws: and wss: of it). No page may frame the app (frame-ancestors 'none', X-Frame-Options DENY).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The headers are the same for every answer (no nonces), so helmet runs once, here, and each request
 * only sets what it wrote. Issue 15: @fastify/helmet builds helmet anew for every request, parsing the
 * policy each time, which was about a fifth of the CPU of a signed-in read served from memory. A
 * route may still replace one of them (a file's own sandboxing policy): headers a reply sets win.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): void {
  const headers = headersWrittenBy(helmetOptions(options));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** What helmet sets on a response, with nothing else of the request or the response read. */
function headersWrittenBy(options: HelmetOptions): Array<[string, string]> {
  const written = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => written.set(name.toLowerCase(), value),
    removeHeader: (name: string) => written.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...written];
}

function helmetOptions(options: { isProduction: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars and attachments are served by us; the favicon and small icons are data: URLs; previews of picked files are blob: URLs.
        // Description images may link to https pictures elsewhere (spec 5: http, https and data sources).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain http (a laptop, the tests) an upgrade would break every request.
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // HSTS only where the site is served over HTTPS: in production, behind its TLS proxy.
    strictTransportSecurity: options.isProduction ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  };
}
