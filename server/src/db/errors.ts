/** Reading PostgreSQL's errors (PGlite and node-postgres both carry the server's fields). */

const UNIQUE_VIOLATION = '23505';

/** The unique constraint or index an insert or update ran into, if that is what failed. */
export function violatedUnique(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && typeof constraint === 'string' ? constraint : undefined;
}

/** NUL and other bytes a text column cannot hold: PostgreSQL refuses the value before it is stored. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** A text value the database cannot store (a NUL byte in a search or a field no schema cleaned): the caller's mistake, not ours. */
export function isUnstorableText(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && UNSTORABLE_TEXT.has(code);
}
