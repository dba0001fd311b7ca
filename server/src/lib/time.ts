import type { UnixSeconds } from '@negayno/shared/contract';

/** Dates travel as unix seconds (decisions 1). */
export function toUnix(date: Date): UnixSeconds {
  return Math.floor(date.getTime() / 1000);
}

export function toUnixOrNull(date: Date | null): UnixSeconds | null {
  return date ? toUnix(date) : null;
}
