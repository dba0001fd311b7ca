/** Small formatting rules of the chat: date dividers, times, the tab badge, role colours. */
import { tokens } from '@negayno/shared/fluent';
import { dateFormat, toDate } from '@negayno/shared/lib';
import type { ChatRole, Language } from '@negayno/shared/contract';

/** Spec 9: a tab's badge shows a ':D' sticker above 99. */
export const TAB_BADGE_MAX = 99;
export function tabBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > TAB_BADGE_MAX ? ':D' : String(count);
}

/** Spec 9: the scroll-to-bottom badge counts up to 1000. */
export const UNREAD_BADGE_MAX = 1000;

/** The day a message belongs to (local time), as a key for dividers. */
export function dayKey(timestamp: number): string {
  const date = toDate(timestamp);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** 'today', 'yesterday' or the date itself (spelled out; the year only when it is not this year). */
export function dayLabel(timestamp: number, language: Language, now = new Date()): 'today' | 'yesterday' | string {
  const date = toDate(timestamp);
  const startOf = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  return dateFormat(language, { day: 'numeric', month: 'long', ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }) }).format(date);
}

export function timeOf(timestamp: number, language: Language): string {
  return dateFormat(language, { hour: '2-digit', minute: '2-digit' }).format(toDate(timestamp));
}

/** Spec 6: author names are coloured by role; readable in both themes (Fluent's palette foregrounds). */
export const ROLE_COLORS: Record<ChatRole, string> = {
  administrator: tokens.colorPaletteBerryForeground2,
  user: tokens.colorPaletteBlueForeground2,
  guest: tokens.colorNeutralForeground3,
  invite: tokens.colorNeutralForeground3,
  pm: tokens.colorPaletteGreenForeground2,
  am: tokens.colorPaletteDarkOrangeForeground2,
  sm: tokens.colorPalettePurpleForeground2,
  performer: tokens.colorPaletteTealForeground2,
};
