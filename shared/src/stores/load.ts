/**
 * How stores request data: one status type, and one place that turns a request's end into it —
 * the answer, 'gone' when the server says the thing does not exist or is not the viewer's to see
 * (403/404, spec 8: the view then leaves it), or 'error' for anything else.
 */
import { ApiError } from '@negayno/shared/api';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'gone' | 'error';

export type Loaded<T> = { status: 'ready'; answer: T } | { status: 'gone' | 'error'; error: unknown };

function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

/** Awaits one request of a store and says how it ended; never throws. */
export async function settle<T>(request: Promise<T>): Promise<Loaded<T>> {
  try {
    return { status: 'ready', answer: await request };
  } catch (error) {
    return { status: isGone(error) ? 'gone' : 'error', error };
  }
}
