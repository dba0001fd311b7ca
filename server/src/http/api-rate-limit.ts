/**
 * A generous per-session limit on API calls (API_RATE_LIMIT_PER_MINUTE, 600 by default), through
 * @fastify/rate-limit: it stops a script hammering the API with a session, far above what a person
 * clicking through the board does. Signed-in calls count per user, signed-out ones per address. Counts
 * live in the process (each server process counts alone): this is a brake, not an accounting; the
 * limits that must hold across processes (logins, codes) are in the database (modules/auth/limits.ts).
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { RetryLater } from './app-error.js';
import { isApiPath } from './api-paths.js';

const MINUTE_MS = 60_000;

/** Register after the session hook (the key is the signed-in user) and before the routes. */
export async function installApiRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: MINUTE_MS,
    // After onRequest, so the session hook has found the user.
    hook: 'preHandler',
    allowList: (request) => !isApiPath(request.url),
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    // Thrown to the one error handler: the envelope, 429 authorization_too_much and Retry-After.
    errorResponseBuilder: (_request, context) => new RetryLater(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
