import type { FlowStep } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { FlowMachine } from '../../db/schema.js';
import type { FlowData } from './flow-data.js';

/** A flow lives this long after its last step. */
export const FLOW_TTL_SECONDS = 60 * 60;

export interface FlowRow {
  tokenHash: string;
  machine: FlowMachine;
  step: FlowStep;
  data: FlowData;
  codeHash: string | null;
  codeExpired: boolean;
  revision: number;
}

export interface EmailCodeState {
  hash: string;
  ttlSeconds: number;
}

export async function findFlow(db: Db, tokenHash: string): Promise<FlowRow | undefined> {
  const row = await db
    .selectFrom('auth_flows')
    .select(['token_hash', 'machine', 'step', 'data', 'email_code_hash', 'revision'])
    .select(sql<boolean>`coalesce(email_code_expires_at <= now(), true)`.as('codeExpired'))
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenHash: row.token_hash,
    machine: row.machine,
    step: row.step as FlowStep,
    data: row.data as FlowData,
    codeHash: row.email_code_hash,
    codeExpired: row.codeExpired,
    revision: row.revision,
  };
}

/** Starts a flow, replacing the caller's previous one of the same cookie; expired flows are swept on the way. */
export async function insertFlow(
  db: Db,
  flow: { tokenHash: string; machine: FlowMachine; step: FlowStep; data: FlowData; code?: EmailCodeState },
  replaces?: string,
): Promise<void> {
  await db
    .deleteFrom('auth_flows')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  if (replaces) await db.deleteFrom('auth_flows').where('token_hash', '=', replaces).execute();
  await db
    .insertInto('auth_flows')
    .values({
      token_hash: flow.tokenHash,
      machine: flow.machine,
      step: flow.step,
      data: JSON.stringify(flow.data),
      email_code_hash: flow.code?.hash ?? null,
      email_code_expires_at: flow.code ? sql`now() + make_interval(secs => ${flow.code.ttlSeconds})` : null,
      expires_at: sql`now() + make_interval(secs => ${FLOW_TTL_SECONDS})`,
    })
    .execute();
}

/**
 * Moves a flow on, if nothing else moved it since it was read (its revision). A new code replaces the
 * old one and its tries; `clearCode` drops it. Answers whether the flow was updated.
 */
export async function advanceFlow(
  db: Db,
  flow: Pick<FlowRow, 'tokenHash' | 'revision'>,
  change: { step: FlowStep; data: FlowData; code?: EmailCodeState; clearCode?: boolean },
): Promise<boolean> {
  const codeChange = change.code
    ? {
        email_code_hash: change.code.hash,
        email_code_expires_at: sql<Date>`now() + make_interval(secs => ${change.code.ttlSeconds})`,
        email_code_wrong_tries: 0,
      }
    : change.clearCode
      ? { email_code_hash: null, email_code_expires_at: null, email_code_wrong_tries: 0 }
      : {};
  const result = await db
    .updateTable('auth_flows')
    .set({
      step: change.step,
      data: JSON.stringify(change.data),
      ...codeChange,
      revision: sql`revision + 1`,
      updated_at: sql`now()`,
      expires_at: sql`now() + make_interval(secs => ${FLOW_TTL_SECONDS})`,
    })
    .where('token_hash', '=', flow.tokenHash)
    .where('revision', '=', flow.revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes one try at the flow's code, atomically, so parallel guesses cannot exceed the allowance.
 * Answers false when the tries are used up.
 */
export async function takeCodeTry(db: Db, tokenHash: string, maxTries: number): Promise<boolean> {
  const row = await db
    .updateTable('auth_flows')
    .set({ email_code_wrong_tries: sql`email_code_wrong_tries + 1` })
    .where('token_hash', '=', tokenHash)
    .where('email_code_wrong_tries', '<', maxTries)
    .returning('email_code_wrong_tries')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends a finished flow, unless another call moved it since it was read; answers whether it did. */
export async function finishFlow(db: Db, flow: Pick<FlowRow, 'tokenHash' | 'revision'>): Promise<boolean> {
  const result = await db.deleteFrom('auth_flows').where('token_hash', '=', flow.tokenHash).where('revision', '=', flow.revision).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
