/** Formatters of spec section 9: money with no decimals, uk-UA dates, file sizes. */
import type { Language } from '@negayno/shared/contract';

// The money formatter is the contract's: the server's own pages (the test checkout) format amounts the same way.
export { currencySign, formatMoney } from '@negayno/shared/contract';

function localeOf(language: Language): string {
  return language === 'en' ? 'en-GB' : 'uk-UA';
}

/**
 * Intl formatters are made once per language and options: making one costs tens of microseconds, and a
 * list formats a date or an amount per row (a chat scrolled back 500 messages spent 53 ms making them).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

export function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`date ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(localeOf(language), options));
}

/** Timestamps below 1e12 are seconds (spec 9). */
export function toDate(timestamp: number): Date {
  return new Date(timestamp < 1e12 ? timestamp * 1000 : timestamp);
}

export function formatDate(timestamp: number, language: Language = 'uk'): string {
  return dateFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(toDate(timestamp));
}

export function formatDateTime(timestamp: number, language: Language = 'uk'): string {
  return dateFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(toDate(timestamp));
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes with one decimal: 1536 -> "1.5 KB". */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

export function fullName(person: { firstname: string; lastname: string }): string {
  return `${person.firstname} ${person.lastname}`.trim();
}

/**
 * What an amount field holds (whole currency units, as people type them), sent as minor units when it is
 * a whole number; anything else goes as typed, so the server names the problem (spec 8's amount codes).
 */
export function amountOf(text: string): number | string {
  const trimmed = text.trim();
  return /^\d{1,12}$/.test(trimmed) ? Number(trimmed) * 100 : trimmed;
}
