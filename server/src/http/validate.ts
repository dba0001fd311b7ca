import { isErrorCode, looksLikeCode, type ErrorCode } from '@negayno/shared/contract';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Parses a value with a contract schema. The contract's builders name each failure with a catalogue
 * code in the issue message; anything else (a zod default text) becomes `invalid_value`. The first
 * issue decides the answer's code and status; details carry the first problem of every field.
 */
export function validate<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const details: Record<string, ErrorCode> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in details)) details[field] = codeOf(issue.message);
  }
  const code = codeOf(issues[0]?.message ?? '');
  throw new AppError(code, Object.keys(details).length > 0 ? details : undefined);
}

function codeOf(message: string): ErrorCode {
  return looksLikeCode(message) && isErrorCode(message) ? message : 'invalid_value';
}
