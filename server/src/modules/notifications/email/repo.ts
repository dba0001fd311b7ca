/** The email rows of the outbox (channel 'email' of notification_deliveries), claimed a person at a time. */
import { DIGEST_KIND } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { ClaimedDelivery } from '../repo.js';

export interface EmailDelivery extends ClaimedDelivery {
  /** Seen in the app's list already: the mail need not tell it again. */
  dateViewed: Date | null;
}

/** The first key of the advisory locks that make one process at a time claim a person's email rows. */
const EMAIL_LOCK_CLASS = 7_215_011;

const DUE = sql`((d.status = 'pending' AND d.next_attempt_at <= now()) OR (d.status = 'sending' AND d.lease_until < now()))`;

export interface EmailClaimOptions {
  /** People per claim. */
  people: number;
  leaseSeconds: number;
  /** A person's chat messages wait until none has come for this long (the digest's quiet period). */
  quietSeconds: number;
}

/**
 * Claims the due email rows of up to `people` people, each person's rows together, for one mail each.
 * A person's events are due at once; their chat messages once the newest of them is older than the
 * quiet period. A person is claimed under a transaction-scoped advisory lock, so two processes never
 * split one person's rows into two mails; the rows then carry a lease (status `sending`) until settled,
 * like the rest of the outbox.
 */
export async function claimDueEmails(db: Db, options: EmailClaimOptions): Promise<EmailDelivery[][]> {
  return db.transaction().execute(async (trx) => {
    const quietOver = sql`coalesce(max(d.created_at) FILTER (WHERE n.kind = ${DIGEST_KIND}) <= now() - make_interval(secs => ${options.quietSeconds}), false)`;
    const candidates = await sql<{ userId: number; chatReady: boolean }>`
      SELECT n.user_id AS "userId", ${quietOver} AS "chatReady"
      FROM notification_deliveries AS d
      JOIN notifications AS n ON n.id = d.notification_id
      WHERE d.channel = 'email' AND d.status IN ('pending', 'sending') AND ${DUE}
      GROUP BY n.user_id
      HAVING bool_or(n.kind <> ${DIGEST_KIND}) OR ${quietOver}
      ORDER BY min(d.id)
      LIMIT ${options.people}`.execute(trx);
    const claimed: EmailDelivery[][] = [];
    for (const candidate of candidates.rows) {
      const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${EMAIL_LOCK_CLASS}, ${candidate.userId}) AS locked`.execute(trx);
      if (!lock.rows[0]?.locked) continue;
      // Read again under the lock: another process may have claimed the rows since the look above.
      const rows = await sql<EmailDelivery>`
        UPDATE notification_deliveries AS d
        SET status = 'sending', attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ${options.leaseSeconds})
        FROM notifications AS n
        WHERE n.id = d.notification_id AND n.user_id = ${candidate.userId} AND d.channel = 'email' AND ${DUE}
          AND (n.kind <> ${DIGEST_KIND} OR ${candidate.chatReady}::boolean)
        RETURNING d.id, d.channel, d.attempts, n.id AS "notificationId", n.user_id AS "userId", n.kind, n.payload,
          n.task_id AS "taskId", n.project_id AS "projectId", n.date_viewed AS "dateViewed"`.execute(trx);
      if (rows.rows.length > 0) claimed.push(rows.rows.sort((a, b) => a.id - b.id));
    }
    return claimed;
  });
}
