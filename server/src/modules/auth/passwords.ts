/**
 * Passwords are hashed with argon2id. In production with the library's defaults (64 MiB, 3 passes,
 * 4 lanes: about 100 ms of two cores a hash). A test run signs people in thousands of times, so
 * `PASSWORD_HASH_COST=test` (accepted only with NODE_ENV=test, config.ts) takes argon2's smallest
 * settings; a verification follows the settings written in the stored hash, whatever the current cost.
 */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHashCost } from '../../config.js';

const HASH_OPTIONS: Record<PasswordHashCost, argon2.HashOptions & { raw?: false }> = {
  standard: { type: argon2.argon2id },
  test: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

let cost: PasswordHashCost = 'standard';
let dummyHash: Promise<string> | undefined;

/** Set once per process from the configuration (the app, the operator's CLI, the test set-up). */
export function setPasswordHashCost(next: PasswordHashCost): void {
  if (next === cost) return;
  cost = next;
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS[cost]);
}

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
