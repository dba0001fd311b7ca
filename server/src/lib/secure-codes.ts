/**
 * Random codes people read and type, and the keyed hashes they are stored as. Every stored code (email
 * codes, login-as codes, flow cookies) is an HMAC under NEGAYNO_SECRET with a purpose label, so a
 * leaked table yields nothing usable and a hash of one kind never matches a code of another.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Letters and digits without the look-alikes (0/O, 1/I/L) and U. */
export const READABLE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

export function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

export function randomReadable(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)];
  return code;
}

/**
 * A code people copy by hand (invitation and promo codes): four groups of four readable characters,
 * `XXXX-XXXX-XXXX-XXXX`, 16 × log2(30) ≈ 78 bits, far past guessing at any request rate (issue 35 K4).
 */
export function randomGroupedCode(): string {
  return Array.from({ length: 4 }, () => randomReadable(4)).join('-');
}

/** An opaque token for a cookie: 32 random bytes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
