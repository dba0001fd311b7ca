import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { InvitationKind } from '../../db/schema.js';

export interface InvitationRow {
  id: number;
  code: string;
  kind: InvitationKind;
  maxUses: number | null;
  useCount: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  note: string | null;
  createdAt: Date;
  issuerEmail: string | null;
  issuerId: number | null;
  issuerFirstname: string | null;
  issuerLastname: string | null;
  /** Evaluated by the database clock, the one every server process shares. */
  isExpired: boolean;
}

function selectInvitations(db: Db) {
  return db
    .selectFrom('invitation_codes as i')
    .leftJoin('users as u', 'u.id', 'i.issued_by')
    .select([
      'i.id',
      'i.code',
      'i.kind',
      'i.max_uses as maxUses',
      'i.use_count as useCount',
      'i.expires_at as expiresAt',
      'i.revoked_at as revokedAt',
      'i.note',
      'i.created_at as createdAt',
      'u.email as issuerEmail',
      'u.id as issuerId',
      'u.firstname as issuerFirstname',
      'u.lastname as issuerLastname',
    ])
    .select(sql<boolean>`coalesce(i.expires_at <= now(), false)`.as('isExpired'));
}

export function findInvitation(db: Db, code: string): Promise<InvitationRow | undefined> {
  return selectInvitations(db)
    .where(sql<string>`upper(i.code)`, '=', code.toUpperCase())
    .executeTakeFirst();
}

export function findInvitationById(db: Db, id: number): Promise<InvitationRow | undefined> {
  return selectInvitations(db).where('i.id', '=', id).executeTakeFirst();
}

/** Newest first; `backFrom` pages on (ids below it), `search` matches the code or the note. */
export function listInvitations(db: Db, filter: { kind?: InvitationKind; limit: number; backFrom?: number; search?: string }): Promise<InvitationRow[]> {
  let query = selectInvitations(db).orderBy('i.id', 'desc').limit(filter.limit);
  if (filter.kind) query = query.where('i.kind', '=', filter.kind);
  if (filter.backFrom !== undefined) query = query.where('i.id', '<', filter.backFrom);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(i.code)`, 'like', pattern), eb(sql`lower(coalesce(i.note, ''))`, 'like', pattern)]));
  }
  return query.execute();
}

/** Revokes the code with this id if it is not revoked yet; answers whether it was. */
export async function revokeInvitationById(db: Db, id: number): Promise<boolean> {
  const row = await db
    .updateTable('invitation_codes')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInvitation(
  db: Db,
  invitation: { code: string; kind: InvitationKind; maxUses: number | null; expiresAt: Date | null; issuedBy: number | null; note: string | null },
): Promise<number> {
  const row = await db
    .insertInto('invitation_codes')
    .values({
      code: invitation.code,
      kind: invitation.kind,
      max_uses: invitation.maxUses,
      expires_at: invitation.expiresAt,
      issued_by: invitation.issuedBy,
      note: invitation.note,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Counts one use if the code is still good; answers whether it was. Atomic: two last uses cannot both win. */
/** How much of a code's allowance is used: why a redemption was refused. */
export function findInvitationUsage(db: Db, id: number): Promise<{ max_uses: number | null; use_count: number } | undefined> {
  return db.selectFrom('invitation_codes').select(['max_uses', 'use_count']).where('id', '=', id).executeTakeFirst();
}

export async function countInvitationUse(db: Db, id: number): Promise<boolean> {
  const row = await db
    .updateTable('invitation_codes')
    .set({ use_count: sql`use_count + 1` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('use_count', '<', eb.ref('max_uses'))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeInvitation(db: Db, code: string): Promise<boolean> {
  const row = await db
    .updateTable('invitation_codes')
    .set({ revoked_at: sql`now()` })
    .where(sql<string>`upper(code)`, '=', code.toUpperCase())
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The user whose partner-program promo code this is. */
export async function findPromoOwner(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`upper(promo_code)`, '=', code.toUpperCase())
    .executeTakeFirst();
  return row?.id;
}

export async function promoCodeIsTaken(db: Db, code: string): Promise<boolean> {
  const [promo, invitation] = await Promise.all([findPromoOwner(db, code), findInvitation(db, code)]);
  return promo !== undefined || invitation !== undefined;
}
