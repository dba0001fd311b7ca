/**
 * A fresh `Idempotency-Key` for one money-moving intent: keep it while the person retries the same
 * intent, take a new one for the next. crypto.randomUUID needs a secure context; getRandomValues does not.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
