/**
 * Registration, password recovery and login by code (spec 2, 4, 7; decisions 1). The three step
 * machines answer `{ next }`, the name of the step the server expects next (`done` at the end); the
 * performer's fullname step also answers `nicknames`. Progress lives on the server, bound to a cookie.
 */
import { z } from 'zod';
import { CONFIRMATION_CODE_LENGTH, LENGTH } from './limits.js';
import { requiredText, singleLineText } from './validation.js';

/** The three machines and where their calls live. */
export const FLOW_KINDS = ['registration', 'performer-registration', 'restore-password'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

/** Every step of every machine, each a `POST /{kind}/{step}` call. */
export const FLOW_STEPS = ['check-invitation-code', 'email', 'check-email', 'country', 'fullname', 'nickname', 'password'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];
export type NextStep = FlowStep | 'done';

/**
 * A step's body as it arrives. The server checks it with the step's schema below only after the
 * flow's machine admitted the step, so an out-of-order call is refused as such whatever it carries.
 */
export const flowStepBody = z.unknown();

/** The step's name in `POST /{kind}/{step}`; an unknown step is not an action of the machines. */
export const flowStepParam = z.enum(FLOW_STEPS, { error: 'action_not_found' });

export interface StepAnswer {
  next: NextStep;
  /** Free nicknames to choose from (the performer's fullname step). */
  nicknames?: string[];
}

/**
 * The e-mailed confirmation code (decisions: 6 digits, 10 minutes, 5 wrong tries, resend once a minute).
 * The lifetime is the default of the server's EMAIL_CODE_TTL_SECONDS.
 */
export const EMAIL_CODE = {
  length: CONFIRMATION_CODE_LENGTH,
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  resendSeconds: 60,
} as const;

/** A login-as code is shown once to the operator and signs its user in once, within 10 minutes. */
export const LOGIN_CODE_TTL_SECONDS = 10 * 60;

/** Invitation and promo codes are compared without case or surrounding spaces. */
export function normalizeInvitationCode(code: string): string {
  return code.trim().toUpperCase();
}

export const fullnameBody = z.object({
  firstname: singleLineText('firstname', LENGTH.personName),
  lastname: singleLineText('lastname', LENGTH.personName),
});

/** A login-as code: letters and digits, read without case, spaces or dashes. */
export const loginAsBody = z.object({
  code: requiredText('code', LENGTH.code).transform((value) => value.replace(/[\s-]/g, '').toUpperCase()),
});
export type LoginAsBody = z.infer<typeof loginAsBody>;
