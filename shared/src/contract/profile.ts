/**
 * The profile's own calls (spec 7 "Auth and user", issue 14): name, phone, password, settings, avatar and
 * the Telegram channel. Bodies as zod schemas whose failures are catalogue codes.
 */
import { z } from 'zod';
import { LANGUAGES, THEMES } from './enums.js';
import { EMAIL_GROUPS, type EmailGroup } from './notifications.js';
import { LENGTH } from './limits.js';
import type { fullnameBody } from './registration.js';
import { passwordField, withoutHiddenControls } from './validation.js';

/** `PUT /user/update-fullname`: the registration step's body (first and last name). */
export type FullnameBody = z.infer<typeof fullnameBody>;

/** Spaces, dashes, dots and brackets people type between digits; they are not stored. */
const PHONE_SEPARATORS = /[\s\-.()]/g;
/** E.164: an optional plus and 10 to 15 digits (spec 5: numbers of 10 to 15 digits are phone numbers). */
const PHONE_PATTERN = /^\+?\d{10,15}$/;

/** A phone as typed, stored as `+` and digits (spec 8: phone_is_empty, phone_is_too_long, phone_is_invalid). */
export function phoneField() {
  return z
    .string({ error: 'phone_is_empty' })
    .overwrite(withoutHiddenControls)
    .trim()
    .min(1, { error: 'phone_is_empty' })
    .max(LENGTH.phone, { error: 'phone_is_too_long' })
    .transform((value) => value.replace(PHONE_SEPARATORS, ''))
    .refine((value) => PHONE_PATTERN.test(value), { error: 'phone_is_invalid' })
    .transform((value) => (value.startsWith('+') ? value : `+${value}`));
}

/** `PUT /user/update-phone`. */
export const phoneBody = z.object({ phone: phoneField() });
export type PhoneBody = z.infer<typeof phoneBody>;

/** `PUT /user/update-password`: the current password proves it is the owner; every other session ends. */
export const passwordChangeBody = z.object({
  currentPassword: z.string({ error: 'password_is_empty' }).min(1, { error: 'password_is_empty' }).max(LENGTH.password.max, { error: 'password_is_too_long' }),
  password: passwordField(),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/** `POST /user/delete-account`: the password proves the owner is at the keyboard. */
export const accountDeletionBody = z.object({
  password: z.string({ error: 'password_is_empty' }).min(1, { error: 'password_is_empty' }).max(LENGTH.password.max, { error: 'password_is_too_long' }),
});
export type AccountDeletionBody = z.infer<typeof accountDeletionBody>;

/** What an account's deletion was refused for: the projects it alone administers (`account_is_sole_administrator`). */
export interface AccountDeletionRefusal {
  projects: Array<{ id: number; name: string }>;
}

const setting = z.boolean({ error: 'invalid_value' });

/** The email part of the settings: `enabled` (any email at all) and a switch per group of events; any of them. */
export const emailSettingsBody = z
  .object({ enabled: setting, ...(Object.fromEntries(EMAIL_GROUPS.map((group) => [group, setting])) as Record<EmailGroup, typeof setting>) })
  .partial()
  .refine((email) => Object.values(email).some((value) => value !== undefined), { error: 'invalid_value' });

/** `PUT /user/update-settings`: any of the settings; what is left out stays as it is. */
export const settingsBody = z
  .object({
    doubleSpaces: z.boolean({ error: 'invalid_value' }),
    notifyAllTasks: z.boolean({ error: 'invalid_value' }),
    language: z.enum(LANGUAGES, { error: 'invalid_value' }),
    theme: z.enum(THEMES, { error: 'invalid_value' }),
    email: emailSettingsBody,
  })
  .partial()
  .refine((settings) => Object.values(settings).some((value) => value !== undefined), { error: 'invalid_value' });
export type SettingsBody = z.infer<typeof settingsBody>;

export const CHANNELS = ['telegram'] as const;
export type ChannelName = (typeof CHANNELS)[number];

/** `PUT /channel/{channel}/update-settings`. */
export const channelSettingsBody = z.object({ enabled: z.boolean({ error: 'invalid_value' }) });
export type ChannelSettingsBody = z.infer<typeof channelSettingsBody>;

const telegramId = z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' });

/**
 * `POST /telegram/webhook`: one update as the Bot API posts it in webhook mode. Only what the bot reads
 * is checked; Telegram's other fields pass through.
 */
export const telegramUpdateBody = z.looseObject({
  update_id: telegramId,
  message: z
    .looseObject({
      message_id: telegramId,
      chat: z.looseObject({ id: telegramId, username: z.string({ error: 'invalid_value' }).optional() }),
      from: z.looseObject({ id: telegramId, username: z.string({ error: 'invalid_value' }).optional() }).optional(),
      text: z.string({ error: 'invalid_value' }).optional(),
    })
    .optional(),
});
export type TelegramUpdateBody = z.infer<typeof telegramUpdateBody>;

/** `POST /channel/telegram/link`: the bot's deep link carrying a one-time `/start TOKEN`. */
export interface TelegramLink {
  url: string;
  /** The token alone, for typing `/start TOKEN` into the bot by hand. */
  token: string;
  dateExpires: number;
}

/** Avatars: a square of this many pixels, whatever was uploaded; uploads up to this size. */
export const AVATAR = { sizePx: 256, maxBytes: 5 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] } as const;
