/**
 * Outgoing mail (decisions 6, DESIGN "outside parts"): through an SMTP server when SMTP_URL is set,
 * otherwise into the server log (one line naming the recipient and the code) and the mail_outbox table,
 * so a fresh install works with no mail server and the operator can still read the codes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import { OutboxMailer } from './outbox.js';
import { SmtpMailer } from './smtp.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The code the mail carries, named in the log line of the outbox path. */
  code?: string;
  /** Extra header lines (List-Unsubscribe and the like). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailConfig {
  smtpUrl: string | null;
  mailFrom: string;
  /** Production keeps no live code in the outbox (issue 35 K5). */
  isProduction?: boolean;
}

/** The part of a logger the outbox needs (pino's, Fastify's, or a console wrapper in the CLI). */
export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export function createMailer(config: MailConfig, db: Db, log: MailLog): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom, log) : new OutboxMailer(db, log, config.isProduction ?? false);
}
