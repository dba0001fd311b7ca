/**
 * Security headers on every answer, through @fastify/helmet. The Content-Security-Policy fits the
 * host and its remotes: every script comes from this origin (the host's bundle and the remotes'
 * remoteEntry.js and chunks under /remotes/), none inline; Fluent UI (Griffel) and the host's splash
 * insert <style> elements, so styles allow 'unsafe-inline'; the socket is this origin too ('self'
 * covers ws: and wss: of it). No page may frame the app (frame-ancestors 'none', X-Frame-Options DENY).
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export async function installSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): Promise<void> {
  await app.register(fastifyHelmet, {
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
  });
}
