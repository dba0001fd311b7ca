/**
 * Every attempt limit of the ways in (decisions: a handful of failures per account, a much higher bound
 * per address so that an office behind one IP is not locked out; SECURITY.md lists them). Kept in the
 * database by the RateLimiter, so they hold across restarts and server processes.
 */
import type { LimitCheck, LimitRule } from '../../infra/rate-limit/service.js';

const MINUTE = 60;
const FIFTEEN_MINUTES = 15 * MINUTE;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** Wrong passwords from browsers that never signed in to the account. */
  loginAccount: { name: 'login:account', limit: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong passwords from a browser that signed in to the account before (its device cookie): counted apart, so strangers cannot lock the owner out. */
  loginDevice: { name: 'login:device', limit: 5, windowSeconds: FIFTEEN_MINUTES },
  loginIp: { name: 'login:ip', limit: 100, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong login-as codes: the account is unknown until a code matches, so only the address counts. */
  loginCodeIp: { name: 'login-code:ip', limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong invitation codes (there is no account yet). */
  invitationIp: { name: 'invitation:ip', limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Confirmation codes sent: once a minute per flow kind and a few an hour to one address, more from one IP. */
  codeSendMinute: { name: 'code-send:minute', limit: 1, windowSeconds: MINUTE },
  codeSendAccount: { name: 'code-send:account', limit: 5, windowSeconds: HOUR },
  codeSendIp: { name: 'code-send:ip', limit: 60, windowSeconds: HOUR },
  /** Wrong confirmation codes, across all the codes sent to one address. */
  codeCheckAccount: { name: 'code-check:account', limit: 10, windowSeconds: HOUR },
  codeCheckIp: { name: 'code-check:ip', limit: 100, windowSeconds: HOUR },
} satisfies Record<string, LimitRule>;

/** The address of a caller that has none (it cannot happen over TCP) still gets a bucket. */
export function ipSubject(ip: string | null): string {
  return ip ?? 'unknown';
}

/** A known browser (`trustedDevice`, the id of its device cookie) counts in its own bucket instead of the account's. */
export function loginChecks(email: string, ip: string | null, trustedDevice: string | null): LimitCheck[] {
  return [trustedDevice ? [LIMITS.loginDevice, trustedDevice] : [LIMITS.loginAccount, email.toLowerCase()], [LIMITS.loginIp, ipSubject(ip)]];
}
