import type { Db } from '../../db/connection.js';
import type { MailLog, MailMessage, Mailer } from './mailer.js';

export interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  createdAt: Date;
}

/** What a redacted outbox keeps in place of a code. */
export const REDACTED_CODE = '[code redacted]';

/**
 * No SMTP server: the mail is kept in mail_outbox and named in one log line. `redactCodes` (production,
 * which runs without SMTP only with ALLOW_NO_SMTP=1, issue 35 K5): the outbox keeps no live code, in
 * its code column, subject or body, since a database dump or backup must not sign anyone in; the log
 * line is then the one place the operator reads it. Development and tests read codes from the outbox.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: Pick<MailLog, 'info'>,
    private readonly redactCodes = false,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const hide = (text: string) => (this.redactCodes && message.code ? text.split(message.code).join(REDACTED_CODE) : text);
    await this.db
      .insertInto('mail_outbox')
      .values({ recipient: message.to, subject: hide(message.subject), body: hide(message.text), code: this.redactCodes ? null : (message.code ?? null) })
      .execute();
    const what = message.code ? `code ${message.code}` : `"${message.subject}"`;
    this.log.info({ mailTo: message.to, mailCode: message.code }, `mail to ${message.to}: ${what} (no SMTP_URL: kept in the outbox)`);
  }

  async close(): Promise<void> {}
}

/** The newest mails first, optionally to one recipient. */
export async function readOutbox(db: Db, options: { to?: string; limit: number }): Promise<OutboxMail[]> {
  let query = db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.to) query = query.where((eb) => eb(eb.fn('lower', ['recipient']), '=', options.to!.toLowerCase()));
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, recipient: row.recipient, subject: row.subject, body: row.body, code: row.code, createdAt: row.created_at }));
}
