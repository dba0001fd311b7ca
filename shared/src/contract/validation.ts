/**
 * zod builders that name their failures with catalogue codes (`email_is_empty`, …), so the server
 * and the forms report the same code for the same mistake. Each failure's `message` is the code.
 */
import { z } from 'zod';
import { LENGTH, MAX_ID } from './limits.js';

/**
 * Characters no text of ours needs and attackers like: NUL and the other control characters (the
 * database refuses NUL outright) and the bidirectional overrides, embeddings and isolates that make a
 * name display backwards (`\u202Egnp.exe`). Line breaks and tabs stay.
 */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
/** Characters that take no room on screen: a text of only these (and spaces) is empty. */
const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]|\u034F/g;

/** Drops the hidden control characters (the cleaning every text field of the contract does). */
export function withoutHiddenControls(value: string): string {
  return value.replace(HIDDEN_CONTROLS, '');
}

/**
 * Line and paragraph breaks and tabs: a single-line text (a project, task or person name) drops them,
 * as such a name goes into mail headers and subjects and into one line of a Telegram message, where a
 * break would forge a header or a line of its own (issue 35 E5c).
 */
const LINE_BREAKS_AND_TABS = /[\r\n\t\u0085\u2028\u2029]/g;

/** A text with its hidden control characters, line breaks and tabs dropped. */
export function asSingleLine(value: string): string {
  return withoutHiddenControls(value).replace(LINE_BREAKS_AND_TABS, '');
}

export function hasVisibleCharacters(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

/**
 * Leading whitespace is dropped (spec 5: "form text fields trim leading whitespace"); trailing is kept
 * for the length check, then trimmed. Hidden control characters are dropped first, and a text of only
 * invisible characters (zero-width spaces, …) is empty.
 */
export function requiredText(field: string, max: number, clean: (value: string) => string = withoutHiddenControls) {
  return z
    .string({ error: `${field}_is_empty` })
    .overwrite(clean)
    .trim()
    .min(1, { error: `${field}_is_empty` })
    .refine(hasVisibleCharacters, { error: `${field}_is_empty` })
    .max(max, { error: `${field}_is_too_long` });
}

/** A name: required, on one line (see LINE_BREAKS_AND_TABS). */
export function singleLineText(field: string, max: number) {
  return requiredText(field, max, asSingleLine);
}

export function optionalText(field: string, max: number) {
  return z
    .string({ error: `${field}_is_too_long` })
    .overwrite(withoutHiddenControls)
    .trim()
    .max(max, { error: `${field}_is_too_long` });
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
