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
});
export type LogBody = z.infer<typeof logBody>;
