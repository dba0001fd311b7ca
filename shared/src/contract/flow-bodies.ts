/**
 * The body each registration, recovery and login-by-code step takes (decisions 1), as the server checks
 * it once the machine admitted the step and the browser types it. Apart from registration.ts because only
 * the server runs these schemas: the contract's index exports their types alone, so the first screen's
 * bundle does not carry them; the server imports them from `@negayno/shared/contract/flow-bodies`.
 */
import { z } from 'zod';
import { COUNTRIES, CONFIRMATION_CODE_LENGTH, LENGTH } from './limits.js';
import { fullnameBody, normalizeInvitationCode, type FlowStep } from './registration.js';
import { emailField, passwordField, requiredText, singleLineText } from './validation.js';

export const invitationCodeBody = z.object({
  code: requiredText('code', LENGTH.code).transform(normalizeInvitationCode),
});

export const emailStepBody = z.object({ email: emailField() });

/** Six digits: a longer value is too long, anything else that is not six digits is simply wrong. */
export const emailCodeBody = z.object({
  code: z
    .string({ error: 'code_is_empty' })
    .trim()
    .min(1, { error: 'code_is_empty' })
    .max(CONFIRMATION_CODE_LENGTH, { error: 'code_is_too_long' })
    .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), { error: 'code_is_incorrect' }),
});

export const countryBody = z.object({
  country: z
    .string({ error: 'country_is_empty' })
    .trim()
    .min(1, { error: 'country_is_empty' })
    .max(LENGTH.country, { error: 'country_is_too_long' })
    .transform((value) => value.toUpperCase())
    .refine((value) => (COUNTRIES as readonly string[]).includes(value), { error: 'country_not_found' }),
});

export const nicknameBody = z.object({ nickname: singleLineText('nickname', LENGTH.nickname) });

/** The screens check that the two password fields match; the server gets the password alone (decisions 1). */
export const passwordStepBody = z.object({ password: passwordField() });

/** The body each step takes (the server checks it with this schema once the machine admitted the step). */
export const FLOW_STEP_BODIES = {
  'check-invitation-code': invitationCodeBody,
  email: emailStepBody,
  'check-email': emailCodeBody,
  country: countryBody,
  fullname: fullnameBody,
  nickname: nicknameBody,
  password: passwordStepBody,
} as const satisfies Record<FlowStep, z.ZodType>;

/** What the browser sends to a step. */
export type FlowStepBody<Step extends FlowStep> = z.input<(typeof FLOW_STEP_BODIES)[Step]>;
