/**
 * Which browser tab a request came from, so that the events of its unit of work can say so (issue 32).
 * A call whose answer the tab applies whole (a life-cycle step answers its TaskStep) names the tab in
 * `X-Negayno-Origin`; the task's events of that unit carry it as `origin`, and that tab's listeners skip
 * them instead of reading again what the answer already holds. Every other tab, and every event of
 * another unit, still reads as before. The events are still sent to the acting tab (its rooms' numbers
 * must not skip, or it would read the log to fill the gap).
 *
 * The origin told is `<user id>:<tab id>`, the user taken from the session: a tab id read off an event
 * cannot be sent back by someone else to make that tab skip their steps' events.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

export const ORIGIN_HEADER = 'x-negayno-origin';

/** A tab's id is random and opaque (no `:`); anything else in the header is ignored, not refused. */
const TAB_ID = /^[A-Za-z0-9_-]{8,64}$/;

const requestOrigin = new AsyncLocalStorage<string>();

/**
 * Holds the header for the rest of the request. Set before the handler (after the body is parsed,
 * whose stream callbacks would lose the context), in callback style so the handler runs inside it.
 */
export function installRequestOrigin(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const header = request.headers[ORIGIN_HEADER];
    // The session hook (onRequest) has run: only a signed-in caller's steps have an origin.
    const userId = request.user?.id;
    if (userId !== undefined && typeof header === 'string' && TAB_ID.test(header)) requestOrigin.run(`${userId}:${header}`, done);
    else done();
  });
}

/** The tab the current request came from, if it named one. */
export function currentOrigin(): string | undefined {
  return requestOrigin.getStore();
}

/** The origin field of an event emitted directly (not from a unit's change set) in the request's course. */
export function originField(): { origin?: string } {
  const origin = currentOrigin();
  return origin ? { origin } : {};
}
