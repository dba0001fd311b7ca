/**
 * zod builders that name their failures with catalogue codes (`email_is_empty`, …), so the server
 * and the forms report the same code for the same mistake. Each failure's `message` is the code.
 */
import { z } from 'zod';
import { LENGTH, MAX_ID } from './limits.js';

/** Leading whitespace is dropped (spec 5: "form text fields trim leading whitespace"); trailing is kept for the length check, then trimmed. */
export function requiredText(field: string, max: number) {
  return z
    .string({ error: `${field}_is_empty` })
    .trim()
    .min(1, { error: `${field}_is_empty` })
    .max(max, { error: `${field}_is_too_long` });
}

export function optionalText(field: string, max: number) {
  return z.string({ error: `${field}_is_too_long` }).trim().max(max, { error: `${field}_is_too_long` });
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function emailField(field = 'email') {
  return requiredText(field, LENGTH.email)
    .regex(EMAIL_PATTERN, { error: `${field}_is_invalid` })
    .transform((value) => value.toLowerCase());
}

/** A password is not trimmed: spaces are characters of it. */
export function passwordField() {
  return z
    .string({ error: 'password_is_empty' })
    .min(1, { error: 'password_is_empty' })
    .min(LENGTH.password.min, { error: 'password_is_too_short' })
    .max(LENGTH.password.max, { error: 'password_is_too_long' });
}

/** An integer (or a numeric string, as multipart and query values arrive) within bounds. */
export function integerField(field: string, min: number, max: number) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      return value.trim() === '' ? undefined : Number(value);
    },
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `${field}_is_empty` : `${field}_is_not_number`) })
      .int({ error: `${field}_is_not_number` })
      .min(min, { error: `${field}_is_too_small` })
      .max(max, { error: `${field}_is_too_big` }),
  );
}

/**
 * A path parameter id: a positive integer the database's `integer` column can hold, otherwise
 * `{entity}_not_found` (a larger number names no row; passed on, PostgreSQL would refuse it with a 500).
 */
export function idParam(entity: string) {
  return z.coerce
    .number({ error: `${entity}_not_found` })
    .int({ error: `${entity}_not_found` })
    .positive({ error: `${entity}_not_found` })
    .max(MAX_ID, { error: `${entity}_not_found` });
}

/** Whether a string is a catalogue-style code rather than a zod default text. */
export function looksLikeCode(message: string): boolean {
  return /^[a-zA-Z]+(_[a-zA-Z]+)+$/.test(message);
}
