import { errorText, type ErrorEnvelope, type FieldError, type Language, type OkEnvelope } from '@negayno/shared/contract';
import type { AppError } from './app-error.js';

/** Every successful answer: `{ status: 'ok', data }`. */
export function ok<T>(data: T): OkEnvelope<T> {
  return { status: 'ok', data };
}

export function errorEnvelope(error: AppError, language: Language): ErrorEnvelope {
  const envelope: ErrorEnvelope = { status: 'error', code: error.code, message: errorText(error.code, language) };
  if (error.details) {
    envelope.details = Object.fromEntries(
      Object.entries(error.details).map(([field, code]): [string, FieldError] => [field, { code, message: errorText(code, language) }]),
    );
  }
  if (error.data !== undefined) envelope.data = error.data;
  return envelope;
}
