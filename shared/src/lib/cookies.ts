/**
 * The page's own cookies (the language it shows, the server's hint that a session exists): small,
 * readable facts the server and the page share. Never a secret: the session cookie is HttpOnly.
 */
import { decodedOrAsIs } from './uri.js';

/** The value of a cookie the page can read, or null. */
export function readCookie(name: string, cookies: string = globalThis.document?.cookie ?? ''): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return decodedOrAsIs(pair.slice(at + 1).trim());
  }
  return null;
}

/** A site-wide cookie for a year; Secure whenever the page itself is. */
export function writeCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${365 * 24 * 3600}; samesite=lax${secure}`;
}
