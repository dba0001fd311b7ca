/**
 * What the app and the pages the server writes itself (the test checkout, issue 33) share of the
 * product's look: its name, the bolt of its mark and its brand colours (ui/theme.ts's ramp), and the
 * money formatter of spec 9 ("5 075 грн": whole units, the currency as the app shows it).
 */
import type { Currency, Language } from './enums.js';

export const BRAND = {
  name: 'Negayno',
  /** The bolt ("immediately") of the mark, on a 32 × 32 rounded square (ui/Logo.tsx). */
  bolt: 'M18.5 5 9 18h6l-1.5 9L23 14h-6l1.5-9Z',
  /** The ramp's 80 (the light theme's brand background) and 70 (pressed, and the dark theme's). */
  color: '#4F46E5',
  colorStrong: '#4038C4',
} as const;

const CURRENCY_SUFFIX: Record<Currency, string> = { UAH: 'грн', USD: '$', GBP: '£', EUR: '€' };

/** The currency's sign as shown beside an amount field: грн, $, £, €. */
export function currencySign(currency: Currency): string {
  return CURRENCY_SUFFIX[currency];
}

/** One whole-number formatter per language: making one costs tens of microseconds, a list formats one per row. */
const wholeNumbers = new Map<Language, Intl.NumberFormat>();

function wholeNumber(language: Language): Intl.NumberFormat {
  let format = wholeNumbers.get(language);
  if (!format) wholeNumbers.set(language, (format = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'uk-UA', { maximumFractionDigits: 0 })));
  return format;
}

/** Minor units to a whole-unit string: 1234567 kopecks -> "12 346 грн". */
export function formatMoney(minorUnits: number, currency: Currency, language: Language = 'uk'): string {
  const number = wholeNumber(language).format(Math.round(minorUnits / 100));
  return currency === 'UAH' ? `${number} ${CURRENCY_SUFFIX.UAH}` : `${CURRENCY_SUFFIX[currency]}${number}`;
}
