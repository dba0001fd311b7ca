/**
 * Invitation codes (decisions 2 and 5): Negayno is invitation-only. A code is for clients or for
 * performers, for one use or many, may expire and names who issued it. A user's partner-program
 * promo code works as a client invitation code; registering with it records the owner as the
 * new user's inviter (users.invited_by), which is what the partner program counts.
 */
import { LENGTH, normalizeInvitationCode } from '@negayno/shared/contract';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { InvitationKind } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { validate } from '../../http/validate.js';
import { randomGroupedCode } from '../../lib/secure-codes.js';
import { findUserById } from '../users/index.js';
import {
  findInvitation,
  findInvitationById,
  findInvitationUsage,
  findPromoOwner,
  insertInvitation,
  listInvitations,
  promoCodeIsTaken,
  revokeInvitation,
  revokeInvitationById,
  countInvitationUse,
  type InvitationRow,
} from './repo.js';

/** What an accepted code grants the registration: a counted use of an invitation code, or an inviter. */
export type InvitationGrant = { type: 'code'; id: number } | { type: 'promo'; inviterId: number };

export type InvitationStatus = 'active' | 'used' | 'expired' | 'revoked';

export interface InvitationView extends Omit<InvitationRow, 'isExpired'> {
  status: InvitationStatus;
}

const newInvitationSchema = z.object({
  kind: z.enum(['client', 'performer'], { error: 'invalid_value' }),
  /** null = any number of uses. */
  maxUses: z.number().int().positive({ error: 'invalid_value' }).nullable(),
  expiresAt: z.date().nullable(),
  code: z
    .string()
    .trim()
    .max(LENGTH.code, { error: 'code_is_too_long' })
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,}$/, { error: 'code_is_incorrect' })
    .transform(normalizeInvitationCode)
    .optional(),
  issuedBy: z.number().int().positive().nullable(),
  note: z.string().trim().max(LENGTH.name, { error: 'name_is_too_long' }).nullable(),
});
export type NewInvitation = z.input<typeof newInvitationSchema>;

function statusOf(row: InvitationRow): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.isExpired) return 'expired';
  if (row.maxUses !== null && row.useCount >= row.maxUses) return 'used';
  return 'active';
}

function view(row: InvitationRow): InvitationView {
  const { isExpired: _isExpired, ...rest } = row;
  return { ...rest, status: statusOf(row) };
}

export class InvitationsService {
  constructor(private readonly db: Db) {}

  /** Issues a code; given a transaction (`executor`), inside it (the console audits the issue with it). */
  async issue(input: NewInvitation, executor: Db = this.db): Promise<InvitationView> {
    const invitation = validate(newInvitationSchema, input);
    let code = invitation.code;
    if (code) {
      if (await promoCodeIsTaken(executor, code)) throw new AppError('code_is_used', { code: 'code_is_used' });
    } else {
      do code = randomGroupedCode();
      while (await promoCodeIsTaken(executor, code));
    }
    await insertInvitation(executor, { ...invitation, code });
    return view((await findInvitation(executor, code))!);
  }

  async list(filter: { kind?: InvitationKind; limit?: number; backFrom?: number; search?: string } = {}): Promise<InvitationView[]> {
    return (await listInvitations(this.db, { kind: filter.kind, limit: filter.limit ?? 100, backFrom: filter.backFrom, search: filter.search })).map(view);
  }

  async byCode(code: string, executor: Db = this.db): Promise<InvitationView | undefined> {
    const row = await findInvitation(executor, normalizeInvitationCode(code));
    return row && view(row);
  }

  async byId(id: number, executor: Db = this.db): Promise<InvitationView | undefined> {
    const row = await findInvitationById(executor, id);
    return row && view(row);
  }

  /** Revokes the code with this id (the console); answers whether it was still unrevoked. */
  revokeById(id: number, executor: Db = this.db): Promise<boolean> {
    return revokeInvitationById(executor, id);
  }

  /** Answers whether an active code was revoked. */
  revoke(code: string): Promise<boolean> {
    return revokeInvitation(this.db, normalizeInvitationCode(code));
  }

  /** A free personal promo code for a new account (the partner program's). */
  async newPromoCode(trx: Db): Promise<string> {
    let code: string;
    do code = randomGroupedCode();
    while (await promoCodeIsTaken(trx, code));
    return code;
  }

  /** Checks a code typed at a registration of this kind; refuses with the reason on the `code` field. */
  async check(code: string, kind: InvitationKind): Promise<InvitationGrant> {
    const invitation = await findInvitation(this.db, code);
    if (invitation && invitation.kind === kind) {
      const status = statusOf(invitation);
      if (status === 'active') return { type: 'code', id: invitation.id };
      throw refusal(status === 'used' ? 'code_is_used' : 'code_is_expired');
    }
    if (!invitation && kind === 'client') {
      const inviterId = await findPromoOwner(this.db, code);
      if (inviterId !== undefined) return { type: 'promo', inviterId };
    }
    throw refusal('code_is_incorrect');
  }

  /**
   * Counts the use at the end of the registration, inside its transaction. A code used up, expired or
   * revoked since it was checked refuses the registration; a promo owner gone since leaves no inviter.
   */
  async redeem(trx: Db, grant: InvitationGrant): Promise<{ invitationCodeId: number | null; invitedBy: number | null }> {
    if (grant.type === 'promo') {
      const exists = await findUserById(trx, grant.inviterId);
      return { invitationCodeId: null, invitedBy: exists ? grant.inviterId : null };
    }
    if (await countInvitationUse(trx, grant.id)) return { invitationCodeId: grant.id, invitedBy: null };
    const row = await findInvitationUsage(trx, grant.id);
    throw refusal(row && row.max_uses !== null && row.use_count >= row.max_uses ? 'code_is_used' : 'code_is_expired');
  }
}

function refusal(code: 'code_is_used' | 'code_is_expired' | 'code_is_incorrect'): AppError {
  return new AppError(code, { code });
}
