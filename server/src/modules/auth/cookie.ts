import { SESSION_COOKIE, SESSION_HINT_COOKIE, SESSION_TTL_SECONDS } from '@negayno/shared/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The device cookie (devices.ts) lives long: it only says that this browser signed in to the account before. */
const DEVICE_COOKIE = 'negayno_device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * With Secure cookies (production) the names carry the `__Host-` prefix: the browser then accepts them
 * only from this very host over HTTPS, with Path=/ and no Domain, so a sibling subdomain can neither
 * plant a session (session fixation) nor overwrite one.
 */
export function cookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

function cookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure } as const;
}

/** The session token a request carries (from the request's cookies or a socket handshake's). */
export function sessionTokenOf(cookies: Record<string, string | undefined>, secure: boolean): string | undefined {
  return cookies[cookieName(SESSION_COOKIE, secure)];
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(cookieName(SESSION_COOKIE, secure), token, { ...cookieOptions(secure), maxAge: SESSION_TTL_SECONDS });
  setSessionHint(reply, secure);
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(cookieName(SESSION_COOKIE, secure), cookieOptions(secure));
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(secure));
}

/**
 * The session hint (contract, SESSION_HINT_COOKIE) as a page load finds the session cookie: a page
 * without the hint shows the login form without asking, so a session cookie the hint lost (set before
 * the hint existed, or the hint deleted) gets it back with the page, before the page's code runs.
 */
export function syncSessionHint(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  const hinted = request.cookies[SESSION_HINT_COOKIE] !== undefined;
  const hasSession = sessionTokenOf(request.cookies, secure) !== undefined;
  if (hasSession && !hinted) setSessionHint(reply, secure);
  else if (!hasSession && hinted) reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(secure));
}

/** Readable by the page, which is all it is for; no `__Host-` prefix, so the page knows its one name. */
function hintOptions(secure: boolean) {
  return { httpOnly: false, sameSite: 'lax', path: '/', secure } as const;
}

function setSessionHint(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(secure), maxAge: SESSION_TTL_SECONDS });
}

export function deviceCookieOf(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[cookieName(DEVICE_COOKIE, secure)];
}

export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(cookieName(DEVICE_COOKIE, secure), value, { ...cookieOptions(secure), maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
}
