/**
 * `Idempotency-Key` on the calls that move money: the first answer for a (user, key) is kept, the same
 * request with the same key answers it again without moving anything, the same key with another
 * request answers 409 `idempotency_key_reused` (so does a retry while the first is still running).
 * A first attempt that failed frees its key, so the client may retry it.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer } from './repo.js';

const MAX_KEY_LENGTH = 128;

export class Idempotency {
  constructor(private readonly db: Db) {}

  async run<T>(userId: number, key: string | undefined, request: unknown, work: () => Promise<T>): Promise<T> {
    if (key === undefined || key === '') return work();
    if (key.length > MAX_KEY_LENGTH) throw new AppError('invalid_value');
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('base64');
    const earlier = await claimIdempotencyKey(this.db, userId, key, requestHash);
    if (earlier) {
      if (earlier.requestHash !== requestHash || earlier.answer === null) throw new AppError('idempotency_key_reused');
      return JSON.parse(earlier.answer) as T;
    }
    let answer: T;
    try {
      answer = await work();
    } catch (error) {
      await releaseIdempotencyKey(this.db, userId, key);
      throw error;
    }
    await storeIdempotentAnswer(this.db, userId, key, JSON.stringify(answer));
    return answer;
  }
}
