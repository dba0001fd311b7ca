/**
 * Device cookies (decisions: "Lockout is not a weapon"): a browser that signed in to an account gets a
 * cookie naming that account, signed with NEGAYNO_SECRET. Its wrong passwords are counted apart from
 * everybody else's, so five wrong passwords sent by a stranger lock strangers out of the account but
 * not its owner's browser. Nothing is stored: the cookie is `<nonce>.<HMAC(email, nonce)>`, and the
 * nonce names the browser's own attempt bucket.
 */
import { randomBytes } from 'node:crypto';
import { keyedHash, sameHash } from '../../lib/secure-codes.js';

const PURPOSE = 'device';

export class DeviceCookies {
  constructor(private readonly secret: string) {}

  issue(email: string): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.macOf(email, nonce)}`;
  }

  /** The browser's id when its cookie was issued for this account; null for no cookie, a forged one or another account's. */
  trustedFor(cookie: string | undefined, email: string): string | null {
    const [nonce, mac, extra] = (cookie ?? '').split('.');
    if (!nonce || !mac || extra !== undefined) return null;
    return sameHash(mac, this.macOf(email, nonce)) ? nonce : null;
  }

  private macOf(email: string, nonce: string): string {
    return keyedHash(this.secret, PURPOSE, `${email.toLowerCase()}:${nonce}`);
  }
}
