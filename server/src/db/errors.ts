/** Reading PostgreSQL's errors (PGlite and node-postgres both carry the server's fields). */

const UNIQUE_VIOLATION = '23505';

/** The unique constraint or index an insert or update ran into, if that is what failed. */
export function violatedUnique(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && typeof constraint === 'string' ? constraint : undefined;
}
