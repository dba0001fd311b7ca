/**
 * The forms pick dates with the browser's date and time picker (`<input type="datetime-local">`, issue
 * 33): its value is "YYYY-MM-DDTHH:MM" in the browser's time zone; the wire carries unix seconds.
 */
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** Unix seconds of a picker's value, or null when it holds no real date. */
export function parseLocalDateTime(text: string): number | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hours, minutes] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes);
  if (date.getDate() !== day || date.getMonth() !== month - 1 || hours > 23 || minutes > 59) return null;
  return Math.floor(date.getTime() / 1000);
}

/** A picker's value for unix seconds, in the browser's time zone, to the minute. */
export function toLocalDateTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Whether a picker's value is a real date later than `now` (unix seconds). */
export function isFutureDateTime(text: string, now: number): boolean {
  const seconds = parseLocalDateTime(text);
  return seconds !== null && seconds > now;
}
