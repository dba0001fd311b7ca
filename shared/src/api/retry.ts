/** Retry helper of spec section 9: 3 attempts, 1 s apart. Pending retries are cancelled on sign-out. */
import { RETRY_ATTEMPTS, RETRY_DELAY_MS } from '@negayno/shared/contract';
import { ApiError } from './client.js';

export class RetryCancelled extends Error {
  constructor() {
    super('retry cancelled');
    this.name = 'RetryCancelled';
  }
}

/** One cancel function per scheduled wait. */
const cancelHandlers = new Set<() => void>();

/** Retries failures that may pass (network loss, 5xx); a 4xx answer is final. */
export async function withRetry<T>(run: () => Promise<T>, attempts = RETRY_ATTEMPTS, delayMs = RETRY_DELAY_MS): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      lastError = error;
      const final = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (final || attempt === attempts) break;
      await wait(delayMs);
    }
  }
  throw lastError;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancel = () => {
      clearTimeout(timer);
      reject(new RetryCancelled());
    };
    const timer = setTimeout(() => {
      cancelHandlers.delete(cancel);
      resolve();
    }, ms);
    cancelHandlers.add(cancel);
  });
}

/** Drops every scheduled retry (spec 4: logout or a 401 clears pending retries). */
export function cancelPendingRetries(): void {
  for (const cancel of [...cancelHandlers]) cancel();
  cancelHandlers.clear();
}
