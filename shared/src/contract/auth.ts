/** Auth and system calls (spec 7 "Auth and user"). */
import { z } from 'zod';
import { emailField, requiredText } from './validation.js';
import { LENGTH } from './limits.js';

/** Login checks only presence: the wrong password must not leak length rules. */
export const loginBody = z.object({
  email: emailField(),
  password: z.string({ error: 'password_is_empty' }).min(1, { error: 'password_is_empty' }).max(LENGTH.password.max, { error: 'password_is_too_long' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const logBody = z.object({
  code: requiredText('code', LENGTH.code),
  message: requiredText('message', LENGTH.logMessage),
  /** The remote version the failure belongs to (`mf-board@0.1.0-3f9a1c2b7d`): the release tool counts errors per version. */
  remote: z
    .string()
    .max(LENGTH.code)
    .regex(/^[a-z0-9-]+@[0-9A-Za-z.+-]+$/, { error: 'invalid_value' })
    .optional(),
});
export type LogBody = z.infer<typeof logBody>;

/**
 * `POST /log/new` as it arrives: navigator.sendBeacon(url, string) posts text/plain, so the body may be
 * the JSON text itself. Text that is not JSON stays text and fails as `invalid_value`.
 */
export const logRequestBody = z.preprocess((body) => {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}, logBody);
