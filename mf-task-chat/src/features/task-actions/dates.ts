/** The forms type dates as d.m.Y H:i (spec 5); the wire carries unix seconds. */
const PATTERN = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\s+(\d{1,2}):(\d{2})$/;

/** Unix seconds of a d.m.Y H:i text in the browser's time zone, or null when it is not a real date. */
export function parseDayMonthYear(text: string): number | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, day, month, year, hours, minutes] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes);
  if (date.getDate() !== day || date.getMonth() !== month - 1 || hours > 23 || minutes > 59) return null;
  return Math.floor(date.getTime() / 1000);
}

export function formatDayMonthYear(seconds: number): string {
  const date = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
