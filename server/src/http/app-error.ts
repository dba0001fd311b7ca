import { httpStatusOf, type ErrorCode } from '@negayno/shared/contract';

/**
 * A failure the client is told about: a catalogue code (its HTTP status comes from the catalogue)
 * and, for form errors, a code per field. Texts are chosen later, in the request's language. `data`
 * goes out as the envelope's `data`: what the caller needs to go on after the refusal.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, ErrorCode>,
    readonly data?: unknown,
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = httpStatusOf(code);
  }
}

/** 429 authorization_too_much with the seconds until the limit lets the caller in again (the Retry-After header). */
export class RetryLater extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('authorization_too_much');
  }
}

/** 405 `method_not_allowed`: the path exists, not with this method (the catalogue's 409 is for a step called out of order). */
export class WrongMethod extends AppError {
  override readonly statusCode = 405;

  constructor() {
    super('method_not_allowed');
  }
}
