/** Passwords are hashed with argon2id (library defaults: 64 MiB, 3 passes, 4 lanes). */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown email) it still runs a full argon2
 * verification against a throwaway hash, so the answer takes as long as for a real account.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const target = hash ?? (await dummyHash);
  const matches = await argon2.verify(target, password).catch(() => false);
  return hash !== null && matches;
}
